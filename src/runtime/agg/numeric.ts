// The numeric conversions the aggregates need, after Zed's
// runtime/sam/expr/coerce (ToFloat, ToInt, Promote). Kept private to agg
// until src/runtime/expr/coerce.ts lands; 64-bit integers are numbers while
// they are safe integers and bigints beyond.

import {
  ID,
  Value,
  decodeFloat,
  decodeInt,
  decodeIntNumber,
  decodeUint,
  decodeUintNumber,
  type PrimitiveType,
} from '../../zed/index.js';
import { parseGoFloat } from '../../util/strconv.js';
import { valueUnder } from './values.js';

/** An int64 or uint64: a number when it is a safe integer, else a bigint. */
export type Int = number | bigint;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = -MAX_SAFE;
const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);

export function normInt(x: bigint): Int {
  return x >= MIN_SAFE && x <= MAX_SAFE ? Number(x) : x;
}

export function readIntBody(b: Uint8Array): Int {
  return b.length <= 6 ? decodeIntNumber(b) : normInt(decodeInt(b));
}

export function readUintBody(b: Uint8Array): Int {
  return b.length <= 6 ? decodeUintNumber(b) : normInt(decodeUint(b));
}

/** Go's int64(x) of a uint64 (wraps above 2^63-1). */
export function uintToInt(x: Int): Int {
  return typeof x === 'number' ? x : normInt(BigInt.asIntN(64, x));
}

/** Go's float64(x) of an integer (round to nearest even, as Number(bigint) does). */
export function intToFloat(x: Int): number {
  return typeof x === 'number' ? x : Number(x);
}

/** Go's int64(f) on amd64: truncation, and the "integer indefinite" MinInt64 when out of range. */
export function floatToInt(f: number): Int {
  // -2^63 itself converts exactly to MinInt64 too.
  if (!(f > -9223372036854775808 && f < 9223372036854775808)) return MIN_INT64;
  const t = Math.trunc(f);
  return Number.isSafeInteger(t) ? t : BigInt(t);
}

function isFloatId(id: number): boolean {
  return id >= ID.float16 && id <= ID.float256;
}

function isSignedId(id: number): boolean {
  return id >= ID.int8 && id <= ID.time;
}

function isUnsignedId(id: number): boolean {
  return id <= ID.uint256;
}

// coerce/promote.go promoteFloat and promoteInt, indexed by type ID (0..22).
const PROMOTE_FLOAT = [14, 14, 15, 16, 17, 18, 14, 14, 15, 16, 17, 18, 16, 16, 14, 15, 16, 17, 18, 15, 16, 17, 18];
const PROMOTE_INT = [6, 7, 8, 9, 10, 11, 6, 7, 8, 9, 10, 11, 9, 9, 14, 15, 16, 17, 18, 19, 20, 21, 22];

function uintAbove63(b: Uint8Array | null): boolean {
  if (b === null || b.length < 8) return false;
  return decodeUint(b) > MAX_INT64;
}

/**
 * coerce.Promote(null of type `aid`, v): the type ID that a running value of
 * type `aid` and `v` combine to, or -1 when they are incompatible (non-numbers)
 * or an unsigned value above 2^63-1 meets a signed one.
 */
export function promote(aid: number, v: Value): number {
  let t = v.type;
  let b = v.bytes;
  if (t.kind !== 'primitive') {
    const u = valueUnder(v);
    if (u.type.kind !== 'primitive') return -1;
    t = u.type;
    b = u.bytes;
  }
  let bid = t.id;
  if (aid === bid || bid === ID.null) return aid;
  if (aid > ID.decimal256 || bid > ID.decimal256) return -1;
  if (isFloatId(aid)) {
    if (!isFloatId(bid)) bid = PROMOTE_FLOAT[bid]!;
  } else if (isFloatId(bid)) {
    aid = PROMOTE_FLOAT[aid]!;
  } else if (isSignedId(aid)) {
    if (isUnsignedId(bid)) {
      if (uintAbove63(b)) return -1;
      bid = PROMOTE_INT[bid]!;
    }
  } else if (isSignedId(bid)) {
    // `a` is a null here, so its value never overflows.
    if (isUnsignedId(aid)) aid = PROMOTE_INT[aid]!;
  }
  return aid > bid ? aid : bid;
}

/** Zed's primitive value after Under, or null when it is not a primitive. */
function primitiveUnder(v: Value): Value | null {
  const u = v.type.kind === 'primitive' ? v : valueUnder(v);
  return u.type.kind === 'primitive' ? u : null;
}

/**
 * coerce.ToFloat: numbers (durations and times included) and strings that
 * strconv.ParseFloat accepts; undefined otherwise. A null number is 0, as in Zed.
 */
export function toFloat(v: Value): number | undefined {
  const u = primitiveUnder(v);
  if (u === null) return undefined;
  const id = (u.type as PrimitiveType).id;
  const b = u.bytes;
  if (isUnsignedId(id)) return b === null ? 0 : intToFloat(readUintBody(b));
  if (isSignedId(id)) return b === null ? 0 : intToFloat(readIntBody(b));
  if (isFloatId(id)) return b === null ? 0 : decodeFloat(b);
  if (id === ID.string) return parseGoFloat(u.asString());
  return undefined;
}

/** coerce.ToInt for numbers (the only inputs the math aggregates give it). */
export function toInt(v: Value): Int | undefined {
  const u = primitiveUnder(v);
  if (u === null) return undefined;
  const id = (u.type as PrimitiveType).id;
  const b = u.bytes;
  if (b === null) return isUnsignedId(id) || isSignedId(id) || isFloatId(id) ? 0 : undefined;
  if (isUnsignedId(id)) return uintToInt(readUintBody(b));
  if (isSignedId(id)) return readIntBody(b);
  if (isFloatId(id)) return floatToInt(decodeFloat(b));
  return undefined;
}

/** coerce.ToUint for unsigned and non-negative signed numbers. */
export function toUint(v: Value): Int | undefined {
  const u = primitiveUnder(v);
  if (u === null) return undefined;
  const id = (u.type as PrimitiveType).id;
  const b = u.bytes;
  if (isUnsignedId(id)) return b === null ? 0 : readUintBody(b);
  if (isSignedId(id)) {
    const x = b === null ? 0 : readIntBody(b);
    return x < 0 ? undefined : x;
  }
  return undefined;
}
