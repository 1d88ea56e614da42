// The contract of the column writers that build a VNG file, and the layout
// that places their segments in the data section. Writers buffer their
// column's bytes; at the end each one stores its segments (in Zed's order,
// so offsets follow the order the bytes are emitted) and returns its metadata.

import { InvalidError } from '../../errors/index.js';
import { COMPRESSION_NONE, type Meta, type Segment } from './metadata.js';
import { MAX_DATA_SIZE } from './header.js';
import { SegmentCompressor } from './segment.js';

/** Largest segment the format can describe (its lengths are int32). */
const MAX_SEGMENT = 0x7fffffff;

/** Places segments one after another in the data section. */
export class Layout {
  offset = 0;
  readonly parts: Uint8Array[] = [];
  private readonly compressor: SegmentCompressor | null;

  /** `compress` false stores every segment as is (faster to write and to read, larger). */
  constructor(compress = true) {
    this.compressor = compress ? new SegmentCompressor() : null;
  }

  /** Stores column bytes (compressed when that is smaller) and returns their segment. */
  store(raw: Uint8Array): Segment {
    if (raw.length > MAX_SEGMENT) {
      throw new InvalidError(`VNG column too big: ${raw.length} bytes (a segment holds at most ${MAX_SEGMENT})`);
    }
    const { compression, bytes } = this.compressor === null ? { compression: COMPRESSION_NONE, bytes: raw } : this.compressor.compress(raw);
    const seg: Segment = { offset: this.offset, length: bytes.length, memLength: raw.length, compression };
    if (bytes.length > 0) this.parts.push(bytes);
    this.offset += bytes.length;
    if (this.offset > MAX_DATA_SIZE) throw new InvalidError(`VNG data section too big: more than ${MAX_DATA_SIZE} bytes`);
    return seg;
  }
}

export interface ColumnWriter {
  /** Adds one value: the body b[start:end], or a null when start < 0. */
  write(b: Uint8Array, start: number, end: number): void;
  /** Stores the column's segments through `layout` and returns its metadata. */
  finish(layout: Layout): Meta;
}
