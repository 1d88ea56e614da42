// zcode: Zed's tag-encoded byte layout for values. Each element is a uvarint
// tag (0 = null, else length+1) followed by that many body bytes; container
// bodies are concatenations of elements (docs/formats/zng.md §2.2).

import { growBytes } from '../util/byte-writer.js';
import { putUvarint, readUvarint, uvarintSize } from '../util/uvarint.js';
import { FormatError } from '../errors/index.js';
import { putFloat64, putUint, uintSize } from './primitive-codec.js';

const pos = { pos: 0 };

/**
 * Reads the element at `off` of `buf` (which ends at `end`). Sets `el.start`
 * and `el.end` to the body bounds (start = -1 for null) and returns the offset
 * after the element. Throws FormatError on a malformed tag.
 */
export function readElement(buf: Uint8Array, off: number, end: number, el: { start: number; end: number }): number {
  const b = buf[off];
  let tag: number;
  let body: number;
  if (b !== undefined && b < 0x80) {
    tag = b;
    body = off + 1;
  } else {
    tag = readUvarint(buf, off, pos);
    if (tag < 0) throw new FormatError('zcode: malformed tag');
    body = pos.pos;
  }
  if (tag === 0) {
    el.start = -1;
    el.end = -1;
    return body;
  }
  const stop = body + tag - 1;
  if (stop > end) throw new FormatError('zcode: element overruns its container');
  el.start = body;
  el.end = stop;
  return stop;
}

/** Iterates the elements of a container body, yielding subarrays (null for null). */
export class ZIter {
  private off: number;
  private readonly end: number;
  private readonly el = { start: 0, end: 0 };
  constructor(private readonly buf: Uint8Array) {
    this.off = 0;
    this.end = buf.length;
  }
  done(): boolean {
    return this.off >= this.end;
  }
  next(): Uint8Array | null {
    this.off = readElement(this.buf, this.off, this.end, this.el);
    return this.el.start < 0 ? null : this.buf.subarray(this.el.start, this.el.end);
  }
}

/** Splits a container body into its elements. */
export function elements(body: Uint8Array): (Uint8Array | null)[] {
  const out: (Uint8Array | null)[] = [];
  const it = new ZIter(body);
  while (!it.done()) out.push(it.next());
  return out;
}

/**
 * Builds zcode. Containers nest with begin/end; a container's tag is written
 * when it ends, in the byte kept for it, or with its body shifted right
 * when the tag needs more (bodies of 127 bytes or more).
 */
export class Builder {
  buf: Uint8Array;
  len = 0;
  private readonly stack: number[] = [];

  constructor(capacity = 256) {
    this.buf = new Uint8Array(capacity);
  }

  private grow(n: number): void {
    if (this.len + n > this.buf.length) this.buf = growBytes(this.buf, this.len, this.len + n);
  }

  reset(): void {
    this.len = 0;
    // (Setting an array's length costs a call into V8 even when it is unchanged.)
    if (this.stack.length !== 0) this.stack.length = 0;
  }

  /** Appends one element: a body, or null. */
  append(body: Uint8Array | null): void {
    if (body === null) {
      this.grow(1);
      this.buf[this.len++] = 0;
      return;
    }
    const n = body.length;
    this.grow(n + 10);
    this.len = putUvarint(this.buf, this.len, n + 1);
    this.buf.set(body, this.len);
    this.len += n;
  }

  /** Appends an unsigned integer's element, for 0 <= n < 2^53 (as encodeUint's body). */
  appendUint(n: number): void {
    const len = uintSize(n);
    this.grow(len + 1);
    this.buf[this.len] = len + 1;
    this.len = putUint(this.buf, this.len + 1, n);
  }

  /** Appends a signed integer's element, for |n| < 2^52 (as encodeInt's body). */
  appendInt(n: number): void {
    this.appendUint(n >= 0 ? n * 2 : -n * 2 + 1);
  }

  /** Appends a float64's element (as encodeFloat64's body). */
  appendFloat64(x: number): void {
    this.grow(9);
    this.buf[this.len] = 9;
    putFloat64(this.buf, this.len + 1, x);
    this.len += 9;
  }

  /** Appends the element whose body is `src[start:end]` (start < 0 means null). */
  appendRange(src: Uint8Array, start: number, end: number): void {
    if (start < 0) {
      this.append(null);
      return;
    }
    const n = end - start;
    this.grow(n + 10);
    const buf = this.buf;
    let o: number;
    if (n < 0x7f) {
      buf[this.len] = n + 1;
      o = this.len + 1;
    } else o = putUvarint(buf, this.len, n + 1);
    // (A loop copies a few dozen bytes faster than set, which makes a view.)
    if (n < 32) for (let k = start; k < end; k++) buf[o++] = src[k]!;
    else {
      buf.set(src.subarray(start, end), o);
      o += n;
    }
    this.len = o;
  }

  /** Appends an element as encoded (its tag and body): src[start:end]. */
  appendEncoded(src: Uint8Array, start: number, end: number): void {
    const n = end - start;
    this.grow(n);
    if (n < 32) for (let k = 0; k < n; k++) this.buf[this.len + k] = src[start + k]!;
    else this.buf.set(src.subarray(start, end), this.len);
    this.len += n;
  }

  /** Reserves a body of exactly `n` bytes and returns its offset in `this.buf`. */
  appendBody(n: number): number {
    this.grow(n + 10);
    this.len = putUvarint(this.buf, this.len, n + 1);
    const at = this.len;
    this.len += n;
    return at;
  }

  beginContainer(): void {
    // A byte for the tag, which most containers' bodies need alone.
    this.grow(1);
    this.stack.push(this.len);
    this.len++;
  }

  endContainer(): void {
    const start = this.stack.pop();
    if (start === undefined) throw new Error('zcode: endContainer without beginContainer');
    const n = this.len - start - 1;
    if (n + 1 < 0x80) {
      this.buf[start] = n + 1;
      return;
    }
    // A longer tag: the body moves right past it.
    const more = uvarintSize(n + 1) - 1;
    this.grow(more);
    this.buf.copyWithin(start + 1 + more, start + 1, this.len);
    putUvarint(this.buf, start, n + 1);
    this.len += more;
  }

  /** A copy of the bytes built so far (a sequence of elements). */
  bytes(): Uint8Array {
    return this.buf.slice(0, this.len);
  }

  /**
   * When exactly one element was built, a copy of its body (null when it is a
   * null). Used to build a single value with containers.
   */
  body(): Uint8Array | null {
    const el = { start: 0, end: 0 };
    readElement(this.buf, 0, this.len, el);
    return el.start < 0 ? null : this.buf.slice(el.start, el.end);
  }
}
