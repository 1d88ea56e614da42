// ZNG framing (docs/formats/zng.md §2): the frame code byte |V|C|T T|L L L L|,
// a uvarint holding the payload length divided by 16, then the payload.

import { putUvarint } from '../../util/uvarint.js';

/** Frame kinds: the T bits of a frame code. */
export const FrameKind = {
  types: 0,
  values: 1,
  control: 2,
} as const;

export type FrameKindCode = (typeof FrameKind)[keyof typeof FrameKind];

/** The end-of-stream marker, a lone byte (zng.md §2.4). */
export const EOS = 0xff;
/** V bit: frames of a future version, which version 0 readers skip. */
export const VERSION_BIT = 0x80;
/** C bit: the payload is `<format><size uvarint><compressed bytes>`. */
export const COMPRESSED_BIT = 0x40;
/** Compression format byte for an LZ4 block (docs/formats/compression.md). */
export const COMPRESSION_LZ4 = 0;

/** zngio's DefaultFrameThresh: writers cut frames at 512 KiB of uncompressed data. */
export const DEFAULT_FRAME_THRESHOLD = 512 * 1024;
/** zngio's MaxSize: readers refuse frames (and uncompressed sizes) over 1 GiB. */
export const DEFAULT_MAX_FRAME_SIZE = 1024 * 1024 * 1024;

/** zngio's errBadFormat text, used for every structurally broken frame. */
export const MALFORMED = 'malformed zng record';

/** Longest frame header: the code byte and a 10-byte uvarint. */
export const MAX_HEADER_SIZE = 11;

/**
 * Writes the header of a frame whose payload is `size` bytes at `buf[off]`
 * (which must have MAX_HEADER_SIZE bytes free) and returns the offset after it.
 * `flags` carries the C bit.
 */
export function putFrameHeader(buf: Uint8Array, off: number, kind: FrameKindCode, flags: number, size: number): number {
  buf[off] = flags | (kind << 4) | (size & 0xf);
  return putUvarint(buf, off + 1, Math.floor(size / 16));
}
