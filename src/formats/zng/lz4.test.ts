// The LZ4 wrapper: blocks decode back to their input and keep the LZ4 block
// format's end-of-block rules, so strict decoders (liblz4) accept them too.
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../errors/index.js';
import { putUvarint } from '../../util/uvarint.js';
import { Lz4Compressor } from '../lz4-block.js';
import { decompressPayload } from './lz4.js';

let seed = 3;
function rand(n: number): number {
  seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
  return (seed >>> 8) % n;
}

/** Inputs from very repetitive to random, of many lengths. */
function inputs(): Uint8Array[] {
  const out: Uint8Array[] = [];
  const words = ['tcp', 'udp', 'ssl', '10.0.0.', 'C7f9a', '\x1e\x03\x02\x02', 'http'];
  for (let i = 0; i < 400; i++) {
    const n = 16 + rand(i < 300 ? 200 : 20000);
    const b = new Uint8Array(n);
    const mode = i % 3;
    let off = 0;
    while (off < n) {
      if (mode === 2 && rand(4) === 0) {
        b[off++] = rand(256);
        continue;
      }
      const w = words[rand(mode === 0 ? 2 : words.length)]!;
      for (let k = 0; k < w.length && off < n; k++) b[off++] = w.charCodeAt(k);
    }
    out.push(b);
  }
  return out;
}

/** Checks the block format's rules; returns the decoded length. */
function checkBlock(block: Uint8Array): { size: number; lastMatchStart: number; lastLiterals: number } {
  let p = 0;
  let out = 0;
  let lastMatchStart = -1;
  for (;;) {
    const token = block[p++]!;
    let lit = token >> 4;
    if (lit === 15) {
      let b: number;
      do {
        b = block[p++]!;
        lit += b;
      } while (b === 255);
    }
    p += lit;
    out += lit;
    if (p >= block.length) {
      if (p !== block.length) throw new Error('literals overrun the block');
      return { size: out, lastMatchStart, lastLiterals: lit };
    }
    const offset = block[p]! | (block[p + 1]! << 8);
    p += 2;
    if (offset === 0 || offset > out) throw new Error(`bad match offset ${offset} at output ${out}`);
    let m = token & 15;
    if (m === 15) {
      let b: number;
      do {
        b = block[p++]!;
        m += b;
      } while (b === 255);
    }
    lastMatchStart = out;
    out += m + 4;
  }
}

function payload(block: Uint8Array, size: number): Uint8Array {
  const b = new Uint8Array(block.length + 11);
  b[0] = 0;
  const off = putUvarint(b, 1, size);
  b.set(block, off);
  return b.subarray(0, off + block.length);
}

describe('Lz4Compressor', () => {
  it('Lz4Compressor blocks decompress to their input and follow the end-of-block rules', () => {
    const c = new Lz4Compressor();
    let compressed = 0;
    for (const src of inputs()) {
      const block = c.compress(src);
      if (block === null) continue;
      compressed++;
      expect(block.length).toBeLessThan(src.length);
      const { size, lastMatchStart, lastLiterals } = checkBlock(block);
      expect(size).toBe(src.length);
      expect(lastLiterals).toBeGreaterThanOrEqual(5);
      expect(lastMatchStart).toBeLessThanOrEqual(src.length - 12);
      const p = payload(block, src.length);
      const back = decompressPayload(p, 0, p.length, 1 << 30);
      expect(back.length).toBe(src.length);
      expect(back.every((b, i) => b === src[i])).toBe(true);
    }
    expect(compressed).toBeGreaterThan(250);
  });

  it('Lz4Compressor gives null when compression does not help', () => {
    const c = new Lz4Compressor();
    expect(c.compress(new Uint8Array(10))).toBeNull();
    const noise = new Uint8Array(4096).map(() => rand(256));
    expect(c.compress(noise)).toBeNull();
  });

  it('decompressPayload rejects sizes over the limit', () => {
    const c = new Lz4Compressor();
    const src = new Uint8Array(1000).fill(7);
    const p = payload(c.compress(src)!, src.length);
    expect(() => decompressPayload(p, 0, p.length, 999)).toThrow(FormatError);
    expect(() => decompressPayload(p, 0, p.length, 999)).toThrow('zngio: frame length (1000) exceeds maximum allowed (999)');
  });

  it('decompressPayload refuses a block that refers outside itself', () => {
    // A literal "a", then a match 5 bytes back: lz4js read the missing bytes as zeros.
    const p = payload(Uint8Array.of(0x10, 0x61, 0x05, 0x00), 5);
    expect(() => decompressPayload(p, 0, p.length, 1 << 20)).toThrow(FormatError);
    expect(() => decompressPayload(p, 0, p.length, 1 << 20)).toThrow('corrupt LZ4 block: match offset 5 at block offset 2');
  });
});
