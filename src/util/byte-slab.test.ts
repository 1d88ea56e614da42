import { describe, expect, it } from 'vitest';
import { ByteSlab } from './byte-slab.js';

describe('ByteSlab', () => {
  it('hands out copies that later copies do not overwrite, across slabs and past a slab', () => {
    const slab = new ByteSlab();
    const src = new Uint8Array(200);
    const out: Uint8Array[] = [];
    for (let k = 0; k < 2000; k++) {
      const n = k % 7 === 0 ? 150 : k % 50;
      src.fill(k & 0xff, 0, n);
      out.push(slab.copy(src, n));
    }
    out.push(slab.copy(new Uint8Array(100_000).fill(9), 100_000));
    out.forEach((b, k) => {
      if (k === 2000) {
        expect(b.length).toBe(100_000);
        expect(b.every((x) => x === 9)).toBe(true);
        return;
      }
      expect(b.length).toBe(k % 7 === 0 ? 150 : k % 50);
      expect(b.every((x) => x === (k & 0xff))).toBe(true);
    });
    // Views share a few slabs, not one array each.
    expect(new Set(out.slice(0, 2000).map((b) => b.buffer)).size).toBeLessThan(10);
  });
});
