import { describe, expect, it } from 'vitest';
import { concatBytes } from './concat.js';

describe('concatBytes', () => {
  it('joins chunks in order, with or without their total size', () => {
    const parts = [new Uint8Array([1, 2]), new Uint8Array([]), new Uint8Array([3])];
    expect([...concatBytes(parts)]).toEqual([1, 2, 3]);
    expect([...concatBytes(parts, 3)]).toEqual([1, 2, 3]);
    expect(concatBytes([]).length).toBe(0);
  });

  it('always returns a new array, even for one chunk', () => {
    const one = new Uint8Array([7, 8]);
    const out = concatBytes([one]);
    expect(out).not.toBe(one);
    one[0] = 0;
    expect([...out]).toEqual([7, 8]);
  });
});
