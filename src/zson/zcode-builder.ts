// The ZSON reader's zcode builder. ZSON types a value by decorators written
// after it, so besides appending elements this builder can rewind, wrap an
// element it already holds as a union value, and normalize an open set or
// map in place (docs/formats/zng.md §2.2). Primitives are encoded straight
// into the buffer, without a Uint8Array per value.

import { growBytes } from '../util/byte-writer.js';
import { putUvarint, readUvarint, uvarintSize } from '../util/uvarint.js';
import { compareBytes } from '../util/utf8.js';
import { float32ToFloat16Bits } from '../zed/index.js';

const TWO32 = 2 ** 32;

export class ZcodeBuilder {
  buf = new Uint8Array(1024);
  len = 0;
  /** Offsets of the one-byte tag placeholders of the open containers. */
  private stack = new Int32Array(64);
  private sp = 0;
  private readonly scratch = new DataView(new ArrayBuffer(8));
  private readonly pos = { pos: 0 };

  reset(): void {
    this.len = 0;
    this.sp = 0;
  }

  /** Number of open containers. */
  get depth(): number {
    return this.sp;
  }

  /** Drops what was built after `mark` and forgets containers opened after `depth`. */
  truncate(mark: number, depth: number): void {
    this.len = mark;
    this.sp = depth;
  }

  private grow(n: number): void {
    if (this.len + n > this.buf.length) this.buf = growBytes(this.buf, this.len, this.len + n);
  }

  appendNull(): void {
    this.grow(1);
    this.buf[this.len++] = 0;
  }

  /** Starts an element whose body is `n` bytes; returns the body's offset. */
  private element(n: number): number {
    this.grow(n + 10);
    if (n < 127) this.buf[this.len++] = n + 1;
    else this.len = putUvarint(this.buf, this.len, n + 1);
    const at = this.len;
    this.len += n;
    return at;
  }

  appendBytes(b: Uint8Array): void {
    const at = this.element(b.length);
    this.buf.set(b, at);
  }

  /** Appends the raw bytes of already-encoded elements. */
  appendRaw(b: Uint8Array): void {
    this.grow(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }

  /** An unsigned body from a number in [0, 2^53). */
  appendUintNumber(n: number): void {
    let size = 0;
    if (n >= TWO32) size = 4 + byteCount(Math.floor(n / TWO32));
    else size = byteCount(n);
    const at = this.element(size);
    const buf = this.buf;
    let lo = n % TWO32;
    for (let i = 0; i < size && i < 4; i++) {
      buf[at + i] = lo & 0xff;
      lo = lo >>> 8;
    }
    let hi = Math.floor(n / TWO32);
    for (let i = 4; i < size; i++) {
      buf[at + i] = hi & 0xff;
      hi = hi >>> 8;
    }
  }

  /** An unsigned body from a bigint in [0, 2^64). */
  appendUintBig(n: bigint): void {
    if (n <= 0x1fffffffffffffn) {
      this.appendUintNumber(Number(n));
      return;
    }
    const dv = this.scratch;
    dv.setBigUint64(0, n, true);
    let size = 8;
    while (size > 0 && dv.getUint8(size - 1) === 0) size--;
    const at = this.element(size);
    for (let i = 0; i < size; i++) this.buf[at + i] = dv.getUint8(i);
  }

  /** A signed (sign-magnitude, see primitive-codec) body from an integer number with |n| < 2^52. */
  appendIntNumber(n: number): void {
    this.appendUintNumber(n >= 0 ? n * 2 : -n * 2 + 1);
  }

  /** A signed (sign-magnitude) body from a bigint in the int64 range. */
  appendIntBig(n: bigint): void {
    this.appendUintBig(BigInt.asUintN(64, n >= 0n ? n << 1n : ((-n) << 1n) | 1n));
  }

  appendFloat64(x: number): void {
    const at = this.element(8);
    this.scratch.setFloat64(0, x, true);
    for (let i = 0; i < 8; i++) this.buf[at + i] = this.scratch.getUint8(i);
  }

  appendFloat32(x: number): void {
    const at = this.element(4);
    this.scratch.setFloat32(0, x, true);
    for (let i = 0; i < 4; i++) this.buf[at + i] = this.scratch.getUint8(i);
  }

  appendFloat16(x: number): void {
    const at = this.element(2);
    const h = float32ToFloat16Bits(x);
    this.buf[at] = h & 0xff;
    this.buf[at + 1] = h >> 8;
  }

  appendBool(b: boolean): void {
    const at = this.element(1);
    this.buf[at] = b ? 1 : 0;
  }

  /** A body from a string known to be ASCII. */
  appendAscii(s: string): void {
    const n = s.length;
    const at = this.element(n);
    const buf = this.buf;
    for (let i = 0; i < n; i++) buf[at + i] = s.charCodeAt(i);
  }

  /** A UTF-8 body from a JS string; lone surrogates become U+FFFD as TextEncoder does. */
  appendString(s: string): void {
    const n = s.length;
    let size = 0;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) size++;
      else if (c < 0x800) size += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && isLowSurrogate(s.charCodeAt(i + 1))) {
        size += 4;
        i++;
      } else size += 3;
    }
    let at = this.element(size);
    const buf = this.buf;
    if (size === n) {
      for (let i = 0; i < n; i++) buf[at + i] = s.charCodeAt(i);
      return;
    }
    for (let i = 0; i < n; i++) {
      let c = s.charCodeAt(i);
      if (c < 0x80) {
        buf[at++] = c;
      } else if (c < 0x800) {
        buf[at++] = 0xc0 | (c >> 6);
        buf[at++] = 0x80 | (c & 0x3f);
      } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && isLowSurrogate(s.charCodeAt(i + 1))) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(++i) - 0xdc00);
        buf[at++] = 0xf0 | (cp >> 18);
        buf[at++] = 0x80 | ((cp >> 12) & 0x3f);
        buf[at++] = 0x80 | ((cp >> 6) & 0x3f);
        buf[at++] = 0x80 | (cp & 0x3f);
      } else {
        if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
        buf[at++] = 0xe0 | (c >> 12);
        buf[at++] = 0x80 | ((c >> 6) & 0x3f);
        buf[at++] = 0x80 | (c & 0x3f);
      }
    }
  }

  beginContainer(): void {
    this.grow(1);
    if (this.sp === this.stack.length) {
      const next = new Int32Array(this.stack.length * 2);
      next.set(this.stack);
      this.stack = next;
    }
    this.stack[this.sp++] = this.len;
    this.buf[this.len++] = 0;
  }

  /** Offset of the body of the innermost open container. */
  openBody(): number {
    return this.stack[this.sp - 1]! + 1;
  }

  endContainer(): void {
    const start = this.stack[--this.sp]!;
    const tag = this.len - start; // body length + 1
    const size = uvarintSize(tag);
    if (size > 1) {
      this.grow(size - 1);
      this.buf.copyWithin(start + size, start + 1, this.len);
      this.len += size - 1;
    }
    putUvarint(this.buf, start, tag);
  }

  /**
   * Replaces the element at `mark` (the last one built) with a union value
   * holding it under `selector`: a container of the selector (an int) and it.
   */
  wrapUnion(mark: number, selector: number): void {
    const zz = selector * 2;
    const selSize = byteCount(zz);
    const inner = this.len - mark;
    const body = 1 + selSize + inner;
    const tagSize = uvarintSize(body + 1);
    const shift = tagSize + 1 + selSize;
    this.grow(shift);
    const buf = this.buf;
    buf.copyWithin(mark + shift, mark, this.len);
    let at = putUvarint(buf, mark, body + 1);
    buf[at++] = selSize + 1;
    for (let i = 0, x = zz; i < selSize; i++, x = Math.floor(x / 256)) buf[at++] = x % 256;
    this.len += shift;
  }

  /** The elements from `from` to the end, as [start, end) offset pairs. */
  private elementSpans(from: number): number[] {
    const spans: number[] = [];
    const buf = this.buf;
    for (let off = from; off < this.len; ) {
      const tag = readUvarint(buf, off, this.pos);
      const end = tag === 0 ? this.pos.pos : this.pos.pos + tag - 1;
      spans.push(off, end);
      off = end;
    }
    return spans;
  }

  /** Copies out the elements from `from` on and rewinds to `from`; returns their spans in the copy. */
  takeElements(from: number): { bytes: Uint8Array; spans: number[] } {
    const spans = this.elementSpans(from);
    const bytes = this.buf.slice(from, this.len);
    for (let i = 0; i < spans.length; i++) spans[i]! -= from;
    this.len = from;
    return { bytes, spans };
  }

  /** Sorts the open container's elements by their bytes and drops duplicates (a set). */
  normalizeSet(): void {
    this.normalize(1);
  }

  /** Sorts the open container's key/value pairs by key bytes and drops repeated keys (a map). */
  normalizeMap(): void {
    this.normalize(2);
  }

  private normalize(stride: 1 | 2): void {
    const from = this.openBody();
    const spans = this.elementSpans(from);
    const n = spans.length / (2 * stride);
    if (n < 2) return;
    const buf = this.buf;
    const key = (i: number) => buf.subarray(spans[i * 2 * stride]!, spans[i * 2 * stride + 1]!);
    const order = Array.from({ length: n }, (_, i) => i);
    // Array.prototype.sort is stable, so the first of equal keys is kept.
    order.sort((a, b) => compareBytes(key(a), key(b)));
    const out = new Uint8Array(this.len - from);
    let at = 0;
    let prev: Uint8Array | null = null;
    for (const i of order) {
      const k = key(i);
      if (prev !== null && compareBytes(prev, k) === 0) continue;
      prev = k;
      const start = spans[i * 2 * stride]!;
      const end = spans[i * 2 * stride + 2 * stride - 1]!;
      out.set(buf.subarray(start, end), at);
      at += end - start;
    }
    buf.set(out.subarray(0, at), from);
    this.len = from + at;
  }

  /** A copy of the body of the element at `mark`, or null when it is a null. */
  bodyAt(mark: number): Uint8Array | null {
    const tag = readUvarint(this.buf, mark, this.pos);
    if (tag === 0) return null;
    const start = this.pos.pos;
    return this.buf.slice(start, start + tag - 1);
  }
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Bytes in the minimal little-endian form of 0 <= n < 2^32 (0 for 0). */
function byteCount(n: number): number {
  if (n === 0) return 0;
  if (n < 0x100) return 1;
  if (n < 0x10000) return 2;
  if (n < 0x1000000) return 3;
  return 4;
}
