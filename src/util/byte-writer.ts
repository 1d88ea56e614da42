// A growable byte buffer for encoders: amortized appends, no per-write
// allocation. Classes that write into a buffer of their own (zcode builders,
// the JSON arena) grow it with growBytes; text writers extend ByteWriter.

import { putUvarint, uvarintSize } from './uvarint.js';

/**
 * A buffer of at least `need` bytes that starts with buf[0:used]: `buf`
 * itself when it is large enough, else a new one of twice its size (or
 * more), so that appends cost amortized constant time.
 */
export function growBytes<T extends ArrayBufferLike>(buf: Uint8Array<T>, used: number, need: number): Uint8Array<T> | Uint8Array<ArrayBuffer> {
  if (need <= buf.length) return buf;
  let cap = Math.max(buf.length * 2, 64);
  while (cap < need) cap *= 2;
  const next = new Uint8Array(cap);
  next.set(buf.subarray(0, used));
  return next;
}

export class ByteWriter {
  buf: Uint8Array;
  len = 0;

  constructor(capacity = 1024) {
    this.buf = new Uint8Array(capacity);
  }

  /** Makes room for `n` more bytes. */
  reserve(n: number): void {
    if (this.len + n > this.buf.length) this.buf = growBytes(this.buf, this.len, this.len + n);
  }

  byte(b: number): void {
    if (this.len >= this.buf.length) this.reserve(1);
    this.buf[this.len++] = b;
  }

  bytes(src: Uint8Array): void {
    const n = src.length;
    if (this.len + n > this.buf.length) this.reserve(n);
    // A loop beats TypedArray.set on the short runs text and keys mostly are.
    if (n < 16) {
      const b = this.buf;
      let at = this.len;
      for (let i = 0; i < n; i++) b[at++] = src[i]!;
      this.len = at;
    } else {
      this.buf.set(src, this.len);
      this.len += n;
    }
  }

  uvarint(n: number): void {
    this.reserve(10);
    this.len = putUvarint(this.buf, this.len, n);
  }

  /** Appends a uvarint length followed by the bytes (a "counted string"). */
  counted(b: Uint8Array): void {
    this.reserve(uvarintSize(b.length) + b.length);
    this.len = putUvarint(this.buf, this.len, b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }

  /** Takes `bytes` as what was written (the writer uses that array from now on). */
  assign(bytes: Uint8Array): void {
    this.buf = bytes;
    this.len = bytes.length;
  }

  /** A view of what was written (shares memory; copy before the next reset). */
  view(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }

  /** A copy of what was written. */
  take(): Uint8Array {
    return this.buf.slice(0, this.len);
  }

  reset(): void {
    this.len = 0;
  }
}
