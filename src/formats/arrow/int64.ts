// 64-bit integers between zcode and Arrow's little-endian words without
// BigInt on the hot path: zcode signed ints are |n|*2 + sign, minimal
// little-endian (src/zed/primitive-codec.ts); Arrow stores two's complement.
// Words are handled as a (lo, hi) pair of uint32 in a Uint32Array.

import type { Builder } from '../../zed/index.js';

const TWO32 = 4294967296;

/** Appends `u` (0 <= u < 2^53) as a zcode unsigned body. */
export function appendUintNumber(b: Builder, u: number): void {
  if (u < TWO32) {
    appendUint32(b, u);
    return;
  }
  let len = 0;
  for (let x = u; x > 0; x = Math.floor(x / 256)) len++;
  const at = b.appendBody(len);
  const buf = b.buf;
  for (let i = 0, x = u; i < len; i++, x = Math.floor(x / 256)) buf[at + i] = x % 256;
}

/** Appends the uint32 `x` as a zcode unsigned body (the common case, in shifts). */
function appendUint32(b: Builder, x: number): void {
  const len = x === 0 ? 0 : x < 0x100 ? 1 : x < 0x10000 ? 2 : x < 0x1000000 ? 3 : 4;
  const at = b.appendBody(len);
  const buf = b.buf;
  for (let i = 0; i < len; i++) buf[at + i] = (x >>> (8 * i)) & 0xff;
}

/** Appends a safe integer `n` (|n| < 2^52) as a zcode signed body. */
export function appendIntNumber(b: Builder, n: number): void {
  appendUintNumber(b, n >= 0 ? n * 2 : -n * 2 + 1);
}

/** Appends the uint64 (lo, hi) as a zcode unsigned body. */
export function appendUint64Words(b: Builder, lo: number, hi: number): void {
  if (hi === 0) {
    appendUint32(b, lo);
    return;
  }
  if (hi < 0x200000) {
    appendUintNumber(b, hi * TWO32 + lo);
    return;
  }
  const at = b.appendBody(8 - leadingZeroBytes(hi, 4));
  writeWords(b.buf, at, lo, hi);
}

/** Appends the two's complement int64 (lo, hi) as a zcode signed body. */
export function appendInt64Words(b: Builder, lo: number, hi: number): void {
  let neg = 0;
  if (hi >= 0x80000000 || hi < 0) {
    // Negate to the magnitude; MinInt64 stays 2^63 and shifts out to u = 1.
    neg = 1;
    lo = (~lo + 1) >>> 0;
    hi = (~hi + (lo === 0 ? 1 : 0)) >>> 0;
  }
  const uhi = ((hi << 1) | (lo >>> 31)) >>> 0;
  const ulo = ((lo << 1) | neg) >>> 0;
  appendUint64Words(b, ulo, uhi);
}

function leadingZeroBytes(hi: number, max: number): number {
  let n = 0;
  for (let shift = 24; n < max && ((hi >>> shift) & 0xff) === 0; shift -= 8) n++;
  return n;
}

function writeWords(buf: Uint8Array, at: number, lo: number, hi: number): void {
  const n = 8 - leadingZeroBytes(hi, 4);
  for (let i = 0; i < 4; i++) buf[at + i] = (lo >>> (8 * i)) & 0xff;
  for (let i = 4; i < n; i++) buf[at + i] = (hi >>> (8 * (i - 4))) & 0xff;
}

/**
 * Reads the zcode unsigned body buf[start:end] (at most 8 bytes are used, as
 * Go's uint64 conversion keeps the low 64 bits) into out[at] (lo), out[at+1] (hi).
 */
export function uintBodyToWords(buf: Uint8Array, start: number, end: number, out: Uint32Array, at: number): void {
  let lo = 0;
  let hi = 0;
  const n = end - start < 8 ? end - start : 8;
  const m = n < 4 ? n : 4;
  for (let i = 0; i < m; i++) lo |= buf[start + i]! << (8 * i);
  for (let i = 4; i < n; i++) hi |= buf[start + i]! << (8 * (i - 4));
  out[at] = lo;
  out[at + 1] = hi;
}

/** Reads the zcode signed body buf[start:end] as a two's complement int64 into out[at], out[at+1]. */
export function intBodyToWords(buf: Uint8Array, start: number, end: number, out: Uint32Array, at: number): void {
  uintBodyToWords(buf, start, end, out, at);
  const ulo = out[at]!;
  const uhi = out[at + 1]!;
  const neg = ulo & 1;
  let lo = ((ulo >>> 1) | (uhi << 31)) >>> 0;
  let hi = uhi >>> 1;
  if (neg) {
    if (lo === 0 && hi === 0) {
      hi = 0x80000000; // u = 1: MinInt64
    } else {
      lo = (~lo + 1) >>> 0;
      hi = (~hi + (lo === 0 ? 1 : 0)) >>> 0;
    }
  }
  out[at] = lo;
  out[at + 1] = hi;
}

/** The number value of a zcode unsigned body of at most 6 bytes. */
export function smallUint(buf: Uint8Array, start: number, end: number): number {
  let n = 0;
  let mul = 1;
  for (let i = start; i < end; i++) {
    n += buf[i]! * mul;
    mul *= 256;
  }
  return n;
}

/** The number value of a zcode signed body of at most 6 bytes. */
export function smallInt(buf: Uint8Array, start: number, end: number): number {
  const u = smallUint(buf, start, end);
  if (u % 2 === 0) return u / 2;
  return u === 1 ? -(2 ** 63) : -(u - 1) / 2;
}
