// ZngEncoder: writes values as ZNG, batching them into values frames preceded
// by the types frames they need, LZ4-compressing frames when that is smaller.

import { ByteWriter } from '../../util/byte-writer.js';
import { putUvarint, uvarintSize } from '../../util/uvarint.js';
import type { Type, Value } from '../../zed/index.js';
import type { Encoder } from '../codec.js';
import {
  COMPRESSED_BIT,
  COMPRESSION_LZ4,
  DEFAULT_FRAME_THRESHOLD,
  EOS,
  FrameKind,
  MAX_HEADER_SIZE,
  putFrameHeader,
  type FrameKindCode,
} from './frame.js';
import { Lz4Compressor } from '../lz4-block.js';
import { TypeEncoder } from './type-encoder.js';

export interface ZngEncoderOptions {
  /** LZ4-compress frames (default true). */
  compress?: boolean;
  /** Uncompressed bytes of values (or typedefs) that close a frame (default 512 KiB). */
  frameThreshold?: number;
}


const NO_BYTES = new Uint8Array(0);

export class ZngEncoder implements Encoder {
  private readonly compressor: Lz4Compressor | null;
  private readonly threshold: number;
  private readonly types = new TypeEncoder();
  /** Values not yet framed: type ID, tag and body for each. */
  private readonly values: ByteWriter;
  /** Encoded frames not yet returned. */
  private readonly out: ByteWriter;
  private written = 0;
  /** `position` at the last end-of-stream marker. */
  private streamStart = 0;
  private lastType: Type | null = null;
  private lastId = 0;

  constructor(opts: ZngEncoderOptions = {}) {
    this.compressor = opts.compress === false ? null : new Lz4Compressor();
    this.threshold = Math.max(1, opts.frameThreshold ?? DEFAULT_FRAME_THRESHOLD);
    this.values = new ByteWriter(Math.min(this.threshold + 1024, 1 << 20));
    this.out = new ByteWriter(1024);
  }

  /**
   * Bytes output so far, counting what `write`, `endStream` and `end` have
   * returned. After `endStream` it is where the next stream starts (what a
   * seek index records).
   */
  get position(): number {
    return this.written;
  }

  write(values: readonly Value[]): Uint8Array {
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      const body = v.bytes;
      if (body === null) this.append(v.type, NO_BYTES, -1, -1);
      else this.append(v.type, body, 0, body.length);
    }
    return this.take();
  }

  /**
   * Writes one value of type `t` whose body is b[s:e] (s -1 for a null),
   * as `write` does, without a Value for it; `take` returns what it framed.
   */
  append(t: Type, b: Uint8Array, s: number, e: number): void {
    const w = this.values;
    if (t !== this.lastType) {
      this.lastId = this.types.idOf(t);
      this.lastType = t;
    }
    if (s < 0) {
      w.reserve(11);
      w.len = putUvarint(w.buf, w.len, this.lastId);
      w.buf[w.len++] = 0;
    } else {
      const n = e - s;
      w.reserve(n + 20);
      let len = putUvarint(w.buf, w.len, this.lastId);
      len = putUvarint(w.buf, len, n + 1);
      const out = w.buf;
      if (n < 64) for (let k = 0; k < n; k++) out[len + k] = b[s + k]!;
      else out.set(b.subarray(s, e), len);
      w.len = len + n;
    }
    const threshold = this.threshold;
    if (w.len >= threshold || this.types.pending.len >= threshold) this.flush();
  }

  /**
   * Writes a control message (zng.md §2.3) after everything written so far:
   * `format` is the body's encoding (0 ZNG, 1 JSON, 2 ZSON, 3 text, 4 binary).
   */
  writeControl(format: number, body: Uint8Array): Uint8Array {
    this.flush();
    const payload = new Uint8Array(body.length + 1);
    payload[0] = format;
    payload.set(body, 1);
    this.frame(FrameKind.control, payload);
    return this.take();
  }

  /**
   * Flushes buffered values and ends the stream with an end-of-stream marker
   * (none when nothing was written since the last one, as zngio does); later
   * values start a new stream with its own type IDs.
   */
  endStream(): Uint8Array {
    this.flush();
    if (this.written + this.out.len !== this.streamStart) {
      this.out.byte(EOS);
      this.streamStart = this.written + this.out.len;
    }
    this.types.reset();
    this.lastType = null;
    return this.take();
  }

  end(): Uint8Array {
    return this.endStream();
  }

  /** Frames the pending typedefs, then the pending values (zngio's flush). */
  private flush(): void {
    const types = this.types.pending;
    if (types.len > 0) {
      this.frame(FrameKind.types, types.view());
      types.reset();
    }
    if (this.values.len > 0) {
      this.frame(FrameKind.values, this.values.view());
      this.values.reset();
    }
  }

  private frame(kind: FrameKindCode, payload: Uint8Array): void {
    const out = this.out;
    const block = this.compressor?.compress(payload) ?? null;
    if (block === null) {
      out.reserve(MAX_HEADER_SIZE + payload.length);
      out.len = putFrameHeader(out.buf, out.len, kind, 0, payload.length);
      out.bytes(payload);
      return;
    }
    // Compressed payload: <format><uncompressed size><LZ4 block>.
    const size = 1 + uvarintSize(payload.length) + block.length;
    out.reserve(MAX_HEADER_SIZE + size);
    out.len = putFrameHeader(out.buf, out.len, kind, COMPRESSED_BIT, size);
    out.buf[out.len++] = COMPRESSION_LZ4;
    out.len = putUvarint(out.buf, out.len, payload.length);
    out.bytes(block);
  }

  /**
   * Returns (and forgets) the frames encoded so far, in an array of the
   * caller's own, empty ones too (a caller may move it to another thread).
   */
  take(): Uint8Array {
    const out = this.out;
    if (out.len === 0) return new Uint8Array(0);
    const b = out.take();
    this.written += b.length;
    out.reset();
    return b;
  }
}

/** Encodes `values` as one whole ZNG stream, end-of-stream marker included. */
export function encodeZng(values: readonly Value[], opts: ZngEncoderOptions = {}): Uint8Array {
  const e = new ZngEncoder(opts);
  const body = e.write(values);
  const tail = e.end();
  if (body.length === 0) return tail;
  const all = new Uint8Array(body.length + tail.length);
  all.set(body);
  all.set(tail, body.length);
  return all;
}
