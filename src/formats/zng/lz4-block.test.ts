// Zed's LZ4 block compressor (pierrec/lz4's fast matcher): its exact choices
// on a small input worked out by hand, blocks that decode back, and the
// cases where zngio stores a frame uncompressed.
import { decompressBlock } from 'lz4js';
import { describe, expect, it } from 'vitest';
import { Lz4BlockCompressor } from './lz4-block.js';

function compress(src: Uint8Array): Uint8Array | null {
  const dst = new Uint8Array(src.length);
  const n = new Lz4BlockCompressor().compress(src, dst);
  return n === 0 ? null : dst.slice(0, n);
}

function decompress(block: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  expect(decompressBlock(block, out, 0, block.length, 0)).toBe(size);
  return out;
}

describe('Lz4BlockCompressor', () => {
  it('makes the matches pierrec/lz4 makes on a run of one byte', () => {
    // 32 × "a": the match found at 1 (offset 1) is extended 8 bytes at a time
    // only while 8 more fit before len-14, then two 4-byte matches at offset
    // 2 (the table holds end-2 positions), then 11 literals.
    const src = new TextEncoder().encode('a'.repeat(32));
    const a = 0x61;
    expect([...compress(src)!]).toEqual([0x18, a, 1, 0, 0x00, 2, 0, 0x00, 2, 0, 0xb0, ...Array<number>(11).fill(a)]);
  });

  it('leaves short and incompressible input alone', () => {
    expect(compress(new Uint8Array(14).fill(7))).toBeNull();
    let seed = 1;
    const noise = Uint8Array.from({ length: 4096 }, () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24) & 0xff);
    expect(compress(noise)).toBeNull();
  });

  it('decodes back to its input, across 64 KiB windows and after reuse', () => {
    const c = new Lz4BlockCompressor();
    const words = ['conn', 'dns', 'http', '10.164.94.120', 'CHhAvVGS1DHFjwGM9', '\x00\x01\x02'];
    let seed = 5;
    const rand = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    for (const size of [15, 100, 5000, 70_000, 200_000]) {
      const parts: string[] = [];
      let len = 0;
      while (len < size) {
        const w = rand(5) === 0 ? String.fromCharCode(rand(256)) : words[rand(words.length)]!;
        parts.push(w);
        len += w.length;
      }
      const src = Uint8Array.from(parts.join('').slice(0, size), (ch) => ch.charCodeAt(0) & 0xff);
      const dst = new Uint8Array(src.length);
      const n = c.compress(src, dst);
      if (n === 0) continue;
      expect(n).toBeLessThanOrEqual(src.length);
      expect(decompress(dst.subarray(0, n), src.length)).toEqual(src);
    }
  });
});
