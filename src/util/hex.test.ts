import { describe, expect, it } from 'vitest';
import { decodeHex, encodeHex } from './hex.js';

describe('encodeHex', () => {
  it('writes two lower-case digits a byte', () => {
    expect(encodeHex(new Uint8Array([0, 1, 0x0f, 0x10, 0xab, 0xff]))).toBe('00010f10abff');
    expect(encodeHex(new Uint8Array())).toBe('');
  });

  it('writes a range of the bytes', () => {
    expect(encodeHex(new Uint8Array([1, 2, 3, 4]), 1, 3)).toBe('0203');
  });
});

describe('decodeHex', () => {
  it('reads digits in either case', () => {
    expect(decodeHex('00010f10ABff')).toEqual(new Uint8Array([0, 1, 0x0f, 0x10, 0xab, 0xff]));
    expect(decodeHex('')).toEqual(new Uint8Array());
  });

  it('refuses odd lengths and non-digits, as hex.DecodeString does', () => {
    for (const s of ['0', 'abc', '0g', 'zz', '0x00', ' 0', '-1']) expect(decodeHex(s), s).toBeNull();
  });

  it('round-trips every byte', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(decodeHex(encodeHex(all))).toEqual(all);
  });
});
