// LZ4 block compression of ZNG frame payloads (docs/formats/compression.md),
// over the `lz4js` package: payload parsing, size checks and buffer reuse.

import { compressBlock, compressBound, decompressBlock } from 'lz4js';
import { FormatError } from '../../errors/index.js';
import { readUvarint } from '../../util/uvarint.js';
import { COMPRESSION_LZ4, MALFORMED } from './frame.js';

const pos = { pos: 0 };

/**
 * Decompresses the payload `buf[start:end]` of a compressed frame
 * (`<format><size uvarint><block>`) into a new buffer of exactly `size` bytes.
 */
export function decompressPayload(buf: Uint8Array, start: number, end: number, maxSize: number): Uint8Array {
  const format = buf[start];
  if (format === undefined || start >= end) throw new FormatError(MALFORMED);
  if (format !== COMPRESSION_LZ4) throw new FormatError(`zngio: unknown compression format 0x${format.toString(16)}`);
  const size = readUvarint(buf, start + 1, pos);
  if (size < 0 || pos.pos > end) throw new FormatError(MALFORMED);
  if (size > maxSize) throw new FormatError(`zngio: frame length (${size}) exceeds maximum allowed (${maxSize})`);
  const blockLen = end - pos.pos;
  // Each LZ4 input byte yields at most 255 output bytes: a larger claimed size
  // is corrupt, and refusing it early avoids allocating for it.
  if (size > blockLen * 255 + 16) {
    throw new FormatError(`zngio: uncompressed size ${size} is impossible for a ${blockLen}-byte LZ4 block`);
  }
  const dst = new Uint8Array(size);
  // A view bounded to the block: lz4js reads past a corrupt block's end as
  // undefined and stops, instead of reading the next frame's bytes.
  const n = decompressBlock(buf.subarray(pos.pos, end), dst, 0, blockLen, 0);
  if (n !== size) throw new FormatError(`zngio: got ${n} uncompressed bytes, expected ${size}`);
  return dst;
}

// Below this many bytes a block plus the compressed-frame header cannot come
// out smaller (lz4js itself gives up under 13 bytes).
const MIN_COMPRESS = 16;
const HASH_ENTRIES = 1 << 16;
// The LZ4 block format wants the last match to start at least 12 bytes before
// the end (strict decoders such as liblz4's reject blocks that break it), but
// lz4js starts matches up to 10 bytes before the end of its input. So it is
// given all but the last TAIL bytes, which are then added to the final literals.
const TAIL = 2;

/** Compresses frame payloads, reusing its output buffer and hash table. */
export class Lz4Compressor {
  private readonly hashTable = new Uint32Array(HASH_ENTRIES);
  private dst = new Uint8Array(0);

  /**
   * The LZ4 block for `src`, or null when it is not smaller than `src` (then
   * the frame goes out uncompressed, as zngio's writer does). The result is a
   * view that the next call overwrites.
   */
  compress(src: Uint8Array): Uint8Array | null {
    const n = src.length;
    if (n < MIN_COMPRESS) return null;
    const bound = compressBound(n) + 8;
    if (this.dst.length < bound) this.dst = new Uint8Array(bound);
    const dst = this.dst;
    // lz4js keys the table by position + 1 and checks candidates by content
    // only, so a stale entry from the previous block can yield offset 0.
    this.hashTable.fill(0);
    const z = compressBlock(src, dst, 0, n - TAIL, this.hashTable);
    if (z === 0) return null;
    const len = extendLastLiterals(dst, z, src);
    return len < n ? dst.subarray(0, len) : null;
  }
}

/**
 * Rewrites the final sequence of the block `dst[0:z]`, which holds only
 * literals, so that it also covers the last TAIL bytes of `src`; returns the
 * new block length.
 */
function extendLastLiterals(dst: Uint8Array, z: number, src: Uint8Array): number {
  let p = 0;
  let last = 0;
  let lit = 0;
  for (;;) {
    const token = dst[p]!;
    last = p++;
    lit = token >> 4;
    if (lit === 15) {
      let b: number;
      do {
        b = dst[p++]!;
        lit += b;
      } while (b === 255);
    }
    p += lit;
    if (p >= z) break;
    p += 2; // match offset
    if ((token & 15) === 15) while (dst[p++] === 255);
  }
  lit += TAIL;
  p = last;
  if (lit < 15) {
    dst[p++] = lit << 4;
  } else {
    dst[p++] = 0xf0;
    let rest = lit - 15;
    for (; rest >= 255; rest -= 255) dst[p++] = 255;
    dst[p++] = rest;
  }
  dst.set(src.subarray(src.length - lit), p);
  return p + lit;
}
