// Signed integers as zq writes them (zcode counted varints): a regression
// test for the zig-zag encoding zng.md describes but Zed does not use.
import { describe, expect, it } from 'vitest';
import { TypeInt64, Value, compareValues, decodeInt, encodeInt } from './index.js';

const v = (n: bigint) => new Value(TypeInt64, encodeInt(n));

describe('signed integer bodies', () => {
  it('decode the bytes zq writes for negative numbers', () => {
    expect(decodeInt(Uint8Array.of(0x03))).toBe(-1n);
    expect(decodeInt(Uint8Array.of(0x01, 0x01))).toBe(-128n);
    expect(decodeInt(Uint8Array.of(0x01))).toBe(-(2n ** 63n));
  });

  it('order MinInt64 below every other int64, and negatives by magnitude', () => {
    const sorted = [-(2n ** 63n), -(2n ** 63n) + 1n, -300n, -2n, -1n, 0n, 1n, 2n ** 63n - 1n];
    for (let i = 0; i + 1 < sorted.length; i++) {
      expect(compareValues(v(sorted[i]!), v(sorted[i + 1]!))).toBe(-1);
      expect(compareValues(v(sorted[i + 1]!), v(sorted[i]!))).toBe(1);
    }
    expect(compareValues(v(-(2n ** 63n)), v(-(2n ** 63n)))).toBe(0);
  });
});
