// The word-pair integer paths agree with the zcode codecs in src/zed on
// edge values (zero, sign boundaries, 2^32, 2^53, 2^63).
import { describe, expect, it } from 'vitest';
import { Builder, decodeInt, decodeUint, encodeInt, encodeUint } from '../../zed/index.js';
import { appendInt64Words, appendIntNumber, appendUint64Words, appendUintNumber, intBodyToWords, smallInt, uintBodyToWords } from './int64.js';

const ints = [0n, 1n, -1n, 127n, -128n, 255n, 256n, 2n ** 31n - 1n, -(2n ** 31n), 2n ** 32n, -(2n ** 32n) - 5n, 2n ** 53n + 1n, -(2n ** 53n), 2n ** 63n - 1n, -(2n ** 63n)];
const uints = [0n, 1n, 255n, 256n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 64n - 1n];

function words(v: bigint): [number, number] {
  const a = new BigUint64Array([BigInt.asUintN(64, v)]);
  const w = new Uint32Array(a.buffer);
  return [w[0]!, w[1]!];
}

function body(f: (b: Builder) => void): Uint8Array {
  const b = new Builder();
  f(b);
  return b.body()!;
}

describe('int64 words <-> zcode', () => {
  it('appends signed and unsigned words as encodeInt and encodeUint do', () => {
    for (const v of ints) expect(body((b) => appendInt64Words(b, ...words(v)))).toEqual(encodeInt(v));
    for (const v of uints) expect(body((b) => appendUint64Words(b, ...words(v)))).toEqual(encodeUint(v));
  });

  it('appends numbers as the codecs do', () => {
    for (const v of ints.filter((x) => x > -(2n ** 51n) && x < 2n ** 51n)) expect(body((b) => appendIntNumber(b, Number(v)))).toEqual(encodeInt(v));
    for (const v of uints.filter((x) => x < 2n ** 53n)) expect(body((b) => appendUintNumber(b, Number(v)))).toEqual(encodeUint(v));
  });

  it('reads bodies back into words', () => {
    const out = new Uint32Array(2);
    for (const v of ints) {
      const e = encodeInt(v);
      intBodyToWords(e, 0, e.length, out, 0);
      expect([out[0], out[1]]).toEqual(words(v));
      expect(decodeInt(e)).toBe(v);
    }
    for (const v of uints) {
      const e = encodeUint(v);
      uintBodyToWords(e, 0, e.length, out, 0);
      expect([out[0], out[1]]).toEqual(words(v));
      expect(decodeUint(e)).toBe(v);
    }
    expect(smallInt(encodeInt(-300), 0, encodeInt(-300).length)).toBe(-300);
  });
});
