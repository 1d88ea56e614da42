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
// CompressBlock), which zngio and Zed's VNG writer both use. Its choices (a
// 16-bit hash of six bytes, three candidates per step, backward extension,
// skipping faster through incompressible input) decide every byte of a
// compressed frame or segment, and so the sizes of ZNG files and lake
// objects; matching them makes zlake's the same size as Zed's. Blocks up to
// 8 MiB go to its WebAssembly build (lz4-wasm.ts), which chooses the same.

import { FormatError } from '../errors/index.js';
import { compressLz4Wasm, MAX_WASM_BLOCK } from './lz4-wasm.js';

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

const MIN_MATCH = 4;
const WIN_SIZE = 1 << 16;
const WIN_MASK = WIN_SIZE - 1;
const HASH_SIZE = 1 << 16;
/** The last match may not start within the last 14 bytes. */
const MF_LIMIT = 10 + MIN_MATCH;
/** Bytes skipped grow by one per 128 bytes since the last match. */
const ADAPT_SKIP_LOG = 7;

// prime6bytes (227718039650203) in 16-bit limbs, low first.
const P0 = 227718039650203 % 65536;
const P1 = Math.floor(227718039650203 / 65536) % 65536;
const P2 = Math.floor(227718039650203 / 4294967296) % 65536;

/**
 * The hash of six bytes, given as the little-endian `lo` of the first four
 * and `a2` of the last two: bits 32..47 of their little-endian value times
 * prime6bytes (that is, pierrec's ((x << 16) * prime6bytes) >> 48 on 64
 * bits), in 16-bit limbs.
 */
function hash6(lo: number, a2: number): number {
  const a0 = lo & 0xffff;
  const a1 = lo >>> 16;
  // Exact below 2^35; only bits 32..47 of the whole product are kept.
  const c0 = a0 * P0;
  const c1 = a0 * P1 + a1 * P0 + (c0 >>> 16);
  return (Math.imul(a0, P2) + Math.imul(a1, P1) + Math.imul(a2, P0) + ((c1 / 65536) | 0)) & 0xffff;
}

/** A candidate position for hash h seen from si: in si's 64 KiB window, else the one before (may be negative). */
function candidate(table: Uint16Array, h: number, si: number): number {
  const i = table[h]! + (si & ~WIN_MASK);
  return i >= si ? i - WIN_SIZE : i;
}

/** Whether `ref`, a candidate seen from si, is in reach and starts with the four bytes `w` (as an int32) found at si. */
function matches(dv: DataView, si: number, ref: number, w: number): boolean {
  const offset = si - ref;
  return ref >= 0 && offset > 0 && offset < WIN_SIZE && dv.getInt32(ref, true) === w;
}

/** Bytes equal at the start of two little-endian words whose XOR is x (not 0). */
function equalBytes(x: number): number {
  return (31 - Math.clz32(x & -x)) >> 3;
}

/**
 * A reusable compressor: its output buffer, and a hash table that holds the
 * low 16 bits of the last position of each hash (pierrec keeps a bitmap of
 * the entries a block set and reads others as 0, which is what a table
 * zeroed per block holds too).
 */
export class Lz4Compressor {
  readonly #table = new Uint16Array(HASH_SIZE);
  #dst = new Uint8Array(0);
  readonly #wasm: boolean;

  /** `wasm: false` keeps every block in JavaScript (the WebAssembly build's reference). */
  constructor(opts: { readonly wasm?: boolean } = {}) {
    this.#wasm = opts.wasm !== false;
  }

  /**
   * The LZ4 block for `src`, or null when it is incompressible or would not
   * fit in `limit` bytes (then the frame or segment is stored uncompressed).
   * zngio gives the input's length as the limit (the default), Zed's VNG
   * writer one byte less. The result is a view that the next call overwrites.
   */
  compress(src: Uint8Array, limit = src.length): Uint8Array | null {
    const cap = Math.min(limit, src.length);
    if (cap <= 0) return null;
    if (this.#wasm && src.length <= MAX_WASM_BLOCK) {
      const [dst, z] = compressLz4Wasm(src, cap, this.#dst);
      this.#dst = dst;
      return z === 0 ? null : dst.subarray(0, z);
    }
    if (this.#dst.length < cap) this.#dst = new Uint8Array(cap);
    const z = this.#block(src, this.#dst, cap);
    return z === 0 ? null : this.#dst.subarray(0, z);
  }

  /**
   * Compresses `src` into `dst[0:cap]`; returns the block's length, or 0
   * when it does not fit or nothing matched. Bytes are read four at a time
   * (little-endian words of a DataView), which decides nothing differently.
   */
  #block(src: Uint8Array, dst: Uint8Array, cap: number): number {
    const table = this.#table;
    table.fill(0);
    const dv = new DataView(src.buffer, src.byteOffset, src.byteLength);
    const n = src.length;
    let si = 0;
    let di = 0;
    let anchor = 0;
    const sn = n - MF_LIMIT;
    while (si < sn) {
      // Bytes si..si+7, and the words (and hashes) at si, si+1 and si+2.
      const w0 = dv.getUint32(si, true);
      const w1 = dv.getUint32(si + 4, true);
      const x1 = (w0 >>> 8) | (w1 << 24);
      const h = hash6(w0, w1 & 0xffff);
      const h2 = hash6(x1, (w1 >>> 8) & 0xffff);
      const ref = candidate(table, h, si);
      const ref2 = candidate(table, h2, si + 1);
      table[h] = si & WIN_MASK;
      table[h2] = (si + 1) & WIN_MASK;
      let offset = si - ref;
      if (!matches(dv, si, ref, w0 | 0)) {
        const x2 = (w0 >>> 16) | (w1 << 16);
        const h3 = hash6(x2, w1 >>> 16);
        const ref3 = candidate(table, h3, si + 2);
        si += 1;
        offset = si - ref2;
        if (!matches(dv, si, ref2, x1)) {
          si += 1;
          offset = si - ref3;
          table[h3] = si & WIN_MASK;
          if (!matches(dv, si, ref3, x2)) {
            si += 2 + ((si - anchor) >> ADAPT_SKIP_LOG);
            continue;
          }
        }
      }
      // A match of at least four bytes at si, `offset` back.
      // Extend it backwards over the literals; match lengths count from
      // its new start + 4, the search goes on after the four bytes found.
      const found = si;
      let lLen = si - anchor;
      let tOff = si - offset - 1;
      while (lLen > 0 && tOff >= 0 && src[si - 1] === src[tOff]) {
        si--;
        tOff--;
        lLen--;
      }
      const matchStart = si + MIN_MATCH;
      si = found + MIN_MATCH;
      // Extend eight bytes at a time, and only while eight more fit before sn.
      while (si + 8 <= sn) {
        let x = dv.getInt32(si, true) ^ dv.getInt32(si - offset, true);
        if (x !== 0) {
          si += equalBytes(x);
          break;
        }
        x = dv.getInt32(si + 4, true) ^ dv.getInt32(si + 4 - offset, true);
        if (x !== 0) {
          si += 4 + equalBytes(x);
          break;
        }
        si += 8;
      }
      let mLen = si - matchStart;
      if (di >= cap) return 0;
      const token = mLen < 15 ? mLen : 15;
      if (lLen < 15) {
        dst[di] = token | (lLen << 4);
      } else {
        dst[di] = token | 0xf0;
        di++;
        let l = lLen - 15;
        for (; l >= 255 && di < cap; l -= 255) dst[di++] = 255;
        if (di >= cap) return 0;
        dst[di] = l;
      }
      di++;
      if (di + lLen > cap) return 0;
      if (lLen < 32) for (let k = 0; k < lLen; k++) dst[di + k] = src[anchor + k]!;
      else dst.set(src.subarray(anchor, anchor + lLen), di);
      di += lLen + 2;
      anchor = si;
      if (di > cap) return 0;
      dst[di - 2] = offset & 0xff;
      dst[di - 1] = offset >>> 8;
      if (mLen >= 15) {
        for (mLen -= 15; mLen >= 255 && di < cap; mLen -= 255) dst[di++] = 255;
        if (di >= cap) return 0;
        dst[di++] = mLen;
      }
      if (si >= sn) break;
      table[hash6(dv.getUint32(si - 2, true), dv.getUint16(si + 2, true))] = (si - 2) & WIN_MASK;
    }
    // Nothing matched: incompressible.
    if (anchor === 0) return 0;
    if (di >= cap) return 0;
    let lLen = n - anchor;
    if (lLen < 15) {
      dst[di] = lLen << 4;
    } else {
      dst[di] = 0xf0;
      di++;
      for (lLen -= 15; lLen >= 255 && di < cap; lLen -= 255) dst[di++] = 255;
      if (di >= cap) return 0;
      dst[di] = lLen;
    }
    di++;
    if (di >= anchor) return 0;
    if (di + n - anchor > cap) return 0;
    dst.set(src.subarray(anchor), di);
    return di + n - anchor;
  }
}
