// The LZ4 block compressor whose output Zed writes: the fast greedy matcher
// of github.com/pierrec/lz4 v4.1.18 (internal/lz4block CompressBlock), which
// zngio uses with an output buffer as long as the input. Its choices (a
// 16-bit hash of six bytes, three candidates per step, backward extension,
// skipping faster through incompressible input) decide every byte of a
// compressed frame, and so the sizes of ZNG files and lake objects; matching
// them makes zlake's objects the same size as Zed's for the same values.

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

/**
 * A reusable compressor. Its table holds the low 16 bits of the last
 * position of each hash; pierrec keeps a bitmap of the entries a block set
 * and reads others as 0, which is what a table zeroed per block holds too.
 */
/** A candidate position for hash h seen from si: in si's 64 KiB window, else the one before (may be negative). */
function candidate(table: Uint16Array, h: number, si: number): number {
  const i = table[h]! + (si & ~WIN_MASK);
  return i >= si ? i - WIN_SIZE : i;
}

export class Lz4BlockCompressor {
  readonly #table = new Uint16Array(HASH_SIZE);

  /**
   * Compresses `src` into `dst` (which must hold src.length bytes); returns
   * the block's length, or 0 when the block would not fit in src.length
   * bytes, as zngio's writer then stores the frame uncompressed.
   */
  compress(src: Uint8Array, dst: Uint8Array): number {
    const table = this.#table;
    table.fill(0);
    const n = src.length;
    const cap = Math.min(dst.length, n);
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
