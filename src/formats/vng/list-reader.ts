// Rebuilds arrays, sets and maps: each value takes the next length from the
// lengths column and that many elements (map entries: a key then a value).

import { FormatError } from '../../errors/index.js';
import type { Type } from '../../zed/index.js';
import { containerSize, putTag, scratch, segmentAt, type ColumnReader } from './column-reader.js';
import { decodeIntColumn } from './int-column.js';
import type { SegmentRef } from './source.js';

export class ListReader implements ColumnReader {
  private lengths: Int32Array = new Int32Array(0);
  private index = 0;
  /** First row and element count of the batch last measured. */
  private first = 0;
  private count = 0;
  private keySizes: Int32Array = new Int32Array(0);
  private valueSizes: Int32Array | null = null;
  private bodies: Int32Array = new Int32Array(0);
  private sizes: Int32Array = new Int32Array(0);
  private keyPos: Int32Array = new Int32Array(0);
  private valuePos: Int32Array = new Int32Array(0);

  /** `elems` holds the elements; `values`, for maps, the entries' values. */
  constructor(
    readonly type: Type,
    readonly length: number,
    private readonly ref: SegmentRef,
    private readonly base: number,
    private readonly elems: ColumnReader,
    private readonly values: ColumnReader | null,
  ) {
    if (values !== null && values.length !== elems.length) {
      throw new FormatError(`corrupt VNG metadata: map has ${elems.length} keys and ${values.length} values`);
    }
  }

  load(): void {
    const at = segmentAt(this.ref, this.base);
    const lengths = decodeIntColumn(this.ref.bytes, this.length, 0x7fffffff, 'lengths', at);
    let total = 0;
    for (let i = 0; i < lengths.length; i++) total += lengths[i]!;
    if (total !== this.elems.length) {
      throw new FormatError(`VNG lengths column at offset ${at} counts ${total} elements, the metadata ${this.elems.length}`);
    }
    this.lengths = lengths;
    this.index = 0;
    this.elems.load();
    this.values?.load();
  }

  measure(n: number): Int32Array {
    const lengths = this.lengths;
    const first = this.index;
    if (first + n > lengths.length) throw new FormatError('VNG list column read past its end');
    let count = 0;
    for (let i = 0; i < n; i++) count += lengths[first + i]!;
    this.index = first + n;
    this.first = first;
    this.count = count;
    const ks = (this.keySizes = this.elems.measure(count));
    const vs = (this.valueSizes = this.values === null ? null : this.values.measure(count));
    const body = (this.bodies = scratch(this.bodies, n));
    const sz = (this.sizes = scratch(this.sizes, n));
    for (let i = 0, j = 0; i < n; i++) {
      let b = 0;
      for (const stop = j + lengths[first + i]!; j < stop; j++) b += vs === null ? ks[j]! : ks[j]! + vs[j]!;
      body[i] = b;
      sz[i] = containerSize(b);
    }
    return sz;
  }

  write(out: Uint8Array, pos: Int32Array, n: number): void {
    const lengths = this.lengths;
    const first = this.first;
    const ks = this.keySizes;
    const vs = this.valueSizes;
    const kp = (this.keyPos = scratch(this.keyPos, this.count));
    const vp = vs === null ? null : (this.valuePos = scratch(this.valuePos, this.count));
    const body = this.bodies;
    for (let i = 0, j = 0; i < n; i++) {
      let p = putTag(out, pos[i]!, body[i]!);
      pos[i] = p + body[i]!;
      for (const stop = j + lengths[first + i]!; j < stop; j++) {
        kp[j] = p;
        p += ks[j]!;
        if (vp !== null) {
          vp[j] = p;
          p += vs![j]!;
        }
      }
    }
    this.elems.write(out, kp, this.count);
    if (vp !== null) this.values!.write(out, vp, this.count);
  }
}
