// A growable byte buffer for encoders: amortized appends, no per-write allocation.

import { putUvarint, uvarintSize } from './uvarint.js';

export class ByteWriter {
  buf: Uint8Array;
  len = 0;

  constructor(capacity = 1024) {
    this.buf = new Uint8Array(capacity);
  }

  /** Makes room for `n` more bytes. */
  reserve(n: number): void {
    const need = this.len + n;
    if (need <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < need) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  byte(b: number): void {
    if (this.len >= this.buf.length) this.reserve(1);
    this.buf[this.len++] = b;
  }

  bytes(b: Uint8Array): void {
    this.reserve(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
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
