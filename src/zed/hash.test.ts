import { describe, expect, it } from 'vitest';
import { TypeContext } from './context.js';
import { equalTuples, equalValues } from './equal.js';
import { ValueMap, groupKey, hashBytes, hashTuple, hashValue } from './hash.js';
import { newInt, newInt64, newString } from './make.js';
import { TypeInt32, TypeInt64, TypeString } from './types.js';
import { Value } from './value.js';

const str = (s: string) => newString(s);
const at = (bytes: number[], off: number) => {
  // The same body as a view at an offset in a larger buffer.
  const buf = new Uint8Array(bytes.length + off + 3).fill(0xee);
  buf.set(bytes, off);
  return buf.subarray(off, off + bytes.length);
};

describe('equalValues', () => {
  it('requires the identical type and equal bytes', () => {
    expect(equalValues(newInt64(1), newInt64(1))).toBe(true);
    expect(equalValues(newInt64(1), newInt(TypeInt32, 1))).toBe(false);
    expect(equalValues(newInt64(1), newInt64(2))).toBe(false);
    expect(equalValues(new Value(TypeString, at([104, 105], 5)), str('hi'))).toBe(true);
    const ctx = new TypeContext();
    expect(equalValues(new Value(ctx.lookupNamed('n', TypeString), str('a').bytes), str('a'))).toBe(false);
  });

  it('treats nulls as equal only within one type and never equal to empty bodies', () => {
    expect(equalValues(new Value(TypeInt64, null), new Value(TypeInt64, null))).toBe(true);
    expect(equalValues(new Value(TypeInt64, null), new Value(TypeString, null))).toBe(false);
    expect(equalValues(new Value(TypeString, null), str(''))).toBe(false);
    expect(equalValues(str(''), new Value(TypeString, null))).toBe(false);
  });

  it('equalTuples compares element-wise and by length', () => {
    expect(equalTuples([str('a'), newInt64(1)], [str('a'), newInt64(1)])).toBe(true);
    expect(equalTuples([str('a')], [str('a'), newInt64(1)])).toBe(false);
    expect(equalTuples([], [])).toBe(true);
  });
});

describe('hashing', () => {
  it('hashBytes is 32-bit FNV-1a', () => {
    expect(hashBytes(new Uint8Array(0))).toBe(0x811c9dc5);
    expect(hashBytes(new TextEncoder().encode('a'))).toBe(0xe40c292c);
    expect(hashBytes(new TextEncoder().encode('foobar'))).toBe(0xbf9cf968);
  });

  it('hashes equal values equally wherever their bytes live', () => {
    expect(hashValue(new Value(TypeString, at([1, 2, 3], 7)))).toBe(hashValue(new Value(TypeString, Uint8Array.of(1, 2, 3))));
    expect(hashValue(new Value(TypeInt64, null))).toBe(hashValue(new Value(TypeInt64, null)));
    const h = hashValue(str('x'));
    expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
  });

  it('spreads small integer keys evenly over a power-of-two table', () => {
    const buckets = new Int32Array(256);
    for (let i = 0; i < 256 * 64; i++) buckets[hashValue(newInt64(i)) & 255]!++;
    expect(Math.max(...buckets)).toBeLessThan(64 * 2);
    expect(Math.min(...buckets)).toBeGreaterThan(64 / 2);
  });

  it('separates types, nulls, empty bodies and tuple boundaries', () => {
    const hs = [
      hashValue(newInt64(1)),
      hashValue(newInt(TypeInt32, 1)),
      hashValue(new Value(TypeString, null)),
      hashValue(str('')),
      hashValue(new Value(TypeInt64, null)),
      hashTuple([str('ab'), str('')]),
      hashTuple([str('a'), str('b')]),
      hashTuple([str('b'), str('a')]),
      hashTuple([str('ab')]),
    ];
    expect(new Set(hs).size).toBe(hs.length);
  });
});

describe('groupKey', () => {
  it('is equal for equal tuples and distinct otherwise', () => {
    expect(groupKey([str('hi'), newInt64(5)])).toBe(groupKey([new Value(TypeString, at([104, 105], 3)), newInt64(5)]));
    const keys = [
      [str('ab'), str('')],
      [str('a'), str('b')],
      [str('ab')],
      [new Value(TypeString, Uint8Array.of(1))],
      [new Value(TypeString, Uint8Array.of(1, 0))],
      [new Value(TypeString, null)],
      [str('')],
      [new Value(TypeInt64, null)],
      [newInt64(1)],
      [newInt(TypeInt32, 1)],
      [],
    ].map(groupKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('handles long bodies', () => {
    const big = new Uint8Array(100_001).map((_, i) => i & 0xff);
    const k1 = groupKey([new Value(TypeString, big)]);
    const k2 = groupKey([new Value(TypeString, big.slice())]);
    expect(k1).toBe(k2);
    big[100_000] = 1;
    expect(groupKey([new Value(TypeString, big)])).not.toBe(k1);
  });
});

describe('ValueMap', () => {
  it('stores, finds and overwrites tuple keys, in insertion order', () => {
    const m = new ValueMap<number>();
    for (let i = 0; i < 5000; i++) m.set([str(`k${i % 1000}`), newInt64(i % 3)], i);
    expect(m.size).toBe(3000);
    expect(m.get([str('k7'), newInt64(4999 % 3)])).toBeDefined();
    expect(m.get([str('k7'), newInt(TypeInt32, 1)])).toBeUndefined();
    expect(m.has([str('k999'), newInt64(2)])).toBe(true);
    const first = m.entries().next().value!;
    expect(first[0][0]!.asString()).toBe('k0');
    expect(first[1]).toBe(3000);
  });

  it('copies keys on insert so callers can reuse buffers', () => {
    const m = new ValueMap<string>();
    const buf = Uint8Array.of(97, 98);
    m.set([new Value(TypeString, buf)], 'ab');
    buf[0] = 122;
    expect(m.get([str('ab')])).toBe('ab');
    expect(m.get([str('zb')])).toBeUndefined();
  });

  it('getOrInsert makes a value only once per key', () => {
    const m = new ValueMap<{ n: number }>();
    let made = 0;
    for (let i = 0; i < 100; i++) {
      m.getOrInsert([newInt64(i % 10)], () => ({ n: made++ })).n;
    }
    expect(made).toBe(10);
    expect(m.getOrInsert([newInt64(3)], () => ({ n: -1 })).n).toBe(3);
    m.clear();
    expect(m.size).toBe(0);
    expect(m.get([newInt64(3)])).toBeUndefined();
  });

  it('keeps keys whose hashes collide apart', () => {
    // Find two distinct strings with the same 32-bit hash (birthday bound: ~2^16 tries).
    let seed = 7;
    const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0).toString(36);
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; pair === null && i < 1_000_000; i++) {
      const s = `k${rand()}${rand()}`;
      const h = hashTuple([str(s)]);
      const prev = seen.get(h);
      if (prev !== undefined && prev !== s) pair = [prev, s];
      else seen.set(h, s);
    }
    expect(pair).not.toBeNull();
    const [a, b] = pair!;
    expect(hashTuple([str(a)])).toBe(hashTuple([str(b)]));
    const m = new ValueMap<string>();
    m.set([str(a)], a);
    m.set([str(b)], b);
    expect(m.size).toBe(2);
    expect(m.get([str(a)])).toBe(a);
    expect(m.get([str(b)])).toBe(b);
    expect(groupKey([str(a)])).not.toBe(groupKey([str(b)]));
  });
});
