// Zed's total order over values, used by sort, merge, compare() and the lake's
// pool-key order. The rules follow compareValues in runtime/sam/expr/sort.go
// and compareNumbers in runtime/sam/expr/eval.go at v1.18.0.

import { compareBytes } from '../util/utf8.js';
import { TypeContext } from './context.js';
import { decodeFloat, decodeInt, decodeIntNumber, decodeUint, decodeUintNumber } from './primitive-codec.js';
import { compareTypes } from './type-order.js';
import { readElement } from './zcode.js';
import { ID, underlying, type Type } from './types.js';
import type { Value } from './value.js';

export interface CompareOptions {
  /** Nulls sort after every other value (the default) or, when false, before. */
  readonly nullsMax?: boolean;
}

export type ValueComparator = (a: Value, b: Value) => number;

// Zed's IsNumber covers every integer and float ID and also duration and time
// (IDs up to decimal256), so times, durations and numbers compare numerically
// with one another. This differs from types.ts isNumber, which excludes them.
function isNumeric(id: number): boolean {
  return id <= ID.float64;
}

function isFloatId(id: number): boolean {
  return id >= ID.float16 && id <= ID.float64;
}

function isSignedId(id: number): boolean {
  return id >= ID.int8 && id <= ID.time;
}

/** Go's cmp.Compare on floats: NaN is below everything else and equals NaN; -0 equals +0. */
export function compareFloats(x: number, y: number): number {
  if (x < y) return -1;
  if (x > y) return 1;
  if (x === y) return 0;
  const xn = x !== x;
  const yn = y !== y;
  return xn ? (yn ? 0 : -1) : 1;
}

/** Compares minimal (or zero-padded) little-endian unsigned bodies without decoding them. */
function compareUintBodies(a: Uint8Array, b: Uint8Array): number {
  let la = a.length;
  while (la > 0 && a[la - 1] === 0) la--;
  let lb = b.length;
  while (lb > 0 && b[lb - 1] === 0) lb--;
  if (la !== lb) return la < lb ? -1 : 1;
  for (let i = la - 1; i >= 0; i--) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Compares signed bodies without decoding: bit 0 is the sign and the bits
 * above it the magnitude, so among negatives a larger body is a smaller
 * number. The body 0x01 (magnitude 0 with the sign) is MinInt64.
 */
function compareIntBodies(a: Uint8Array, b: Uint8Array): number {
  const na = a.length > 0 && (a[0]! & 1) === 1;
  const nb = b.length > 0 && (b[0]! & 1) === 1;
  if (na !== nb) return na ? -1 : 1;
  if (na) {
    const ma = isMinInt64(a);
    const mb = isMinInt64(b);
    if (ma || mb) return ma === mb ? 0 : ma ? -1 : 1;
  }
  const c = compareUintBodies(a, b);
  return na ? -c : c;
}

function isMinInt64(b: Uint8Array): boolean {
  if (b[0] !== 1) return false;
  for (let i = 1; i < b.length; i++) if (b[i] !== 0) return false;
  return true;
}

function toFloat(id: number, b: Uint8Array): number {
  if (isFloatId(id)) return decodeFloat(b);
  if (isSignedId(id)) return decodeIntNumber(b);
  // Number(bigint) rounds once, as Go's float64(uint64) does.
  return b.length <= 6 ? decodeUintNumber(b) : Number(decodeUint(b));
}

function compareNumbers(ida: number, a: Uint8Array, idb: number, b: Uint8Array): number {
  if (isFloatId(ida)) return compareFloats(decodeFloat(a), toFloat(idb, b));
  if (isFloatId(idb)) return compareFloats(toFloat(ida, a), decodeFloat(b));
  const sa = isSignedId(ida);
  const sb = isSignedId(idb);
  if (sa === sb) return sa ? compareIntBodies(a, b) : compareUintBodies(a, b);
  if (sa) {
    const x = decodeInt(a);
    if (x < 0n) return -1;
    const y = decodeUint(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const y = decodeInt(b);
  if (y < 0n) return 1;
  const x = decodeUint(a);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** netip.Addr.Compare: IPv4 (4 bytes) before IPv6 (16 bytes), then by address. */
function compareIPs(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return Math.sign(compareBytes(a, b));
}

/** Compares two type values as the types they encode (decoded in a scratch context, as Zed does). */
function compareTypeValues(a: Uint8Array, b: Uint8Array): number {
  if (a.length === b.length && compareBytes(a, b) === 0) return 0;
  const zctx = new TypeContext();
  let ta: Type;
  let tb: Type;
  try {
    ta = zctx.decodeTypeValue(a);
    tb = zctx.decodeTypeValue(b);
  } catch {
    // A malformed type value has no type to order by; the byte order still
    // keeps the comparison total (Zed would compare nil types and panic).
    return Math.sign(compareBytes(a, b));
  }
  return compareTypes(ta, tb);
}

function compareArrays(elem: Type, a: Uint8Array, b: Uint8Array, nullsMax: boolean): number {
  const ea = { start: 0, end: 0 };
  const eb = { start: 0, end: 0 };
  let ia = 0;
  let ib = 0;
  for (;;) {
    if (ia >= a.length) return ib >= b.length ? 0 : -1;
    if (ib >= b.length) return 1;
    ia = readElement(a, ia, a.length, ea);
    ib = readElement(b, ib, b.length, eb);
    const c = compareBodies(
      elem,
      ea.start < 0 ? null : a.subarray(ea.start, ea.end),
      elem,
      eb.start < 0 ? null : b.subarray(eb.start, eb.end),
      nullsMax,
    );
    if (c !== 0) return c;
  }
}

/**
 * The core of compareValues over (type, body) pairs, so container elements
 * need no Value objects.
 */
export function compareBodies(ta: Type, a: Uint8Array | null, tb: Type, b: Uint8Array | null, nullsMax: boolean): number {
  if (a === null) return b === null ? 0 : nullsMax ? 1 : -1;
  if (b === null) return nullsMax ? -1 : 1;
  const ua = underlying(ta);
  const ub = underlying(tb);
  // Zed takes a named type's ID from its underlying type, so names play no
  // part unless the underlying types differ.
  const ida = ua.id;
  const idb = ub.id;
  if (ua.kind === 'primitive' && ub.kind === 'primitive' && isNumeric(ida) && isNumeric(idb)) {
    return compareNumbers(ida, a, idb, b);
  }
  if (ua !== ub) return compareTypes(ta, tb);
  switch (ua.kind) {
    case 'primitive':
      switch (ida) {
        case ID.bool: {
          const x = a.length > 0 && a[0] !== 0;
          const y = b.length > 0 && b[0] !== 0;
          return x === y ? 0 : x ? 1 : -1;
        }
        case ID.bytes:
        case ID.string:
          // Go compares strings bytewise, which is UTF-8 code point order.
          return Math.sign(compareBytes(a, b));
        case ID.ip:
          return compareIPs(a, b);
        case ID.type:
          return compareTypeValues(a, b);
      }
      break;
    case 'array':
    case 'set':
      return compareArrays(ua.elem, a, b, nullsMax);
  }
  // Nets, records, maps, unions, enums and errors: their zcode bytes (tags
  // included), as Zed does; this is total but not structural.
  return Math.sign(compareBytes(a, b));
}

/**
 * Zed's total order over values; returns -1, 0 or +1 (what compare() yields).
 *
 * - Nulls of any type equal one another and sort last (first when nullsMax is false).
 * - Integers, floats, durations and times of any types compare numerically:
 *   floats against other numbers as float64, NaN below -Inf, -0 equal to +0;
 *   a negative signed value is below every unsigned value.
 * - Otherwise values of different types order by compareTypes, so numbers <
 *   bool < bytes < string < ip < net < type < records < arrays < sets < maps
 *   < unions < enums < errors.
 * - Same type: false < true; bytes and strings bytewise; IPv4 < IPv6; type
 *   values by compareTypes; arrays and sets element by element, shorter first;
 *   anything else by its zcode bytes.
 */
export function compareValues(a: Value, b: Value, opts?: CompareOptions): number {
  return compareBodies(a.type, a.bytes, b.type, b.bytes, opts?.nullsMax ?? true);
}

type BodyComparator = (a: Uint8Array, b: Uint8Array) => number;

function bodyComparatorFor(t: Type): BodyComparator | null {
  const u = underlying(t);
  if (u.kind !== 'primitive') return null;
  const id = u.id;
  if (isFloatId(id)) return (a, b) => compareFloats(decodeFloat(a), decodeFloat(b));
  if (isSignedId(id)) return compareIntBodies;
  if (id <= ID.uint64) return compareUintBodies;
  switch (id) {
    case ID.string:
    case ID.bytes:
      return (a, b) => Math.sign(compareBytes(a, b));
    case ID.bool:
      return (a, b) => {
        const x = a.length > 0 && a[0] !== 0;
        const y = b.length > 0 && b[0] !== 0;
        return x === y ? 0 : x ? 1 : -1;
      };
    case ID.ip:
      return compareIPs;
    case ID.net:
      return (a, b) => Math.sign(compareBytes(a, b));
  }
  return null;
}

/**
 * A comparator that agrees with compareValues and is fast when both values
 * have type `t` exactly (the usual case for a sort key): it skips the type
 * dispatch and compares bodies directly. Values of other types take the
 * general path.
 */
export function comparatorFor(t: Type, opts?: CompareOptions): ValueComparator {
  const nullsMax = opts?.nullsMax ?? true;
  const body = bodyComparatorFor(t);
  if (body === null) return (a, b) => compareBodies(a.type, a.bytes, b.type, b.bytes, nullsMax);
  const nullSign = nullsMax ? 1 : -1;
  return (a, b) => {
    const x = a.bytes;
    const y = b.bytes;
    if (a.type !== t || b.type !== t) return compareBodies(a.type, x, b.type, y, nullsMax);
    if (x === null) return y === null ? 0 : nullSign;
    if (y === null) return -nullSign;
    return body(x, y);
  };
}
