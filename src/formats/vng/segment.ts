// Segment bytes: compressing a column's bytes as Zed's writer does (an LZ4
// block when that is smaller, else stored as is; vng/segment.go) and turning
// the stored bytes of a segment back into the column's bytes.

import { FormatError } from '../../errors/index.js';
import { Lz4Compressor, decompressLz4Block } from '../lz4-block.js';
import { COMPRESSION_LZ4, COMPRESSION_NONE, type Segment } from './metadata.js';

/** Where a segment's stored bytes are and how many there are. */
export function storedRange(seg: Segment): { offset: number; length: number } {
  // Zed reads MemLength bytes of an uncompressed segment, whatever Length says.
  return { offset: seg.offset, length: seg.compression === COMPRESSION_NONE ? seg.memLength : seg.length };
}

/**
 * Checks a segment against the data section's size before anything is read
 * or allocated for it. `base` is the data section's offset in the file.
 */
export function checkSegment(seg: Segment, dataSize: number, base: number): void {
  const r = storedRange(seg);
  if (seg.compression !== COMPRESSION_NONE && seg.compression !== COMPRESSION_LZ4) {
    throw new FormatError(
      `vng: unknown compression format 0x${seg.compression.toString(16)} in segment at offset ${base + seg.offset}`,
    );
  }
  if (r.offset + r.length > dataSize) {
    throw new FormatError(
      `VNG segment at offset ${base + r.offset} (${r.length} bytes) overruns the data section, which ends at offset ${base + dataSize}`,
    );
  }
  // Each LZ4 input byte yields at most 255 output bytes.
  if (seg.compression === COMPRESSION_LZ4 && seg.memLength > seg.length * 255 + 16) {
    throw new FormatError(
      `VNG segment at offset ${base + seg.offset}: ${seg.memLength} bytes cannot come from a ${seg.length}-byte LZ4 block`,
    );
  }
}

/** The column bytes of `seg` from its stored bytes (a view of them when uncompressed). */
export function decodeSegment(seg: Segment, stored: Uint8Array, base: number): Uint8Array {
  const want = storedRange(seg).length;
  if (stored.length < want) {
    throw new FormatError(`VNG input truncated: segment at offset ${base + seg.offset} needs ${want} bytes, got ${stored.length}`);
  }
  if (seg.compression === COMPRESSION_NONE) return stored.subarray(0, want);
  const dst = new Uint8Array(seg.memLength);
  let n: number;
  try {
    n = decompressLz4Block(stored.subarray(0, want), dst);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    throw new FormatError(`${msg} (VNG segment at offset ${base + seg.offset})`, { cause: e });
  }
  // Zed's vng/segment.go wording.
  if (n !== dst.length) throw new FormatError(`vng: got ${n} uncompressed bytes, expected ${dst.length} (VNG segment at offset ${base + seg.offset})`);
  return dst;
}

/** Compresses column bytes for storage, reusing one LZ4 compressor. */
export class SegmentCompressor {
  private readonly lz4 = new Lz4Compressor();

  /**
   * The stored form of `raw`: LZ4 when smaller, else `raw` itself. As Zed's
   * vng/segment.go, the block may take at most raw.length - 1 bytes.
   */
  compress(raw: Uint8Array): { compression: number; bytes: Uint8Array } {
    const block = raw.length === 0 ? null : this.lz4.compress(raw, raw.length - 1);
    if (block === null) return { compression: COMPRESSION_NONE, bytes: raw };
    return { compression: COMPRESSION_LZ4, bytes: block.slice() };
  }
}
