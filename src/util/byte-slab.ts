// Small byte strings cut from shared slabs: values built one at a time (a
// record a query makes per input value) get views of a slab rather than an
// array each, which costs V8 an allocation and a backing store apiece. A
// view keeps its whole slab alive, so this is for values that mostly die
// young or go out together.

/** Bytes of each slab. */
const SLAB = 1 << 16;

export class ByteSlab {
  #bytes = new Uint8Array(0);
  #at = 0;

  /** A copy of src[0:n] in the slab (in a new one when the current one is full). */
  copy(src: Uint8Array, n: number): Uint8Array {
    let bytes = this.#bytes;
    let at = this.#at;
    if (at + n > bytes.length) {
      bytes = this.#bytes = new Uint8Array(Math.max(SLAB, n));
      at = 0;
    }
    // (A record is a few dozen bytes: a loop copies them faster than set.)
    if (n < 64) for (let i = 0; i < n; i++) bytes[at + i] = src[i]!;
    else bytes.set(src.subarray(0, n), at);
    this.#at = at + n;
    return new Uint8Array(bytes.buffer, at, n);
  }
}
