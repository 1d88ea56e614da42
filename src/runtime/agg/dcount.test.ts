import { describe, expect, it } from 'vitest';
import { TypeContext, newInt64, type Value } from '../../zed/index.js';
import { formatValue, parseZsonValue } from '../../zson/index.js';
import { Sketch } from './hyperloglog.js';
import { metroHash64 } from './metro-hash.js';
import { lookupAggregate } from './registry.js';

const M64 = (1n << 64n) - 1n;

/** A direct BigInt transcription of go-metro's Hash64, to check the 32-bit-halves version. */
function metroRef(b: Uint8Array, seed: bigint): bigint {
  const [k0, k1, k2, k3] = [0xd6d018f5n, 0xa2aa033bn, 0x62992fc1n, 0x30bc5b29n];
  const rot = (v: bigint, k: bigint): bigint => ((v >> k) | (v << (64n - k))) & M64;
  const mul = (a: bigint, c: bigint): bigint => (a * c) & M64;
  const add = (a: bigint, c: bigint): bigint => (a + c) & M64;
  const le = (off: number, n: number): bigint => {
    let x = 0n;
    for (let i = n - 1; i >= 0; i--) x = (x << 8n) | BigInt(b[off + i]!);
    return x;
  };
  let p = 0;
  let n = b.length;
  let hash = mul(add(seed, k2), k0);
  if (n >= 32) {
    const v = [hash, hash, hash, hash];
    while (n >= 32) {
      v[0] = add(rot(add(v[0]!, mul(le(p, 8), k0)), 29n), v[2]!);
      v[1] = add(rot(add(v[1]!, mul(le(p + 8, 8), k1)), 29n), v[3]!);
      v[2] = add(rot(add(v[2]!, mul(le(p + 16, 8), k2)), 29n), v[0]!);
      v[3] = add(rot(add(v[3]!, mul(le(p + 24, 8), k3)), 29n), v[1]!);
      p += 32;
      n -= 32;
    }
    v[2] = v[2]! ^ mul(rot(add(mul(add(v[0]!, v[3]!), k0), v[1]!), 37n), k1);
    v[3] = v[3]! ^ mul(rot(add(mul(add(v[1]!, v[2]!), k1), v[0]!), 37n), k0);
    v[0] = v[0]! ^ mul(rot(add(mul(add(v[0]!, v[2]!), k0), v[3]!), 37n), k1);
    v[1] = v[1]! ^ mul(rot(add(mul(add(v[1]!, v[3]!), k1), v[2]!), 37n), k0);
    hash = add(hash, v[0]! ^ v[1]!);
  }
  if (n >= 16) {
    let v0 = mul(rot(add(hash, mul(le(p, 8), k2)), 29n), k3);
    let v1 = mul(rot(add(hash, mul(le(p + 8, 8), k2)), 29n), k3);
    v0 ^= add(rot(mul(v0, k0), 21n), v1);
    v1 ^= add(rot(mul(v1, k3), 21n), v0);
    hash = add(hash, v1);
    p += 16;
    n -= 16;
  }
  if (n >= 8) {
    hash = add(hash, mul(le(p, 8), k3));
    p += 8;
    n -= 8;
    hash ^= mul(rot(hash, 55n), k1);
  }
  if (n >= 4) {
    hash = add(hash, mul(le(p, 4), k3));
    hash ^= mul(rot(hash, 26n), k1);
    p += 4;
    n -= 4;
  }
  if (n >= 2) {
    hash = add(hash, mul(le(p, 2), k3));
    p += 2;
    n -= 2;
    hash ^= mul(rot(hash, 48n), k1);
  }
  if (n >= 1) {
    hash = add(hash, mul(le(p, 1), k3));
    hash ^= mul(rot(hash, 37n), k1);
  }
  hash ^= rot(hash, 28n);
  hash = mul(hash, k0);
  hash ^= rot(hash, 29n);
  return hash;
}

function metro(b: Uint8Array, seed: number): bigint {
  const out = { hi: 0, lo: 0 };
  metroHash64(b, b.length, seed, out);
  return (BigInt(out.hi) << 32n) | BigInt(out.lo);
}

describe('metroHash64', () => {
  it('matches go-metro test vectors', () => {
    const key = new TextEncoder().encode('012345678901234567890123456789012345678901234567890123456789012');
    expect(metro(key, 0).toString(16)).toBe('ad4b7006ae3d756b');
    expect(metro(key, 1).toString(16)).toBe('dfb8b9f41c480d3b');
  });

  it('agrees with a BigInt transcription on every length up to 100', () => {
    let x = 7;
    for (let len = 0; len <= 100; len++) {
      const b = new Uint8Array(len);
      for (let i = 0; i < len; i++) {
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        b[i] = x >>> 24;
      }
      expect(metro(b, 1337), `length ${len}`).toBe(metroRef(b, 1337n));
    }
  });
});

function dcount(values: Value[]): number {
  const a = lookupAggregate('dcount')!.make();
  for (const v of values) a.consume(v);
  return a.result(new TypeContext()).asUintNumber();
}

function ints(from: number, to: number): Value[] {
  const out: Value[] = [];
  for (let i = from; i <= to; i++) out.push(newInt64(i));
  return out;
}

describe('dcount', () => {
  it('follows the docs examples', () => {
    const zctx = new TypeContext();
    const vals = (ss: string[]): Value[] => ss.map((s) => parseZsonValue(s, zctx));
    expect(dcount(vals(['1', '2', '2', '3']))).toBe(3);
    expect(dcount(vals(['1', '"foo"', '10.0.0.1']))).toBe(3);
    // docs/language/aggregates/dcount.md: `seq 10000 | zq 'dcount(this)'`
    expect(dcount(ints(1, 10000))).toBe(9987);
  });

  it('streams its estimate', () => {
    const zctx = new TypeContext();
    const a = lookupAggregate('dcount')!.make();
    const out = ['1', '2', '2', '3'].map((s) => {
      a.consume(parseZsonValue(s, zctx));
      return formatValue(a.result(zctx));
    });
    expect(out).toEqual(['1(uint64)', '2(uint64)', '2(uint64)', '3(uint64)']);
  });

  it('counts nulls of different types apart and equal values of different types apart', () => {
    const zctx = new TypeContext();
    const vals = (ss: string[]): Value[] => ss.map((s) => parseZsonValue(s, zctx));
    expect(dcount(vals(['null(uint64)', 'null(float64)', 'null(int64)', 'null(duration)', 'null(time)']))).toBe(5);
    expect(dcount(vals(['1(int32)', '1(int64)', '1(int64)']))).toBe(2);
  });

  it('is 0 with no input', () => {
    expect(dcount([])).toBe(0);
  });

  it('gives the estimates of axiomhq/hyperloglog at a4c4c47', () => {
    // Expected values from the Go package itself, fed the bytes Zed hashes.
    const want: [number, number][] = [
      [100, 100],
      [1000, 1000],
      [3000, 3000],
      [50000, 49688],
      [200000, 204241],
    ];
    for (const [n, est] of want) expect(dcount(ints(1, n)), `n=${n}`).toBe(est);
  });
});

describe('dcount partials', () => {
  function sketchOf(values: Value[]): Value {
    const a = lookupAggregate('dcount')!.make();
    for (const v of values) a.consume(v);
    return a.resultAsPartial(new TypeContext());
  }

  function merged(parts: Value[][]): number {
    const m = lookupAggregate('dcount')!.make();
    for (const p of parts) m.consumeAsPartial(sketchOf(p));
    return m.result(new TypeContext()).asUintNumber();
  }

  it('merges sparse, dense and mixed sketches to the single-sketch estimate', () => {
    const all = ints(1, 10000);
    const single = dcount(all);
    expect(merged([ints(1, 5000), ints(5001, 10000)])).toBe(single);
    expect(merged([ints(1, 100), ints(101, 10000)])).toBe(single);
    expect(merged([ints(1, 9900), ints(9901, 10000)])).toBe(single);
    expect(merged([ints(1, 10), ints(5, 20)])).toBe(20);
    // Dense with dense, checked against the Go package.
    expect(merged([ints(1, 150000), ints(100000, 300000)])).toBe(304888);
    expect(merged([[], ints(1, 3)])).toBe(3);
  });

  it('round-trips the binary form', () => {
    for (const n of [0, 5, 3000, 50000]) {
      const sk = new Sketch();
      for (let i = 0; i < n; i++) sk.insertHash((Math.imul(i, 0x9e3779b1) >>> 0) ^ 0x5bd1e995, Math.imul(i, 0x85ebca6b) >>> 0);
      const back = Sketch.unmarshal(sk.marshal());
      expect(back.estimate()).toBe(sk.estimate());
    }
  });

  it('rejects a partial of the wrong type', () => {
    const a = lookupAggregate('dcount')!.make();
    expect(() => a.consumeAsPartial(newInt64(1))).toThrow(/dcount: partial has bad type/);
  });
});
