// LZ4 block compression of ZNG frame payloads (docs/formats/compression.md):
// Zed's compressor (lz4-block.ts) and `lz4js` to decompress, with payload
// parsing, size checks and buffer reuse.

import { decompressBlock } from 'lz4js';
import { FormatError } from '../../errors/index.js';
import { readUvarint } from '../../util/uvarint.js';
import { COMPRESSION_LZ4, MALFORMED } from './frame.js';
import { Lz4BlockCompressor } from './lz4-block.js';

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

/** Compresses frame payloads as Zed's zngio writer does (see lz4-block.ts), reusing its output buffer. */
export class Lz4Compressor {
  private readonly block = new Lz4BlockCompressor();
  private dst = new Uint8Array(0);

  /**
   * The LZ4 block for `src`, or null when it would not fit in src.length
   * bytes (then the frame goes out uncompressed, as zngio's writer does).
   * The result is a view that the next call overwrites.
   */
  compress(src: Uint8Array): Uint8Array | null {
    const n = src.length;
    if (this.dst.length < n) this.dst = new Uint8Array(n);
    const z = this.block.compress(src, this.dst);
    return z === 0 ? null : this.dst.subarray(0, z);
  }
}
