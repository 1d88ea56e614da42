import { describe, expect, it } from 'vitest';
import { ksuidBytesToHex, ksuidFromBase62, ksuidHexToBase62, ksuidHexToBytes, newKsuidHex } from './ksuid.js';

const ID = '0123456789abcdef0123456789abcdef01234567';

describe('ksuid hex and bytes', () => {
  it('round-trips a stored id through its 20 bytes', () => {
    const b = ksuidHexToBytes(ID);
    expect(b.length).toBe(20);
    expect(b[0]).toBe(0x01);
    expect(b[19]).toBe(0x67);
    expect(ksuidBytesToHex(b)).toBe(ID);
  });

  it('refuses text that is not 20 bytes of hex', () => {
    expect(() => ksuidHexToBytes('0123')).toThrow(TypeError);
    expect(() => ksuidHexToBytes('zz' + ID.slice(2))).toThrow(TypeError);
  });

  it('gives base62 text that reads back to the same bytes', () => {
    const id = newKsuidHex(1_700_000_000_000_000_000n, (out) => out.fill(7));
    const b62 = ksuidHexToBase62(id);
    expect(b62).toHaveLength(27);
    expect(ksuidFromBase62(new TextEncoder().encode(b62))).toEqual(ksuidHexToBytes(id));
  });

  it('writes base62 as the number the 20 bytes make, padded to 27 digits, for any bytes', () => {
    const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    const byBigInt = (b: Uint8Array): string => {
      let n = 0n;
      for (const x of b) n = (n << 8n) | BigInt(x);
      let s = '';
      for (; n > 0n; n /= 62n) s = ALPHABET[Number(n % 62n)]! + s;
      return s.padStart(27, '0');
    };
    let seed = 99;
    const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) & 0xff;
    const cases = [new Uint8Array(20), new Uint8Array(20).fill(0xff), Uint8Array.from({ length: 20 }, (_, i) => (i === 19 ? 61 : 0))];
    for (let k = 0; k < 500; k++) cases.push(Uint8Array.from({ length: 20 }, rand));
    for (const b of cases) {
      const hex = ksuidBytesToHex(b);
      expect(ksuidHexToBase62(hex)).toBe(byBigInt(b));
    }
    // segmentio/ksuid's own bounds.
    expect(ksuidHexToBase62('0'.repeat(40))).toBe('000000000000000000000000000');
    expect(ksuidHexToBase62('f'.repeat(40))).toBe('aWgEPTl1tmebfsQzFP4bxwgy80V');
  });
});
