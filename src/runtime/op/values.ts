// Value helpers the operators share: Zed's error values (the expression
// runtime's, re-exported), Value.Under and TypeRecordOf.

import { ErrorMaker, isMissing, isQuiet } from '../expr/errors.js';
import {
  TypeBool,
  Value,
  decodeIntNumber,
  readElement,
  underlying,
  type RecordType,
  type Type,
} from '../../zed/index.js';

export { isMissing, isQuiet };

/** True for a non-null bool (under any names) that is true: Zed's EvalBool success with val.Bool(). */
export function isTrue(v: Value): boolean {
  return underlying(v.type) === TypeBool && v.bytes !== null && v.bytes.length > 0 && v.bytes[0] !== 0;
}

/** The operators' error values: the expression runtime's ErrorMaker, one per type context. */
export { ErrorMaker as ErrorValues };

/** Zed's TypeRecordOf: the record under any names, or null. */
export function recordTypeOf(t: Type): RecordType | null {
  const u = underlying(t);
  return u.kind === 'record' ? u : null;
}

const el = { start: 0, end: 0 };

/**
 * Zed's Value.Under: strips named types and untags unions repeatedly. A null
 * union stays a null of the union type.
 */
export function valueUnder(v: Value): Value {
  let t: Type = v.type;
  let b = v.bytes;
  for (;;) {
    const u = underlying(t);
    if (u.kind !== 'union' || b === null) {
      return u === v.type && b === v.bytes ? v : new Value(u, b);
    }
    const off = readElement(b, 0, b.length, el);
    const tag = el.start < 0 ? 0 : decodeIntNumber(b, el.start, el.end);
    const inner = u.types[tag];
    if (inner === undefined) return new Value(u, b);
    readElement(b, off, b.length, el);
    t = inner;
    b = el.start < 0 ? null : b.subarray(el.start, el.end);
  }
}
