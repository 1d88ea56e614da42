// Small value helpers the aggregates share: Zed's Value.Under (strip names and
// union wrappers), copies of retained values, and the missing/quiet tests.

import { bytesEqual, encodeUtf8 } from '../../util/utf8.js';
import { TypeString, Value, decodeIntNumber, readElement, underlying, type Type, type UnionType } from '../../zed/index.js';

const MISSING = encodeUtf8('missing');
const QUIET = encodeUtf8('quiet');

/** error("missing"), with the type exactly error(string) as Zed's IsMissing requires. */
export function isMissing(v: Value): boolean {
  const t = v.type;
  return t.kind === 'error' && t.type === TypeString && v.bytes !== null && bytesEqual(v.bytes, MISSING);
}

/** error("quiet"), under the same rule as isMissing. */
export function isQuiet(v: Value): boolean {
  const t = v.type;
  return t.kind === 'error' && t.type === TypeString && v.bytes !== null && bytesEqual(v.bytes, QUIET);
}

/** A value that owns its bytes (aggregates keep values past the batch they came in). */
export function copyValue(v: Value): Value {
  return v.bytes === null ? v : new Value(v.type, v.bytes.slice());
}

const el = { start: 0, end: 0 };

export interface Untagged {
  type: Type;
  bytes: Uint8Array | null;
}

/** Splits a non-null union body into the member type and its body (Zed's TypeUnion.Untag). */
export function untag(u: UnionType, body: Uint8Array, out: Untagged): void {
  let off = readElement(body, 0, body.length, el);
  const tag = el.start < 0 ? 0 : decodeIntNumber(body, el.start, el.end);
  const t = u.types[tag];
  if (t === undefined) throw new RangeError(`union tag ${tag} out of range`);
  off = readElement(body, off, body.length, el);
  out.type = t;
  out.bytes = el.start < 0 ? null : body.subarray(el.start, el.end);
}

const scratch: Untagged = { type: TypeString, bytes: null };

/**
 * Zed's Value.Under: strips named types and unwraps unions (repeatedly), so
 * the result has a non-named, non-union type. A null union stays a null of
 * the union type (Zed would loop forever on it).
 */
export function valueUnder(v: Value): Value {
  let t: Type = v.type;
  let b = v.bytes;
  for (;;) {
    const u = underlying(t);
    if (u.kind !== 'union' || b === null) {
      return u === v.type && b === v.bytes ? v : new Value(u, b);
    }
    untag(u, b, scratch);
    t = scratch.type;
    b = scratch.bytes;
  }
}

/**
 * collect_map's valueUnder: a value of a named non-union type keeps its
 * name; a union (named or not) is unwrapped as valueUnder does.
 */
export function valueUnderUnion(t: Type, b: Uint8Array | null): Value {
  const v = new Value(t, b);
  return underlying(t).kind === 'union' ? valueUnder(v) : v;
}
