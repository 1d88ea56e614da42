// Input bytes waiting to be framed: pushed chunks are copied into one
// growing buffer (so a value straddling any number of chunks, even 1-byte
// ones, costs no more than one copy in and one out); bytes are taken out as
// fresh copies because the Arrow data built on them outlives the buffer.

export class ByteQueue {
  private buf = new Uint8Array(1 << 12);
  private start = 0;
  private end = 0;
  /** Bytes taken so far: the stream offset of the queue's front. */
  consumed = 0;

  get length(): number {
    return this.end - this.start;
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    if (this.end + chunk.length > this.buf.length) {
      const live = this.end - this.start;
      let cap = this.buf.length;
      while (cap < live + chunk.length) cap *= 2;
      if (cap === this.buf.length && this.start > 0) {
        this.buf.copyWithin(0, this.start, this.end);
      } else {
        const next = new Uint8Array(cap);
        next.set(this.buf.subarray(this.start, this.end));
        this.buf = next;
      }
      this.start = 0;
      this.end = live;
    }
    this.buf.set(chunk, this.end);
    this.end += chunk.length;
  }

  /** The little-endian int32 at `pos` bytes from the front (pos + 4 <= length). */
  int32(pos: number): number {
    const b = this.buf;
    const p = this.start + pos;
    return b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24);
  }

  /** A view of `n` bytes from `pos`; valid only until the next push or take. */
  view(pos: number, n: number): Uint8Array {
    return this.buf.subarray(this.start + pos, this.start + pos + n);
  }

  /** Removes and returns (as a copy) the first `n` bytes. */
  take(n: number): Uint8Array {
    const out = this.buf.slice(this.start, this.start + n);
    this.skip(n);
    return out;
  }

  skip(n: number): void {
    this.start += n;
    this.consumed += n;
    if (this.start === this.end) {
      this.start = 0;
      this.end = 0;
      // Let a buffer that grew for one huge message go.
      if (this.buf.length > 1 << 24) this.buf = new Uint8Array(1 << 12);
    }
  }
}
