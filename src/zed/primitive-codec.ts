// Binary bodies of primitive values (docs/formats/zng.md §2.2.2): integers
// are minimal little-endian, signed ones folded to sign-magnitude (zcode's
// counted varints: 2n for n >= 0, 2(-n)+1 below, as zq writes them, although
// zng.md §2.2.2 describes zig-zag); floats are IEEE LE;
// time and duration are signed nanoseconds. Numbers are used where exact
// (|n| < 2^53); bigint where the full 64 bits are needed.

const f64 = new Float64Array(1);
const f64b = new Uint8Array(f64.buffer);
const f32 = new Float32Array(1);
const f32b = new Uint8Array(f32.buffer);
const f32u = new Uint32Array(f32.buffer);

const TWO64 = 1n << 64n;
const MASK64 = TWO64 - 1n;

// --- unsigned ---

/** Bytes in the body of unsigned `n` (0 <= n < 2^53): its minimal little-endian form. */
export function uintSize(n: number): number {
  // (Below 2^32, shifts; past it, division.)
  if (n >= 0 && n <= 0xffffffff) return n === 0 ? 0 : n < 0x100 ? 1 : n < 0x10000 ? 2 : n < 0x1000000 ? 3 : 4;
  let len = 4;
  for (let x = Math.floor(n / 0x100000000); x > 0; x = Math.floor(x / 256)) len++;
  return len;
}

/** Writes the body of unsigned `n` (0 <= n < 2^53) at out[at:]; returns where it ends. */
export function putUint(out: Uint8Array, at: number, n: number): number {
  if (n >= 0 && n <= 0xffffffff) {
    for (let x = n >>> 0; x !== 0; x >>>= 8) out[at++] = x & 0xff;
    return at;
  }
  for (let x = n; x > 0; x = Math.floor(x / 256)) out[at++] = x % 256;
  return at;
}

export function encodeUint(n: number | bigint): Uint8Array {
  // Negative numbers take the bigint path, which wraps them as Go's uint64(n) does.
  if (typeof n === 'number' && n >= 0 && n <= Number.MAX_SAFE_INTEGER) {
    const out = new Uint8Array(uintSize(n));
    putUint(out, 0, n);
    return out;
  }
  // The 64 bits as two 32-bit halves, written with number arithmetic.
  const x = BigInt(n) & MASK64;
  return uintOfHalves(Number(x >> 32n), Number(x & 0xffffffffn));
}

/** The minimal little-endian body of the unsigned value hi * 2^32 + lo (each half below 2^32). */
function uintOfHalves(hi: number, lo: number): Uint8Array {
  let len = 8;
  if (hi === 0) {
    len = 4;
    while (len > 0 && lo >>> (8 * (len - 1)) === 0) len--;
  } else {
    while (hi >>> (8 * (len - 5)) === 0) len--;
  }
  const out = new Uint8Array(len);
  for (let i = 0; i < len && i < 4; i++) out[i] = (lo >>> (8 * i)) & 0xff;
  for (let i = 4; i < len; i++) out[i] = (hi >>> (8 * (i - 4))) & 0xff;
  return out;
}

/** The low 32 bits of an unsigned body b[start:end] (at most 8 bytes), as a non-negative number. */
export function uintLow32(b: Uint8Array, start: number, end: number): number {
  let lo = 0;
  for (let i = Math.min(end, start + 4) - 1; i >= start; i--) lo = lo * 256 + b[i]!;
  return lo;
}

/** The high 32 bits of an unsigned body b[start:end] (at most 8 bytes). */
export function uintHigh32(b: Uint8Array, start: number, end: number): number {
  let hi = 0;
  for (let i = end - 1; i >= start + 4; i--) hi = hi * 256 + b[i]!;
  return hi;
}

/** Decodes an unsigned body as a number (exact below 2^53). */
export function decodeUintNumber(b: Uint8Array, start = 0, end = b.length): number {
  let n = 0;
  let mul = 1;
  for (let i = start; i < end; i++) {
    n += b[i]! * mul;
    mul *= 256;
  }
  return n;
}

export function decodeUint(b: Uint8Array, start = 0, end = b.length): bigint {
  if (end - start <= 6) return BigInt(decodeUintNumber(b, start, end));
  if (end - start <= 8) return (BigInt(uintHigh32(b, start, end)) << 32n) | BigInt(uintLow32(b, start, end));
  let n = 0n;
  for (let i = end - 1; i >= start; i--) n = (n << 8n) | BigInt(b[i]!);
  return n;
}

// --- signed (sign bit in bit 0, magnitude above it) ---

export function encodeInt(n: number | bigint): Uint8Array {
  if (typeof n === 'number' && Number.isSafeInteger(n) && Math.abs(n) < 2 ** 52) {
    return encodeUint(n >= 0 ? n * 2 : -n * 2 + 1);
  }
  const x = BigInt.asIntN(64, BigInt(n));
  // MinInt64 wraps to 1 (magnitude 0 with the sign bit), as Go's uint64(-i)<<1|1 does.
  const u = x >= 0n ? x << 1n : ((-x) << 1n) | 1n;
  return encodeUint(u & MASK64);
}

/** Decodes a signed body as a number (exact when |n| < 2^52). */
export function decodeIntNumber(b: Uint8Array, start = 0, end = b.length): number {
  if (end - start > 6) return Number(decodeInt(b, start, end));
  const u = decodeUintNumber(b, start, end);
  if (u % 2 === 0) return u / 2;
  return u === 1 ? -(2 ** 63) : -(u - 1) / 2;
}

export function decodeInt(b: Uint8Array, start = 0, end = b.length): bigint {
  if (end - start <= 6) {
    const u = decodeUintNumber(b, start, end);
    if (u % 2 === 0) return BigInt(u / 2);
    return u === 1 ? -(1n << 63n) : BigInt(-(u - 1) / 2);
  }
  if (end - start <= 8) {
    // The magnitude is the 64 bits shifted right by one, the sign bit 0.
    const hi = uintHigh32(b, start, end);
    const lo = uintLow32(b, start, end);
    if (hi === 0 && lo === 1) return -(1n << 63n);
    const mag = (BigInt(Math.floor(hi / 2)) << 32n) | BigInt(Math.floor(lo / 2) + (hi % 2) * 2 ** 31);
    return lo % 2 === 0 ? mag : -mag;
  }
  const u = decodeUint(b, start, end);
  if ((u & 1n) === 0n) return u >> 1n;
  return u === 1n ? -(1n << 63n) : -(u >> 1n);
}

// --- floats ---

export function encodeFloat64(x: number): Uint8Array {
  f64[0] = x;
  return f64b.slice();
}

/** Writes the 8-byte body of float64 `x` at out[at:]. */
export function putFloat64(out: Uint8Array, at: number, x: number): void {
  f64[0] = x;
  out.set(f64b, at);
}

export function encodeFloat32(x: number): Uint8Array {
  f32[0] = x;
  return f32b.slice();
}

export function encodeFloat16(x: number): Uint8Array {
  const h = float32ToFloat16Bits(x);
  return Uint8Array.of(h & 0xff, h >> 8);
}

/** Decodes a float body of 2, 4 or 8 bytes. */
export function decodeFloat(b: Uint8Array, start = 0, end = b.length): number {
  switch (end - start) {
    case 8:
      for (let i = 0; i < 8; i++) f64b[i] = b[start + i]!;
      return f64[0]!;
    case 4:
      for (let i = 0; i < 4; i++) f32b[i] = b[start + i]!;
      return f32[0]!;
    case 2:
      return float16BitsToNumber(b[start]! | (b[start + 1]! << 8));
    case 0:
      return 0;
    default:
      throw new RangeError(`float body of ${end - start} bytes`);
  }
}

/** Rounds to the nearest float32 first, as Go's float16 package converts from float32. */
export function float32ToFloat16Bits(x: number): number {
  f32[0] = x;
  const bits = f32u[0]!;
  const sign = (bits >>> 16) & 0x8000;
  const exp = (bits >>> 23) & 0xff;
  let mant = bits & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant !== 0 ? 0x200 | (mant >>> 13) : 0);
  const e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00; // overflow to Inf
  if (e <= 0) {
    if (e < -10) return sign; // underflow to zero
    mant |= 0x800000;
    const shift = 14 - e;
    let h = mant >>> shift;
    const rem = mant & ((1 << shift) - 1);
    const half = 1 << (shift - 1);
    if (rem > half || (rem === half && (h & 1) !== 0)) h++;
    return sign | h;
  }
  let h = (e << 10) | (mant >>> 13);
  const rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem === 0x1000 && (h & 1) !== 0)) h++;
  return sign | h;
}

export function float16BitsToNumber(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 0x1f) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

/** Rounds `x` to the nearest float32 (as Go's float32 conversion). */
export function toFloat32(x: number): number {
  return Math.fround(x);
}

/** Rounds `x` to the nearest float16. */
export function toFloat16(x: number): number {
  return float16BitsToNumber(float32ToFloat16Bits(x));
}

// --- bool ---

const TRUE = Uint8Array.of(1);
const FALSE = Uint8Array.of(0);

export function encodeBool(b: boolean): Uint8Array {
  return b ? TRUE.slice() : FALSE.slice();
}

export function decodeBool(b: Uint8Array): boolean {
  return b.length > 0 && b[0] !== 0;
}

export function toUint64(n: bigint): bigint {
  return n & MASK64;
}
