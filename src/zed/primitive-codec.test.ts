import { describe, expect, it } from 'vitest';
import {
  decodeBool,
  decodeFloat,
  decodeInt,
  decodeIntNumber,
  decodeUint,
  decodeUintNumber,
  encodeBool,
  encodeFloat16,
  encodeFloat32,
  encodeFloat64,
  encodeInt,
  encodeUint,
  float16BitsToNumber,
  putUint,
  uintSize,
  float32ToFloat16Bits,
  toFloat16,
  toFloat32,
  toUint64,
} from './primitive-codec.js';

const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');

describe('unsigned integers', () => {
  it('encode minimal little-endian bodies', () => {
    expect(hex(encodeUint(0))).toBe('');
    expect(hex(encodeUint(1))).toBe('01');
    expect(hex(encodeUint(255))).toBe('ff');
    expect(hex(encodeUint(256))).toBe('0001');
    expect(hex(encodeUint(65535))).toBe('ffff');
    expect(hex(encodeUint(2 ** 32))).toBe('0000000001');
    expect(hex(encodeUint(Number.MAX_SAFE_INTEGER))).toBe('ffffffffffff1f');
    expect(hex(encodeUint(2 ** 53))).toBe('00000000000020');
    expect(hex(encodeUint(2n ** 64n - 1n))).toBe('ffffffffffffffff');
  });

  it('round-trip the bounds of every width', () => {
    for (const n of [0n, 1n, 255n, 256n, 65535n, 65536n, 2n ** 32n - 1n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 63n, 2n ** 64n - 1n]) {
      const b = encodeUint(n);
      expect(decodeUint(b)).toBe(n);
      if (n <= 2n ** 53n) expect(decodeUintNumber(b)).toBe(Number(n));
    }
  });

  it('size and write bodies in place on both sides of 2^32 as the bigint form does', () => {
    const out = new Uint8Array(16);
    const ns = [0, 1, 255, 256, 65535, 65536, 2 ** 24 - 1, 2 ** 24, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 3, 2 ** 53 - 1];
    for (let k = 0; k < 200; k++) ns.push(Math.floor(Math.random() * 2 ** (1 + (k % 53))));
    for (const n of ns) {
      let ref = '';
      for (let x = BigInt(n); x > 0n; x >>= 8n) ref += (x & 0xffn).toString(16).padStart(2, '0');
      out.fill(0xaa);
      const end = putUint(out, 3, n);
      expect(end - 3).toBe(uintSize(n));
      expect(hex(out.subarray(3, end))).toBe(ref);
      expect(out[end]).toBe(0xaa);
    }
  });

  it('wrap negative and oversized inputs to 64 bits as Go does', () => {
    expect(encodeUint(-1)).toEqual(encodeUint(2n ** 64n - 1n));
    expect(encodeUint(-1n)).toEqual(encodeUint(2n ** 64n - 1n));
    expect(encodeUint(2n ** 64n + 5n)).toEqual(encodeUint(5));
    expect(toUint64(-2n)).toBe(2n ** 64n - 2n);
  });

  it('decode sub-ranges of a buffer', () => {
    const buf = Uint8Array.of(9, 0x34, 0x12, 9);
    expect(decodeUintNumber(buf, 1, 3)).toBe(0x1234);
    expect(decodeUint(buf, 1, 3)).toBe(0x1234n);
    expect(decodeUint(buf, 1, 1)).toBe(0n);
  });
});

describe('signed integers', () => {
  it('fold signs into bit 0 with the magnitude above, as zq writes them', () => {
    // zcode's counted varints (not the zig-zag zng.md describes): 2n, or 2(-n)+1.
    const cases: [number, string][] = [
      [0, ''],
      [-1, '03'],
      [1, '02'],
      [-2, '05'],
      [63, '7e'],
      [-63, '7f'],
      [64, '80'],
    ];
    for (const [n, h] of cases) expect(hex(encodeInt(n)), String(n)).toBe(h);
    expect(hex(encodeInt(127))).toBe('fe');
    expect(hex(encodeInt(-127))).toBe('ff');
    expect(hex(encodeInt(-128))).toBe('0101');
    expect(hex(encodeInt(128))).toBe('0001');
  });

  it('round-trip int8, int16, int32 and int64 bounds', () => {
    const bounds = [
      [-(2n ** 7n), 2n ** 7n - 1n],
      [-(2n ** 15n), 2n ** 15n - 1n],
      [-(2n ** 31n), 2n ** 31n - 1n],
      [-(2n ** 63n), 2n ** 63n - 1n],
    ];
    for (const [lo, hi] of bounds) {
      for (const n of [lo!, lo! + 1n, -1n, 0n, 1n, hi! - 1n, hi!]) {
        const b = encodeInt(n);
        expect(decodeInt(b)).toBe(n);
        expect(decodeIntNumber(b)).toBe(Number(n));
        if (n >= -(2n ** 51n) && n < 2n ** 51n) expect(encodeInt(Number(n))).toEqual(b);
      }
    }
    expect(hex(encodeInt(2n ** 63n - 1n))).toBe('feffffffffffffff');
    // MinInt64 has no positive twin: Go's uint64(-i)<<1|1 wraps to 1.
    expect(hex(encodeInt(-(2n ** 63n)))).toBe('01');
    expect(hex(encodeInt(-(2n ** 63n) + 1n))).toBe('ffffffffffffffff');
  });

  it('agree between number and bigint paths around 2^52 and 2^53', () => {
    for (const n of [2 ** 52 - 1, 2 ** 52, 2 ** 52 + 1, 2 ** 53 - 1, -(2 ** 52), -(2 ** 52) - 1, -(2 ** 53) + 1]) {
      expect(encodeInt(n)).toEqual(encodeInt(BigInt(n)));
      expect(decodeInt(encodeInt(n))).toBe(BigInt(n));
      expect(decodeIntNumber(encodeInt(n))).toBe(n);
    }
  });

  it('wraps bigints outside int64 like Go', () => {
    expect(decodeInt(encodeInt(2n ** 63n))).toBe(-(2n ** 63n));
  });

  it('represents times before 1970 as negative nanoseconds', () => {
    const ns = -1_234_567_890_123_456_789n;
    expect(decodeInt(encodeInt(ns))).toBe(ns);
    expect(decodeInt(encodeInt(-1n))).toBe(-1n);
  });
});

describe('floats', () => {
  it('float64 keeps NaN, infinities, -0 and extremes', () => {
    expect(hex(encodeFloat64(1))).toBe('000000000000f03f');
    for (const x of [0, 1.5, -2.25, Number.MAX_VALUE, Number.MIN_VALUE, -Number.MIN_VALUE, Infinity, -Infinity, 0.1]) {
      expect(decodeFloat(encodeFloat64(x))).toBe(x);
    }
    expect(Number.isNaN(decodeFloat(encodeFloat64(NaN)))).toBe(true);
    expect(Object.is(decodeFloat(encodeFloat64(-0)), -0)).toBe(true);
  });

  it('float32 rounds to nearest, overflows to Inf and keeps subnormals', () => {
    expect(hex(encodeFloat32(1))).toBe('0000803f');
    expect(decodeFloat(encodeFloat32(0.1))).toBe(Math.fround(0.1));
    expect(decodeFloat(encodeFloat32(1e39))).toBe(Infinity);
    expect(decodeFloat(encodeFloat32(-1e39))).toBe(-Infinity);
    expect(decodeFloat(encodeFloat32(2 ** -149))).toBe(2 ** -149);
    expect(decodeFloat(encodeFloat32(2 ** -151))).toBe(0);
    expect(decodeFloat(encodeFloat32(3.4028234663852886e38))).toBe(3.4028234663852886e38);
    expect(Object.is(decodeFloat(encodeFloat32(-0)), -0)).toBe(true);
    expect(Number.isNaN(decodeFloat(encodeFloat32(NaN)))).toBe(true);
    expect(toFloat32(16777217)).toBe(16777216);
  });

  it('float16 encodes the well-known bit patterns', () => {
    const cases: [number, number][] = [
      [0, 0x0000],
      [-0, 0x8000],
      [1, 0x3c00],
      [-2, 0xc000],
      [0.5, 0x3800],
      [65504, 0x7bff],
      [65519, 0x7bff],
      [65520, 0x7c00],
      [1e6, 0x7c00],
      [Infinity, 0x7c00],
      [-Infinity, 0xfc00],
      [2 ** -14, 0x0400],
      [2 ** -24, 0x0001],
      [2 ** -25, 0x0000],
      [2 ** -25 * 1.5, 0x0001],
      [3 * 2 ** -25, 0x0002],
      [1 / 3, 0x3555],
      [2049, 0x6800],
      [2051, 0x6802],
    ];
    for (const [x, bits] of cases) {
      expect(float32ToFloat16Bits(x).toString(16), String(x)).toBe(bits.toString(16));
      expect(hex(encodeFloat16(x))).toBe(hex(Uint8Array.of(bits & 0xff, bits >> 8)));
    }
    const nan = float32ToFloat16Bits(NaN);
    expect(nan & 0x7c00).toBe(0x7c00);
    expect(nan & 0x3ff).not.toBe(0);
  });

  it('float16 decodes normals, subnormals, Inf and NaN', () => {
    expect(float16BitsToNumber(0x7bff)).toBe(65504);
    expect(float16BitsToNumber(0x0001)).toBe(2 ** -24);
    expect(float16BitsToNumber(0x03ff)).toBe(1023 * 2 ** -24);
    expect(float16BitsToNumber(0x7c00)).toBe(Infinity);
    expect(float16BitsToNumber(0xfc00)).toBe(-Infinity);
    expect(Number.isNaN(float16BitsToNumber(0x7e00))).toBe(true);
    expect(Object.is(float16BitsToNumber(0x8000), -0)).toBe(true);
    expect(decodeFloat(Uint8Array.of(0x00, 0x3c))).toBe(1);
    expect(toFloat16(0.1)).toBe(float16BitsToNumber(0x2e66));
  });

  it('float16 rounding matches nearest-even on every midpoint and random values', () => {
    // Reference: all finite non-negative halves in order (bit patterns 0..0x7bff are monotonic).
    const vals = Array.from({ length: 0x7c00 }, (_, h) => float16BitsToNumber(h));
    const ref = (x: number): number => {
      const f = Math.fround(x);
      const sign = f < 0 || Object.is(f, -0) ? 0x8000 : 0;
      const a = Math.abs(f);
      if (a >= 65520) return sign | 0x7c00;
      let lo = 0;
      let hi = vals.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (vals[mid]! <= a) lo = mid;
        else hi = mid - 1;
      }
      if (lo === vals.length - 1 || vals[lo] === a) return sign | lo;
      const dlo = a - vals[lo]!;
      const dhi = vals[lo + 1]! - a;
      if (dlo < dhi) return sign | lo;
      if (dhi < dlo) return sign | (lo + 1);
      return sign | (lo % 2 === 0 ? lo : lo + 1);
    };
    const bad: number[] = [];
    const check = (x: number) => {
      if (float32ToFloat16Bits(x) !== ref(x)) bad.push(x);
    };
    for (let h = 0; h < 0x7bff; h++) {
      const mid = (vals[h]! + vals[h + 1]!) / 2;
      check(mid);
      check(-mid);
      check(vals[h]!);
      if (float32ToFloat16Bits(vals[h]!) !== h) bad.push(vals[h]!);
    }
    let seed = 12345;
    const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let i = 0; i < 50000; i++) check((rand() * 2 - 1) * 2 ** Math.floor(rand() * 48 - 30));
    expect(bad).toEqual([]);
  });

  it('decodes an empty float body as 0 and rejects odd sizes', () => {
    expect(decodeFloat(new Uint8Array(0))).toBe(0);
    expect(() => decodeFloat(new Uint8Array(3))).toThrow(RangeError);
    const buf = Uint8Array.of(1, ...encodeFloat64(2.5), 1);
    expect(decodeFloat(buf, 1, 9)).toBe(2.5);
  });
});

describe('bool', () => {
  it('encodes as one byte and decodes empty as false', () => {
    expect([...encodeBool(true)]).toEqual([1]);
    expect([...encodeBool(false)]).toEqual([0]);
    expect(decodeBool(Uint8Array.of(1))).toBe(true);
    expect(decodeBool(Uint8Array.of(0))).toBe(false);
    expect(decodeBool(new Uint8Array(0))).toBe(false);
    // Each call returns a fresh array, so callers may not corrupt shared state.
    const t = encodeBool(true);
    t[0] = 0;
    expect([...encodeBool(true)]).toEqual([1]);
  });
});

describe('64-bit integers through two 32-bit halves', () => {
  // The reference: a body's bytes built and read one at a time with bigints.
  const body = (u: bigint): number[] => {
    const out: number[] = [];
    for (let x = u; x > 0n; x >>= 8n) out.push(Number(x & 0xffn));
    return out;
  };
  const read = (b: readonly number[]): bigint => b.reduceRight((n, x) => (n << 8n) | BigInt(x), 0n);
  const signed = (u: bigint): bigint => ((u & 1n) === 0n ? u >> 1n : u === 1n ? -(1n << 63n) : -(u >> 1n));

  it('encode, decode and read padded bodies as byte-at-a-time bigints do, at every length', () => {
    let seed = 5;
    const r = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const us = [0n, 1n, 2n, 3n, 0xffffffffn, 0x100000000n, (1n << 56n) - 1n, 1n << 56n, (1n << 63n) - 1n, 1n << 63n, (1n << 64n) - 1n];
    for (let i = 0; i < 20_000; i++) {
      let u = 0n;
      for (let k = Math.floor(r() * 9); k > 0; k--) u = (u << 8n) | BigInt(Math.floor(r() * 256));
      us.push(u);
    }
    for (const u of us) {
      expect({ u, b: [...encodeUint(u)] }).toEqual({ u, b: body(u) });
      expect({ u, d: decodeUint(Uint8Array.from(body(u))) }).toEqual({ u, d: u });
      // Not minimal: padded with zeros to 7 and 8 bytes.
      for (const len of [7, 8]) {
        const p = new Uint8Array(len);
        p.set(body(u).slice(0, len));
        if (body(u).length > len) continue;
        expect({ u, len, d: decodeUint(p), i: decodeInt(p) }).toEqual({ u, len, d: read([...p]), i: signed(read([...p])) });
      }
      const x = BigInt.asIntN(64, u);
      const zig = x >= 0n ? x << 1n : ((-x) << 1n) | 1n;
      expect({ x, b: [...encodeInt(x)] }).toEqual({ x, b: body(BigInt.asUintN(64, zig)) });
      expect({ x, d: decodeInt(encodeInt(x)) }).toEqual({ x, d: x });
    }
  });
});
