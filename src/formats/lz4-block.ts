// The LZ4 block format, which ZNG frames and VNG segments both use.
// Decompression is our own, bounds-checked: lz4js's does none (on a corrupt
// block it keeps going, reads missing bytes as zeros and drops writes, for
// up to 255 output bytes per input byte). This decoder, as fast (about
// 400 MB/s on VNG columns), copies literal runs and non-overlapping matches
// in bulk and stops at the first reference outside the block or the
// output, saying where.
//
// Compression is the block compressor whose output Zed writes: the fast
// greedy matcher of github.com/pierrec/lz4 v4.1.18 (internal/lz4block
// CompressBlock), which zngio and Zed's VNG writer both use. Its choices
// decide every byte of a compressed frame or segment, and so the sizes of
// ZNG files and lake objects; matching them makes zlake's the same size as
// Zed's. It runs in WebAssembly (wasm/lz4-compress.ts, through lz4-wasm.ts).

import { FormatError } from '../errors/index.js';
import { compressLz4 } from './lz4-wasm.js';

function bad(what: string, at: number): FormatError {
  return new FormatError(`corrupt LZ4 block: ${what} at block offset ${at}`);
}

/**
 * Decompresses the LZ4 block `src` into the start of `dst`; returns how
 * many bytes it wrote (the caller says what a short block means).
 */
export function decompressLz4Block(src: Uint8Array, dst: Uint8Array): number {
  const send = src.length;
  const dend = dst.length;
  let s = 0;
  let d = 0;
  while (s < send) {
    const token = src[s++]!;
    let lit = token >>> 4;
    if (lit === 15) {
      let b: number;
      do {
        if (s >= send) throw bad('truncated literal length', s);
        b = src[s++]!;
        lit += b;
      } while (b === 255);
    }
    if (lit > 0) {
      if (s + lit > send) throw bad('literals overrun the block', s);
      if (d + lit > dend) throw bad('literals overrun the output', s);
      if (lit < 16) {
        for (let i = 0; i < lit; i++) dst[d + i] = src[s + i]!;
      } else {
        dst.set(src.subarray(s, s + lit), d);
      }
      s += lit;
      d += lit;
    }
    // The last sequence holds only literals.
    if (s >= send) break;
    if (s + 2 > send) throw bad('truncated match offset', s);
    const offset = src[s]! | (src[s + 1]! << 8);
    s += 2;
    if (offset === 0 || offset > d) throw bad(`match offset ${offset}`, s - 2);
    let len = token & 15;
    if (len === 15) {
      let b: number;
      do {
        if (s >= send) throw bad('truncated match length', s);
        b = src[s++]!;
        len += b;
      } while (b === 255);
    }
    len += 4;
    if (d + len > dend) throw bad('match overruns the output', s);
    let from = d - offset;
    if (offset >= len) {
      if (len < 16) {
        for (let i = 0; i < len; i++) dst[d + i] = dst[from + i]!;
      } else {
        dst.copyWithin(d, from, from + len);
      }
      d += len;
    } else {
      // An overlapping match repeats the last `offset` bytes.
      const stop = d + len;
      while (d < stop) dst[d++] = dst[from++]!;
    }
  }
  return d;
}

/**
 * A reusable compressor: its output buffer (the matcher's hash table is its
 * thread's, zeroed per block, in lz4-wasm.ts).
 */
export class Lz4Compressor {
  #dst = new Uint8Array(0);

  /**
   * The LZ4 block for `src`, or null when it is incompressible or would not
   * fit in `limit` bytes (then the frame or segment is stored uncompressed).
   * zngio gives the input's length as the limit (the default), Zed's VNG
   * writer one byte less. The result is a view that the next call overwrites.
   */
  compress(src: Uint8Array, limit = src.length): Uint8Array | null {
    const cap = Math.min(limit, src.length);
    if (cap <= 0) return null;
    const block = compressLz4(src, cap);
    if (block === null) return null;
    // Copied out: another compressor in this thread reuses the memory.
    if (this.#dst.length < block.length) this.#dst = new Uint8Array(Math.max(block.length, this.#dst.length * 2));
    this.#dst.set(block);
    return this.#dst.subarray(0, block.length);
  }
}
