// Compressed ZNG frame payloads (docs/formats/compression.md):
// `<format><size uvarint><LZ4 block>`, parsed and size-checked here; the
// block itself goes through the shared LZ4 codec (../lz4-block.ts).

import { FormatError } from '../../errors/index.js';
import { readUvarint } from '../../util/uvarint.js';
import { decompressLz4Block } from '../lz4-block.js';
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
  const n = decompressLz4Block(buf.subarray(pos.pos, end), dst);
  if (n !== size) throw new FormatError(`zngio: got ${n} uncompressed bytes, expected ${size}`);
  return dst;
}
