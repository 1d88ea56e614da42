// VngDecoder: the push/end reader zq uses for VNG input (-i vng, or detected).
// VNG needs random access, so input is gathered in memory; once the header
// has said how long the object is and that many bytes have arrived, every
// value is decoded. Bytes after the object are ignored, as Zed reads only the
// sections its header describes.

import { FormatError } from '../../errors/index.js';
import type { TypeContext, Value } from '../../zed/index.js';
import type { Decoder } from '../codec.js';
import { HEADER_SIZE, parseHeader } from './header.js';
import { openVngBytes } from './object.js';

export interface VngDecoderOptions {
  /** Refuse an object whose columns hold more values than this, all together (default 2^28). */
  readonly maxValues?: number;
}

export class VngDecoder implements Decoder {
  private buf = new Uint8Array(0);
  private len = 0;
  /** Header, metadata and data bytes, once the header is in. */
  private total = -1;
  private done = false;

  constructor(
    private readonly ctx: TypeContext,
    private readonly opts: VngDecoderOptions = {},
  ) {}

  push(chunk: Uint8Array): Value[] {
    if (this.done || chunk.length === 0) return [];
    this.append(chunk);
    if (this.total < 0 && this.len >= HEADER_SIZE) {
      const h = parseHeader(this.buf.subarray(0, HEADER_SIZE));
      this.total = HEADER_SIZE + h.metaSize + h.dataSize;
    }
    if (this.total >= 0 && this.len >= this.total) {
      this.done = true;
      return this.decode();
    }
    return [];
  }

  end(): Value[] {
    if (this.done) return [];
    this.done = true;
    if (this.len < HEADER_SIZE) parseHeader(this.buf.subarray(0, this.len));
    throw new FormatError(`VNG input truncated: ${this.len} bytes read, the header at offset 0 says ${this.total}`);
  }

  /** Grows the buffer as bytes arrive (never past the object's size), so a corrupt size costs nothing. */
  private append(chunk: Uint8Array): void {
    const need = this.len + chunk.length;
    if (need > this.buf.length) {
      let cap = Math.max(need, this.buf.length * 2, 1 << 16);
      if (this.total >= 0) cap = Math.max(need, Math.min(cap, this.total));
      const next = new Uint8Array(cap);
      next.set(this.buf.subarray(0, this.len));
      this.buf = next;
    }
    this.buf.set(chunk, this.len);
    this.len = need;
  }

  private decode(): Value[] {
    const bytes = this.buf.subarray(0, this.total);
    const scan = openVngBytes(bytes).scan({ ctx: this.ctx, maxValues: this.opts.maxValues ?? 2 ** 28 });
    return scan.toArraySync();
  }
}
