// A whole ZNG byte sequence with its compressed frames decompressed: the
// same frames in the same order, each compressed payload replaced by the
// bytes it stands for. Decoding it gives the same values as decoding the
// original, without LZ4: what a cache keeps of a stream read again and again.

import { FormatError } from '../../errors/index.js';
import { concatBytes } from '../../util/concat.js';
import { readUvarint } from '../../util/uvarint.js';
import { COMPRESSED_BIT, DEFAULT_MAX_FRAME_SIZE, EOS, MALFORMED, MAX_HEADER_SIZE, putFrameHeader, VERSION_BIT, type FrameKindCode } from './frame.js';
import { decompressPayload } from './lz4.js';

const tmp = { pos: 0 };

/** `bytes` (whole frames and end-of-stream markers) with every compressed frame decompressed. */
export function inflateZng(bytes: Uint8Array, maxFrameSize = DEFAULT_MAX_FRAME_SIZE): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  let pos = 0;
  let copied = 0;
  const flushTo = (at: number): void => {
    if (at > copied) {
      parts.push(bytes.subarray(copied, at));
      total += at - copied;
    }
  };
  while (pos < bytes.length) {
    const code = bytes[pos]!;
    if (code === EOS) {
      pos++;
      continue;
    }
    const v = readUvarint(bytes, pos + 1, tmp);
    if (v < 0) throw new FormatError(MALFORMED);
    const size = v * 16 + (code & 0xf);
    if (size > maxFrameSize) throw new FormatError(`zngio: frame length (${size}) exceeds maximum allowed (${maxFrameSize})`);
    const start = tmp.pos;
    const end = start + size;
    if (end > bytes.length) throw new FormatError(MALFORMED);
    // (Frames of a later version are skipped by readers, as they are.)
    if ((code & COMPRESSED_BIT) !== 0 && (code & VERSION_BIT) === 0) {
      flushTo(pos);
      const payload = decompressPayload(bytes, start, end, maxFrameSize);
      const head = new Uint8Array(MAX_HEADER_SIZE);
      const n = putFrameHeader(head, 0, ((code >> 4) & 3) as FrameKindCode, 0, payload.length);
      parts.push(head.subarray(0, n), payload);
      total += n + payload.length;
      copied = end;
    }
    pos = end;
  }
  if (copied === 0) return bytes;
  flushTo(bytes.length);
  return concatBytes(parts, total);
}
