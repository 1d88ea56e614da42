// Numeric coercion and promotion with Zed's rules (runtime/sam/expr/coerce at
// v1.18.0): Go's type-ID classes, reading any number as int64, uint64 or
// float64 as Go's conversions do, the promotion table for mixed arithmetic,
// and the coercing equality that ==, `in` and search use.

import { parseGoBool, parseGoFloat } from '../../util/strconv.js';
import { bytesEqual, decodeUtf8 } from '../../util/utf8.js';
import {
  ID,
  TypeUint64,
  Value,
  decodeFloat,
  decodeInt,
  decodeIntNumber,
  decodeUint,
  decodeUintNumber,
  primitivesById,
  readElement,
  underlying,
  type Type,
  type UnionType,
} from '../../zed/index.js';

// Go's ID classes (type.go). Unlike src/zed's isNumber, Zed counts duration
// and time as signed numbers, so they take part in arithmetic and compare
// numerically; decimals and 128/256-bit types do not exist here.

export function isNumberId(id: number): boolean {
  return id <= ID.float64;
}
export function isFloatId(id: number): boolean {
  return id >= ID.float16 && id <= ID.float64;
}
export function isSignedId(id: number): boolean {
  return id >= ID.int8 && id <= ID.time;
}
export function isUnsignedId(id: number): boolean {
  return id <= ID.uint64;
}
/** Go's IsInteger: the unsigned and signed integer IDs, not duration or time. */
export function isIntegerId(id: number): boolean {
  return id <= ID.int64;
}

const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);
const TWO63 = 2 ** 63;
const TWO64 = 2 ** 64;

const el = { start: 0, end: 0 };

/** The member value of a union value (Zed's TypeUnion.Untag). */
export function untag(u: UnionType, body: Uint8Array | null): Value {
  if (body === null) return new Value(u, null);
  let off = readElement(body, 0, body.length, el);
  const tag = el.start < 0 ? 0 : decodeIntNumber(body, el.start, el.end);
  const member = u.types[tag];
  if (member === undefined) throw new RangeError(`union tag ${tag} out of range`);
  off = readElement(body, off, body.length, el);
  return new Value(member, el.start < 0 ? null : body.subarray(el.start, el.end));
}

/**
 * Zed's Value.Under: strips named types and untags unions, repeatedly. A null
 * union stays a null of the union type (Zed would loop forever on it).
 */
export function under(v: Value): Value {
  const k = v.type.kind;
  if (k !== 'named' && k !== 'union') return v;
  let t: Type = v.type;
  let b = v.bytes;
  for (;;) {
    const u = underlying(t);
    if (u.kind !== 'union' || b === null) return new Value(u, b);
    const m = untag(u, b);
    t = m.type;
    b = m.bytes;
  }
}

/** Go's int64(f) on amd64: truncation, with NaN and out-of-range giving MinInt64. */
export function floatToInt64(f: number): bigint {
  if (!(f > -TWO63 - 1025 && f < TWO63)) return MIN_INT64;
  return BigInt(Math.trunc(f));
}

/** Go's uint64(f) on amd64 for the values it defines; others give 1<<63. */
export function floatToUint64(f: number): bigint {
  if (f >= 0 && f < TWO64) return BigInt(Math.trunc(f));
  if (f < 0 && f > -TWO63 - 1025) return BigInt.asUintN(64, BigInt(Math.trunc(f)));
  return 1n << 63n;
}

/** strconv.ParseInt(s, 10, 64). */
export function parseInt64(s: string): bigint | null {
  if (!/^[+-]?[0-9]+$/.test(s)) return null;
  const v = BigInt(s);
  return v > MAX_INT64 || v < MIN_INT64 ? null : v;
}

/** strconv.ParseUint(s, 10, 64). */
export function parseUint64(s: string): bigint | null {
  if (!/^[0-9]+$/.test(s)) return null;
  const v = BigInt(s);
  return v >= 1n << 64n ? null : v;
}

// Readers of primitive bodies by (underlying) ID. Null bodies read as zero,
// as Zed's decoders do.

export function bodyAsFloat(id: number, b: Uint8Array | null): number {
  if (b === null) return 0;
  if (isFloatId(id)) return decodeFloat(b);
  if (isSignedId(id)) return b.length <= 6 ? decodeIntNumber(b) : Number(decodeInt(b));
  return b.length <= 6 ? decodeUintNumber(b) : Number(decodeUint(b));
}

export function bodyAsInt(id: number, b: Uint8Array | null): bigint {
  if (b === null) return 0n;
  if (isFloatId(id)) return floatToInt64(decodeFloat(b));
  if (isSignedId(id)) return decodeInt(b);
  return BigInt.asIntN(64, decodeUint(b));
}

export function bodyAsUint(id: number, b: Uint8Array | null): bigint {
  if (b === null) return 0n;
  if (isFloatId(id)) return floatToUint64(decodeFloat(b));
  if (isSignedId(id)) return BigInt.asUintN(64, decodeInt(b));
  return decodeUint(b);
}

/** coerce.ToFloat: numbers and numeric strings, after Under; null when not coercible. */
export function toFloat(v: Value): number | null {
  v = under(v);
  const id = v.type.id;
  if (isNumberId(id)) return bodyAsFloat(id, v.bytes);
  if (id === ID.string) return v.bytes === null ? null : (parseGoFloat(decodeUtf8(v.bytes)) ?? null);
  return null;
}

/** coerce.ToInt: numbers (floats truncate, uint64 wraps) and base-10 integer strings. */
export function toInt(v: Value): bigint | null {
  v = under(v);
  const id = v.type.id;
  if (isNumberId(id)) return bodyAsInt(id, v.bytes);
  if (id === ID.string) return v.bytes === null ? null : parseInt64(decodeUtf8(v.bytes));
  return null;
}

/** coerce.ToUint: as toInt, but negative signed values do not coerce. */
export function toUint(v: Value): bigint | null {
  v = under(v);
  const id = v.type.id;
  if (isSignedId(id)) {
    const x = bodyAsInt(id, v.bytes);
    return x < 0n ? null : x;
  }
  if (isNumberId(id)) return bodyAsUint(id, v.bytes);
  if (id === ID.string) return v.bytes === null ? null : parseUint64(decodeUtf8(v.bytes));
  return null;
}

/** coerce.ToBool: strconv.ParseBool of strings, else nonzero numbers. */
export function toBool(v: Value): boolean | null {
  v = under(v);
  if (v.type.id === ID.string) return v.bytes === null ? null : (parseGoBool(decodeUtf8(v.bytes)) ?? null);
  const n = toInt(v);
  return n === null ? null : n !== 0n;
}

/** Go's promoteFloat / promoteInt tables indexed by ID (uint8..float64). */
const promoteFloat = [
  ID.float16, ID.float16, ID.float32, ID.float64, -1, -1,
  ID.float16, ID.float16, ID.float32, ID.float64, -1, -1,
  ID.float64, ID.float64, ID.float16, ID.float32, ID.float64,
];
const promoteInt = [ID.int8, ID.int16, ID.int32, ID.int64];

export const PROMOTE_INCOMPATIBLE = 'incompatible types';
export const PROMOTE_OVERFLOW = 'integer overflow: uint64 value too large for int64';

export type Promotion = Type | typeof PROMOTE_INCOMPATIBLE | typeof PROMOTE_OVERFLOW;

/**
 * coerce.Promote over Under'd operands: the type arithmetic on `a` and `b`
 * computes in. Equal types promote to themselves (strings, records, ...);
 * null gives way to the other type; otherwise both must be numbers: a float
 * wins over integers (widened by promoteFloat), a signed integer turns an
 * unsigned one signed (if its value fits int64), and the higher ID wins.
 */
export function promote(a: Value, b: Value): Promotion {
  const ta = a.type;
  const tb = b.type;
  if (ta === tb) return ta;
  let aid = ta.id;
  let bid = tb.id;
  if (aid === ID.null) return tb;
  if (bid === ID.null) return ta;
  if (!isNumberId(aid) || !isNumberId(bid)) return PROMOTE_INCOMPATIBLE;
  if (isFloatId(aid)) {
    if (!isFloatId(bid)) bid = promoteFloat[bid]!;
  } else if (isFloatId(bid)) {
    aid = promoteFloat[aid]!;
  } else if (isSignedId(aid)) {
    if (isUnsignedId(bid)) {
      if (bodyAsUint(bid, b.bytes) > MAX_INT64) return PROMOTE_OVERFLOW;
      bid = promoteInt[bid]!;
    }
  } else if (isSignedId(bid)) {
    if (isUnsignedId(aid)) {
      if (bodyAsUint(aid, a.bytes) > MAX_INT64) return PROMOTE_OVERFLOW;
      aid = promoteInt[aid]!;
    }
  }
  return primitivesById[aid > bid ? aid : bid]!;
}

/** Zed's enumToIndex: an enum operand of ==, != and arithmetic is its uint64 index. */
export function enumToIndex(v: Value): Value {
  return v.type.kind === 'enum' ? new Value(TypeUint64, v.bytes) : v;
}

/**
 * coerce.Equal over (type, body) pairs: nulls equal only nulls; numbers of
 * any types compare by value (floats as float64, a negative signed never
 * equals an unsigned); anything else needs the same (underlying) type and
 * equal bytes. Named types are looked through; unions are not.
 */
export function equalBodies(ta: Type, a: Uint8Array | null, tb: Type, b: Uint8Array | null): boolean {
  if (a === null) return b === null;
  if (b === null) return false;
  const aid = underlying(ta).id;
  const bid = underlying(tb).id;
  if (!isNumberId(aid) || !isNumberId(bid)) return aid === bid && bytesEqual(a, b);
  if (isFloatId(aid)) return decodeFloat(a) === bodyAsFloat(bid, b);
  if (isFloatId(bid)) return decodeFloat(b) === bodyAsFloat(aid, a);
  const sa = isSignedId(aid);
  const sb = isSignedId(bid);
  if (sa === sb) {
    if (a.length <= 6 && b.length <= 6) {
      return sa ? decodeIntNumber(a) === decodeIntNumber(b) : decodeUintNumber(a) === decodeUintNumber(b);
    }
    return sa ? decodeInt(a) === decodeInt(b) : decodeUint(a) === decodeUint(b);
  }
  const s = sa ? decodeInt(a) : decodeInt(b);
  const u = sa ? decodeUint(b) : decodeUint(a);
  return s >= 0n && s === u;
}

export function coerceEqual(a: Value, b: Value): boolean {
  return equalBodies(a.type, a.bytes, b.type, b.bytes);
}
