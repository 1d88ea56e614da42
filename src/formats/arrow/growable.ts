// Growable typed arrays and validity bitmaps for the column writers: values
// are appended one at a time and taken out as exact-size copies per batch.

type Numeric = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;

export class Growable<T extends Numeric> {
  a: T;
  n = 0;
  constructor(private readonly make: (n: number) => T, capacity = 256) {
    this.a = make(capacity);
  }

  /** Makes room for `k` more elements; returns the (possibly new) array. */
  reserve(k: number): T {
    const need = this.n + k;
    if (need > this.a.length) {
      let cap = this.a.length * 2;
      while (cap < need) cap *= 2;
      const next = this.make(cap);
      next.set(this.a.subarray(0, this.n) as never);
      this.a = next;
    }
    return this.a;
  }

  push(x: number): void {
    if (this.n === this.a.length) this.reserve(1);
    this.a[this.n++] = x;
  }

  /** An exact-size copy of the elements so far; the array starts over. */
  take(): T {
    const out = this.a.slice(0, this.n) as T;
    this.n = 0;
    return out;
  }
}

export const int8s = (n: number) => new Int8Array(n);
export const uint8s = (n: number) => new Uint8Array(n);
export const int16s = (n: number) => new Int16Array(n);
export const uint16s = (n: number) => new Uint16Array(n);
export const int32s = (n: number) => new Int32Array(n);
export const uint32s = (n: number) => new Uint32Array(n);

/** A validity bitmap (bit set = valid), LSB first as Arrow lays it out. */
export class Validity {
  private bits = new Uint8Array(32);
  length = 0;
  nulls = 0;

  push(valid: boolean): void {
    const i = this.length++;
    const byte = i >> 3;
    if (byte >= this.bits.length) {
      const next = new Uint8Array(this.bits.length * 2);
      next.set(this.bits);
      this.bits = next;
    }
    if (valid) this.bits[byte]! |= 1 << (i & 7);
    else this.nulls++;
  }

  /** The bitmap (undefined when every value is valid) and null count; starts over. */
  take(): { nullBitmap: Uint8Array | undefined; nullCount: number } {
    const out = { nullBitmap: this.nulls > 0 ? this.bits.slice(0, (this.length + 7) >> 3) : undefined, nullCount: this.nulls };
    this.bits.fill(0, 0, (this.length + 7) >> 3);
    this.length = 0;
    this.nulls = 0;
    return out;
  }
}
