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
});
