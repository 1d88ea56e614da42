// Derived from Go's math package (BSD-3-Clause, © The Go Authors; FreeBSD msun).
// Go's math.Log and integer-exponent math.Pow (Go 1.21, which built Zed
// v1.18.0), so HyperLogLog estimates round exactly as Zed's do.

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
// Index of the high word on this (little-endian) platform.
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

const LN2_HI = 6.9314718036912381649e-1;
const LN2_LO = 1.90821492927058770002e-10;
const L1 = 6.66666666666673513e-1;
const L2 = 3.999999999940941908e-1;
const L3 = 2.857142874366239149e-1;
const L4 = 2.222219843214978396e-1;
const L5 = 1.818357216161805012e-1;
const L6 = 1.531383769920937332e-1;
const L7 = 1.479819860511658591e-1;

/** math.Log (log.go; log_amd64.s computes the same operations). */
export function goLog(x: number): number {
  if (x !== x || x === Infinity) return x;
  if (x < 0) return NaN;
  if (x === 0) return -Infinity;
  // Frexp: f1 in [0.5, 1) and x = f1 * 2^ki (subnormals scaled up first).
  let bias = 0x3fe;
  if (x < 2.2250738585072014e-308) {
    x *= 2 ** 52;
    bias += 52;
  }
  f64[0] = x;
  let ki = ((u32[HI]! >>> 20) & 0x7ff) - bias;
  u32[HI] = (u32[HI]! & 0x800fffff) | 0x3fe00000;
  let f1 = f64[0]!;
  if (f1 < Math.SQRT2 / 2) {
    f1 *= 2;
    ki--;
  }
  const f = f1 - 1;
  const k = ki;
  const s = f / (2 + f);
  const s2 = s * s;
  const s4 = s2 * s2;
  const t1 = s2 * (L1 + s4 * (L3 + s4 * (L5 + s4 * L7)));
  const t2 = s4 * (L2 + s4 * (L4 + s4 * L6));
  const r = t1 + t2;
  const hfsq = 0.5 * f * f;
  return k * LN2_HI - (hfsq - (s * (hfsq + r) + k * LN2_LO) - f);
}

/**
 * math.Pow(x, n) for finite x > 0 and a small positive integer n: Go 1.21
 * multiplies in successive squarings of x by the bits of n, lowest first
 * (on mantissas, which rounds the same as on x while nothing overflows).
 */
export function goPowInt(x: number, n: number): number {
  if (x === 0) return 0;
  let a = 1;
  let p = x;
  for (let i = n; i !== 0; i >>= 1) {
    if (i & 1) a *= p;
    p *= p;
  }
  return a;
}
