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
// objects; matching them makes zlake's the same size as Zed's.

import { FormatError } from '../errors/index.js';

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
 * The hash of the six bytes at src[i..i+5]: bits 32..47 of their
 * little-endian value times prime6bytes (that is, pierrec's
 * ((x << 16) * prime6bytes) >> 48 on 64 bits), in 16-bit limbs.
 */
function hash6(src: Uint8Array, i: number): number {
  const a0 = src[i]! | (src[i + 1]! << 8);
  const a1 = src[i + 2]! | (src[i + 3]! << 8);
  const a2 = src[i + 4]! | (src[i + 5]! << 8);
  // Exact below 2^35; only bits 32..47 of the whole product are kept.
  const c0 = a0 * P0;
  const c1 = a0 * P1 + a1 * P0 + (c0 >>> 16);
  return (Math.imul(a0, P2) + Math.imul(a1, P1) + Math.imul(a2, P0) + ((c1 / 65536) | 0)) & 0xffff;
}

function same4(src: Uint8Array, a: number, b: number): boolean {
  return src[a] === src[b] && src[a + 1] === src[b + 1] && src[a + 2] === src[b + 2] && src[a + 3] === src[b + 3];
}

/** A candidate position for hash h seen from si: in si's 64 KiB window, else the one before (may be negative). */
function candidate(table: Uint16Array, h: number, si: number): number {
  const i = table[h]! + (si & ~WIN_MASK);
  return i >= si ? i - WIN_SIZE : i;
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

  /**
   * The LZ4 block for `src`, or null when it is incompressible or would not
   * fit in `limit` bytes (then the frame or segment is stored uncompressed).
   * zngio gives the input's length as the limit (the default), Zed's VNG
   * writer one byte less. The result is a view that the next call overwrites.
   */
  compress(src: Uint8Array, limit = src.length): Uint8Array | null {
    const cap = Math.min(limit, src.length);
    if (cap <= 0) return null;
    if (this.#dst.length < cap) this.#dst = new Uint8Array(cap);
    const z = this.#block(src, this.#dst, cap);
    return z === 0 ? null : this.#dst.subarray(0, z);
  }

  /** Compresses `src` into `dst[0:cap]`; returns the block's length, or 0 when it does not fit or nothing matched. */
  #block(src: Uint8Array, dst: Uint8Array, cap: number): number {
    const table = this.#table;
    table.fill(0);
    const n = src.length;
    let si = 0;
    let di = 0;
    let anchor = 0;
    const sn = n - MF_LIMIT;
    while (si < sn) {
      const h = hash6(src, si);
      const h2 = hash6(src, si + 1);
      const ref = candidate(table, h, si);
      const ref2 = candidate(table, h2, si + 1);
      table[h] = si & WIN_MASK;
      table[h2] = (si + 1) & WIN_MASK;
      let offset = si - ref;
      if (offset <= 0 || offset >= WIN_SIZE || !same4(src, si, ref)) {
        const h3 = hash6(src, si + 2);
        const ref3 = candidate(table, h3, si + 2);
        si += 1;
        offset = si - ref2;
        if (offset <= 0 || offset >= WIN_SIZE || !same4(src, si, ref2)) {
          si += 1;
          offset = si - ref3;
          table[h3] = si & WIN_MASK;
          if (offset <= 0 || offset >= WIN_SIZE || !same4(src, si, ref3)) {
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
      extend: while (si + 8 <= sn) {
        for (let k = 0; k < 8; k++) {
          if (src[si + k] !== src[si - offset + k]) {
            si += k;
            break extend;
          }
        }
        si += 8;
      }
      let mLen = si - matchStart;
      if (di >= cap) return 0;
      dst[di] = mLen < 15 ? mLen : 15;
      if (lLen < 15) {
        dst[di] = dst[di]! | (lLen << 4);
      } else {
        dst[di] = dst[di]! | 0xf0;
        di++;
        let l = lLen - 15;
        for (; l >= 255 && di < cap; l -= 255) dst[di++] = 255;
        if (di >= cap) return 0;
        dst[di] = l;
      }
      di++;
      if (di + lLen > cap) return 0;
      dst.set(src.subarray(anchor, anchor + lLen), di);
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
      table[hash6(src, si - 2)] = (si - 2) & WIN_MASK;
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
