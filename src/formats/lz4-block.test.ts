// The LZ4 block decoder against blocks lz4js and Lz4Compressor make, blocks
// built by hand, and corrupt blocks (each a FormatError, never a hang or a
// stray write). zng/lz4.test.ts checks the compressor's block format.
import { compressBlock, compressBound } from 'lz4js';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors/index.js';
import { Lz4Compressor, decompressLz4Block } from './lz4-block.js';
import { rng } from './vng/test-helpers.js';

function compress(src: Uint8Array): Uint8Array {
  const dst = new Uint8Array(compressBound(src.length));
  const n = compressBlock(src, dst, 0, src.length, new Uint32Array(1 << 16));
  return dst.subarray(0, n);
}

describe('decompressLz4Block', () => {
  it('inverts lz4js on repetitive, random and mixed data', () => {
    const rand = rng(99);
    for (let round = 0; round < 60; round++) {
      const n = 1 + rand(20000);
      const src = new Uint8Array(n);
      const alphabet = 1 + rand(round % 3 === 0 ? 256 : 6);
      for (let i = 0; i < n; i++) src[i] = rand(4) === 0 && i > 40 ? src[i - 1 - rand(40)]! : rand(alphabet);
      const block = compress(src);
      if (block.length === 0) continue;
      const out = new Uint8Array(n);
      expect(decompressLz4Block(block, out)).toBe(n);
      expect(out).toEqual(src);
    }
  });

  it('inverts Lz4Compressor', () => {
    const rand = rng(7);
    const lz4 = new Lz4Compressor();
    for (let round = 0; round < 30; round++) {
      const n = 16 + rand(5000);
      const src = Uint8Array.from({ length: n }, (_, i) => (i % 7 === 0 ? rand(256) : i % 13));
      const block = lz4.compress(src);
      if (block === null) continue;
      const out = new Uint8Array(n);
      expect(decompressLz4Block(block, out)).toBe(n);
      expect(out).toEqual(src);
    }
  });

  it('says how many bytes a short block wrote', () => {
    expect(decompressLz4Block(Uint8Array.of(0x10, 0x61), new Uint8Array(3))).toBe(1);
  });

  it('decodes overlapping matches and long lengths built by hand', () => {
    // 1 literal "a", then a match of 4+15+255+1 = 275 at offset 1, then 5 literals.
    const block = Uint8Array.from([0x1f, 0x61, 0x01, 0x00, 0xff, 0x01, 0x50, 0x62, 0x63, 0x64, 0x65, 0x66]);
    const out = new Uint8Array(1 + 275 + 5);
    decompressLz4Block(block, out);
    expect(out.subarray(0, 276).every((b) => b === 0x61)).toBe(true);
    expect(new TextDecoder().decode(out.subarray(276))).toBe('bcdef');
  });

  it('refuses corrupt blocks', () => {
    const cases: [number[], number, RegExp][] = [
      [[0x10, 0x61, 0x00, 0x00], 5, /match offset 0/],
      [[0x10, 0x61, 0x05, 0x00], 5, /match offset 5/],
      [[0x50, 0x61], 5, /literals overrun the block/],
      [[0x20, 0x61, 0x62], 1, /literals overrun the output/],
      [[0x1f, 0x61, 0x01, 0x00, 0xff], 300, /truncated match length/],
      [[0xf0, 0xff], 300, /truncated literal length/],
      [[0x10, 0x61, 0x01], 5, /truncated match offset/],
    ];
    for (const [block, size, msg] of cases) {
      expect(() => decompressLz4Block(Uint8Array.from(block), new Uint8Array(size))).toThrow(FormatError);
      expect(() => decompressLz4Block(Uint8Array.from(block), new Uint8Array(size))).toThrow(msg);
    }
  });
});
