// Value.Under for the text writers: strips named types and untags unions
// (recursively) so a value prints as its concrete member.

import { FormatError } from '../../errors/index.js';
import { decodeIntNumber, readElement, underlying, type Type } from '../../zed/index.js';

/** A value's concrete type and body. */
export interface Concrete {
  type: Exclude<Type, { kind: 'named' }>;
  bytes: Uint8Array | null;
}

const el = { start: 0, end: 0 };

/** The concrete member of a value of type `t` with body `bytes`; a null stays a null of its type. */
export function concrete(t: Type, bytes: Uint8Array | null): Concrete {
  let u = underlying(t);
  while (u.kind === 'union' && bytes !== null) {
    const off = readElement(bytes, 0, bytes.length, el);
    if (el.start < 0) throw new FormatError('Union value has a null tag');
    const tag = decodeIntNumber(bytes, el.start, el.end);
    const m = u.types[tag];
    if (m === undefined) throw new FormatError(`Union tag ${tag} out of range`);
    readElement(bytes, off, bytes.length, el);
    bytes = el.start < 0 ? null : bytes.subarray(el.start, el.end);
    u = underlying(m);
  }
  return { type: u, bytes };
}
