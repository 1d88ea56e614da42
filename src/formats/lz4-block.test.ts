// The LZ4 block codec. The decoder against blocks lz4js and Lz4Compressor
// make, blocks built by hand, and corrupt blocks (each a FormatError, never
// a hang or a stray write). The compressor: pierrec/lz4's exact choices on a
// small input worked out by hand, blocks that decode back, and the cases
// where Zed stores a frame or segment uncompressed. zng/lz4.test.ts checks
// its blocks keep the format's end-of-block rules.
import { compressBlock, compressBound } from 'lz4js';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors/index.js';
import { Lz4Compressor, decompressLz4Block } from './lz4-block.js';
import { lz4WasmMemory, MAX_KEPT_BLOCK } from './lz4-wasm.js';
import { firstDifference, rng } from './vng/test-helpers.js';

function compress(src: Uint8Array): Uint8Array {
  const dst = new Uint8Array(compressBound(src.length));
  const n = compressBlock(src, dst, 0, src.length, new Uint32Array(1 << 16));
  return dst.subarray(0, n);
}

function decompress(block: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  expect(decompressLz4Block(block, out)).toBe(size);
  return out;
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

describe('Lz4Compressor', () => {
  it('makes the matches pierrec/lz4 makes on a run of one byte', () => {
    // 32 × "a": the match found at 1 (offset 1) is extended 8 bytes at a time
    // only while 8 more fit before len-14, then two 4-byte matches at offset
    // 2 (the table holds end-2 positions), then 11 literals.
    const src = new TextEncoder().encode('a'.repeat(32));
    const a = 0x61;
    expect([...new Lz4Compressor().compress(src)!]).toEqual([0x18, a, 1, 0, 0x00, 2, 0, 0x00, 2, 0, 0xb0, ...Array<number>(11).fill(a)]);
  });

  it('keeps the blocks of the byte-at-a-time matcher it replaced, byte for byte', () => {
    // Lengths and FNV-1a hashes of the blocks the previous compressor (which
    // read one byte at a time) made of these inputs: reading words must not
    // change a single choice, or objects would stop having Zed's sizes.
    const words = ['conn', 'dns', 'http', '10.164.94.120', 'CHhAvVGS1DHFjwGM9', '\x00\x01\x02', 'S0', 'RSTOS0', '"ts":'];
    const input = (size: number, seed: number): Uint8Array => {
      const rand = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
      const out = new Uint8Array(size);
      let i = 0;
      while (i < size) {
        if (rand(4) === 0) {
          out[i++] = rand(256);
          continue;
        }
        const w = words[rand(words.length)]!;
        for (let k = 0; k < w.length && i < size; k++) out[i++] = w.charCodeAt(k);
      }
      return out;
    };
    const fnv = (b: Uint8Array): string => {
      let h = 0x811c9dc5;
      for (const x of b) h = Math.imul(h ^ x, 0x01000193) >>> 0;
      return h.toString(16);
    };
    const c = new Lz4Compressor();
    const got = [
      [64, 3],
      [5000, 7],
      [70_000, 11],
      [300_000, 13],
    ].map(([size, seed]) => {
      const b = c.compress(input(size!, seed!))!;
      return [b.length, fnv(b)];
    });
    expect(got).toEqual([
      [57, '9cf93667'],
      [1848, '815e2f7a'],
      [23813, '9caca90b'],
      [101539, '7b0297fc'],
    ]);
  });

  it('leaves short and incompressible input alone', () => {
    const c = new Lz4Compressor();
    expect(c.compress(new Uint8Array(14).fill(7))).toBeNull();
    let seed = 1;
    const noise = Uint8Array.from({ length: 4096 }, () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24) & 0xff);
    expect(c.compress(noise)).toBeNull();
  });

  it('gives null when the block does not fit the limit', () => {
    const c = new Lz4Compressor();
    const src = new TextEncoder().encode('a'.repeat(32));
    expect(c.compress(src, 22)!.length).toBe(22);
    expect(c.compress(src, 21)).toBeNull();
  });

  it('decodes back to its input, across 64 KiB windows and after reuse', () => {
    const c = new Lz4Compressor();
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
      const block = c.compress(src);
      if (block === null) continue;
      expect(block.length).toBeLessThan(src.length);
      expect(firstDifference(decompress(block, src.length), src)).toBe(-1);
    }
  });
});

describe('Lz4Compressor, more', () => {
  /** Inputs of every kind the matcher treats apart: runs, repeats near and far, long literals, noise. */
  function inputs(): Uint8Array[] {
    const rand = rng(2024);
    const out: Uint8Array[] = [new Uint8Array(0), new Uint8Array(13), new Uint8Array(14), new Uint8Array(15).fill(7)];
    for (let round = 0; round < 120; round++) {
      const n = 1 + rand(round % 10 === 0 ? 300_000 : 9000);
      const src = new Uint8Array(n);
      const kind = round % 5;
      for (let i = 0; i < n; i++) {
        if (kind === 0) src[i] = rand(256); // incompressible
        else if (kind === 1) src[i] = i > 70_000 && rand(3) > 0 ? src[i - 65_535 + rand(3)]! : rand(4); // at the window's edge
        else if (kind === 2) src[i] = rand(600) === 0 ? rand(256) : i % 251; // long matches
        else if (kind === 3) src[i] = rand(2) === 0 && i > 8 ? src[i - 1 - rand(8)]! : rand(256); // short overlapping repeats
        else src[i] = (i >> 9) % 2 === 0 ? rand(256) : src[i - 512] ?? 0; // literal runs past 255 between matches
      }
      out.push(src);
    }
    return out;
  }

  it('makes the blocks the JavaScript matcher made, byte for byte, under every limit', () => {
    // The FNV-1a digest of every block (its length, then its bytes; a
    // refusal as 0xffff) that the JavaScript build of this matcher, which
    // this one replaced, made of these inputs under these limits. Any other
    // choice changes the sizes of ZNG files and lake objects.
    const lz4 = new Lz4Compressor();
    let compressed = 0;
    let refused = 0;
    let h = 0x811c9dc5;
    for (const src of inputs()) {
      for (const limit of [src.length, src.length - 1, Math.floor(src.length * 0.6), 20]) {
        const b = lz4.compress(src, limit);
        if (b === null) refused++;
        else compressed++;
        h = Math.imul(h ^ (b === null ? 0xffff : b.length), 0x01000193);
        for (const x of b ?? []) h = Math.imul(h ^ x, 0x01000193);
        if (b !== null) expect(firstDifference(decompress(b, src.length), src)).toBe(-1);
      }
    }
    expect([(h >>> 0).toString(16), compressed, refused]).toEqual(['57c0e2da', 203, 293]);
  });

  it('compresses a block past the size whose memory it keeps, and frees that memory after', () => {
    const src = Uint8Array.from({ length: MAX_KEPT_BLOCK + 4096 }, (_, i) => (i * 7) % 251);
    const block = new Lz4Compressor().compress(src)!;
    expect(block.length).toBeLessThan(src.length / 50);
    expect(firstDifference(decompress(block, src.length), src)).toBe(-1);
    expect(lz4WasmMemory()).toBe(0);
    new Lz4Compressor().compress(src.subarray(0, 5000));
    expect(lz4WasmMemory()).toBeGreaterThan(0);
    expect(lz4WasmMemory()).toBeLessThan(1 << 20);
  });

  it('hands back a block that stays put when another compressor runs', () => {
    const a = new Lz4Compressor();
    const b = new Lz4Compressor();
    const src = Uint8Array.from({ length: 4000 }, (_, i) => i % 97);
    const block = a.compress(src)!;
    const copy = block.slice();
    b.compress(Uint8Array.from({ length: 4000 }, (_, i) => i % 31));
    expect(block).toEqual(copy);
    expect(firstDifference(decompress(block, src.length), src)).toBe(-1);
  });
});
