// ZngDecoder: push-driven ZNG reader. A frame, or its header, may straddle any
// chunk boundary; values are views into the frame's bytes, never copies.

import { FormatError } from '../../errors/index.js';
import { readUvarint } from '../../util/uvarint.js';
import { Value, type TypeContext } from '../../zed/index.js';
import type { Decoder } from '../codec.js';
import {
  COMPRESSED_BIT,
  DEFAULT_MAX_FRAME_SIZE,
  EOS,
  FrameKind,
  MALFORMED,
  MAX_HEADER_SIZE,
  VERSION_BIT,
} from './frame.js';
import { decompressPayload } from './lz4.js';
import { TypeDecoder } from './type-decoder.js';

/** A control frame's message (zng.md §2.3), as zngio reads it. */
export interface ZngControl {
  /** Body encoding: 0 ZNG, 1 JSON, 2 ZSON, 3 UTF-8 text, 4 binary. */
  readonly format: number;
  readonly body: Uint8Array;
  /** How many values the decoder returned before this message (keeps the order). */
  readonly position: number;
}

export interface ZngDecoderOptions {
  /** Largest frame payload or uncompressed size accepted (zq's -zng.readmax; default 1 GiB). */
  maxFrameSize?: number;
  /** Receives control messages; without it they are skipped. */
  onControl?: (control: ZngControl) => void;
}

// Payloads split across chunks are gathered in a buffer that starts at most
// this big and doubles up to the payload size, so a corrupt length asks for
// memory only as bytes actually arrive.
const INITIAL_PARTIAL = 1 << 20;

const tmp = { pos: 0 };

/**
 * Decodes ZNG into values of `ctx`. Values view the bytes of their frame: the
 * pushed chunk itself when the frame lies whole within it (so callers must not
 * reuse a chunk's memory after pushing it), else a buffer of the decoder's own.
 */
export class ZngDecoder implements Decoder {
  private readonly types: TypeDecoder;
  private readonly maxFrameSize: number;
  private readonly onControl: ((control: ZngControl) => void) | undefined;
  /** A frame header cut off at the end of a chunk: the code and part of the length. */
  private readonly head = new Uint8Array(MAX_HEADER_SIZE);
  private headLen = 0;
  /** The payload of a frame cut off at the end of a chunk, while it fills. */
  private partial: Uint8Array | null = null;
  private partialLen = 0;
  private partialSize = 0;
  private partialCode = 0;
  /** Values returned by earlier pushes (positions control messages). */
  private count = 0;
  /** The stream offset of the chunk being pushed, and of the frame being read. */
  private base = 0;
  private frameAt = 0;
  private failed = false;

  constructor(ctx: TypeContext, opts: ZngDecoderOptions = {}) {
    this.types = new TypeDecoder(ctx);
    this.maxFrameSize = opts.maxFrameSize ?? DEFAULT_MAX_FRAME_SIZE;
    this.onControl = opts.onControl;
  }

  push(chunk: Uint8Array): Value[] {
    const out: Value[] = [];
    let pos = 0;
    try {
      if (this.partial !== null) pos = this.fillPartial(chunk, out);
      else if (this.headLen > 0) pos = this.fillHead(chunk, out);
      this.scan(chunk, pos, out);
    } catch (e) {
      throw this.located(e);
    }
    this.base += chunk.length;
    this.count += out.length;
    return out;
  }

  end(): Value[] {
    if (this.partial !== null) {
      // Zed's parser: a cut-off compressed frame is a malformed record, a plain one truncated input.
      const why = (this.partialCode & COMPRESSED_BIT) !== 0 ? 'malformed zng record' : 'truncated input';
      throw this.located(new FormatError(why), `: the frame has ${this.partialLen} of its ${this.partialSize} bytes`);
    }
    if (this.headLen > 0) throw this.located(new FormatError('unexpected EOF'), ' in its header');
    return [];
  }

  /** A decoding error, naming the format and the offset of the frame it is in. */
  private located(e: unknown, detail = ''): unknown {
    if (!(e instanceof FormatError) || this.failed) return e;
    this.failed = true;
    const named = /^(zng|zngio|unknown ZNG)\b/.test(e.message) ? e.message : `zng: ${e.message}`;
    return new FormatError(`${named} (the frame at byte offset ${this.frameAt}${detail})`, { cause: e, reason: e.reason });
  }

  /** Decodes the frames in `buf` from `pos`, keeping a trailing partial frame. */
  private scan(buf: Uint8Array, pos: number, out: Value[]): void {
    const len = buf.length;
    while (pos < len) {
      this.frameAt = this.base + pos;
      const code = buf[pos]!;
      if (code === EOS) {
        this.types.reset();
        pos++;
        continue;
      }
      let p = pos + 1;
      let v = p < len ? buf[p]! : -1;
      if (v < 0x80 && v >= 0) {
        p++;
      } else {
        v = readUvarint(buf, p, tmp);
        if (v === -1) {
          this.head.set(buf.subarray(pos, len));
          this.headLen = len - pos;
          return;
        }
        if (v < 0) throw new FormatError(MALFORMED);
        p = tmp.pos;
      }
      pos = this.beginFrame(code, v, buf, p, out);
    }
  }

  /** Completes a header begun in an earlier chunk; returns the position after what it used. */
  private fillHead(chunk: Uint8Array, out: Value[]): number {
    const had = this.headLen;
    const take = Math.min(chunk.length, MAX_HEADER_SIZE - had);
    this.head.set(chunk.subarray(0, take), had);
    const v = readUvarint(this.head.subarray(0, had + take), 1, tmp);
    if (v === -1) {
      // MAX_HEADER_SIZE bytes always hold a whole (or overlong) uvarint, so
      // here the chunk ran out.
      this.headLen = had + take;
      return chunk.length;
    }
    if (v < 0) throw new FormatError(MALFORMED);
    this.headLen = 0;
    return this.beginFrame(this.head[0]!, v, chunk, tmp.pos - had, out);
  }

  /**
   * Handles the frame whose code is `code`, length field `v` and payload
   * starting at `buf[p]`: decodes it in place when `buf` holds all of it,
   * else starts gathering it. Returns the position after what it used.
   */
  private beginFrame(code: number, v: number, buf: Uint8Array, p: number, out: Value[]): number {
    const size = v * 16 + (code & 0xf);
    if (size > this.maxFrameSize) {
      throw new FormatError(`zngio: frame length (${size}) exceeds maximum allowed (${this.maxFrameSize})`);
    }
    const end = p + size;
    if (end <= buf.length) {
      this.frame(code, buf, p, end, out);
      return end;
    }
    const have = buf.length - p;
    const partial = new Uint8Array(Math.min(size, Math.max(have, INITIAL_PARTIAL)));
    partial.set(buf.subarray(p));
    this.partial = partial;
    this.partialLen = have;
    this.partialSize = size;
    this.partialCode = code;
    return buf.length;
  }

  /** Adds the start of `chunk` to the partial payload; returns the position after what it used. */
  private fillPartial(chunk: Uint8Array, out: Value[]): number {
    let partial = this.partial!;
    const n = Math.min(this.partialSize - this.partialLen, chunk.length);
    const need = this.partialLen + n;
    if (need > partial.length) {
      const grown = new Uint8Array(Math.min(this.partialSize, Math.max(need, partial.length * 2)));
      grown.set(partial.subarray(0, this.partialLen));
      partial = grown;
      this.partial = grown;
    }
    partial.set(n === chunk.length ? chunk : chunk.subarray(0, n), this.partialLen);
    this.partialLen = need;
    if (need < this.partialSize) return chunk.length;
    this.partial = null;
    this.frame(this.partialCode, partial, 0, need, out);
    return n;
  }

  /** Interprets one whole frame, `buf[start:end]` being its payload. */
  private frame(code: number, buf: Uint8Array, start: number, end: number, out: Value[]): void {
    // zng.md §2: version 0 readers skip frames of later versions by length
    // (zq v1.18 rejects them instead).
    if ((code & VERSION_BIT) !== 0) return;
    const kind = (code >> 4) & 3;
    if (kind === 3) throw new FormatError('unknown ZNG message frame type: 3');
    if ((code & COMPRESSED_BIT) !== 0) {
      buf = decompressPayload(buf, start, end, this.maxFrameSize);
      start = 0;
      end = buf.length;
    }
    if (kind === FrameKind.values) this.values(buf, start, end, out);
    else if (kind === FrameKind.types) this.types.decode(buf, start, end);
    else this.control(buf, start, end, out.length);
  }

  /**
   * Decodes a values frame: each value is a type ID then a tag-encoded body
   * (zng.md §2.2). The hot loop of every lake scan, so varints are inlined for
   * their one-byte case and each value costs one Value and one view.
   */
  private values(buf: Uint8Array, start: number, end: number, out: Value[]): void {
    const byId = this.types.byId;
    let p = start;
    while (p < end) {
      let id = buf[p++]!;
      if (id >= 0x80) {
        id = readUvarint(buf, p - 1, tmp);
        if (id < 0 || tmp.pos > end) throw new FormatError(MALFORMED);
        p = tmp.pos;
      }
      const type = byId[id];
      if (type === undefined) throw new FormatError(`zngio: type ID ${id} not in context`);
      if (p >= end) throw new FormatError(MALFORMED);
      let tag = buf[p++]!;
      if (tag >= 0x80) {
        tag = readUvarint(buf, p - 1, tmp);
        if (tag < 0 || tmp.pos > end) throw new FormatError(MALFORMED);
        p = tmp.pos;
      }
      if (tag === 0) {
        out.push(new Value(type, null));
        continue;
      }
      const stop = p + tag - 1;
      if (stop > end) throw new FormatError(MALFORMED);
      out.push(new Value(type, buf.subarray(p, stop)));
      p = stop;
    }
  }

  /** A control frame: an encoding byte then the message, as zngio writes it. */
  private control(buf: Uint8Array, start: number, end: number, index: number): void {
    if (start >= end) throw new FormatError(MALFORMED);
    this.onControl?.({ format: buf[start]!, body: buf.slice(start + 1, end), position: this.count + index });
  }
}

/** Decodes a whole ZNG byte sequence (any number of streams) into values of `ctx`. */
export function decodeZng(bytes: Uint8Array, ctx: TypeContext, opts: ZngDecoderOptions = {}): Value[] {
  const d = new ZngDecoder(ctx, opts);
  const values = d.push(bytes);
  d.end();
  return values;
}
