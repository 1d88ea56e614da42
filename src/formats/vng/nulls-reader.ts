// Puts a column's nulls back: alternating runs of values and nulls, starting
// with values, say where the inner column's values go.

import { FormatError } from '../../errors/index.js';
import { MAX_CODES, scratch, segmentAt, type Coded, type ColumnReader } from './column-reader.js';
import { decodeIntColumn } from './int-column.js';
import type { NullsMeta } from './metadata.js';
import type { SegmentRef } from './source.js';

export class NullsReader implements ColumnReader {
  private runs: Int32Array = new Int32Array(0);
  private run = 0;
  private remaining = 0;
  private inNulls = true;
  private isNull = new Uint8Array(0);
  /** Values (not nulls) among the rows last measured. */
  private values = 0;
  private sizes: Int32Array = new Int32Array(0);
  private innerPos: Int32Array = new Int32Array(0);

  constructor(
    private readonly inner: ColumnReader,
    private readonly meta: NullsMeta,
    private readonly ref: SegmentRef,
    private readonly base: number,
  ) {}

  get type(): ColumnReader['type'] {
    return this.inner.type;
  }

  get length(): number {
    return this.meta.count + this.inner.length;
  }

  load(): void {
    const at = segmentAt(this.ref, this.base);
    const runs = decodeIntColumn(this.ref.bytes, null, 0x7fffffff, 'nulls', at);
    let values = 0;
    let nulls = 0;
    for (let i = 0; i < runs.length; i++) {
      if (i % 2 === 0) values += runs[i]!;
      else nulls += runs[i]!;
    }
    if (nulls !== this.meta.count || values !== this.inner.length) {
      throw new FormatError(
        `VNG nulls column at offset ${at} has runs of ${values} values and ${nulls} nulls, expected ${this.inner.length} and ${this.meta.count}`,
      );
    }
    this.runs = runs;
    this.run = 0;
    this.remaining = 0;
    this.inNulls = true;
    this.inner.load();
  }

  /** Codes: 0 for a null, 1 + the inner code for a value. */
  coded(): Coded | null {
    const inner = this.inner.coded?.() ?? null;
    if (inner === null || inner.cardinality + 1 > MAX_CODES) return null;
    const nullElement = new Uint8Array(1);
    return {
      cardinality: inner.cardinality + 1,
      codes: (n, out) => {
        const values = this.markNulls(n);
        const ic = (this.innerCodes = scratch(this.innerCodes, values));
        inner.codes(values, ic);
        const isNull = this.isNull;
        for (let i = 0, j = 0; i < n; i++) out[i] = isNull[i] === 1 ? 0 : ic[j++]! + 1;
      },
      element: (code) => (code === 0 ? nullElement : inner.element(code - 1)),
    };
  }

  private innerCodes: Int32Array = new Int32Array(0);

  /** Marks which of the next n rows are null, run by run; returns how many are not. */
  private markNulls(n: number): number {
    if (this.isNull.length < n) this.isNull = new Uint8Array(Math.max(n, this.isNull.length * 2));
    const isNull = this.isNull;
    // Marks which of the next n rows are null, run by run.
    let values = 0;
    for (let i = 0; i < n; ) {
      while (this.remaining === 0) {
        const r = this.runs[this.run++];
        if (r === undefined) throw new FormatError(`VNG nulls column at offset ${segmentAt(this.ref, this.base)} ran out of runs`);
        this.remaining = r;
        this.inNulls = !this.inNulls;
      }
      const take = Math.min(this.remaining, n - i);
      isNull.fill(this.inNulls ? 1 : 0, i, i + take);
      if (!this.inNulls) values += take;
      this.remaining -= take;
      i += take;
    }
    return values;
  }

  measure(n: number): Int32Array {
    const values = this.markNulls(n);
    const isNull = this.isNull;
    this.values = values;
    const inner = this.inner.measure(values);
    if (values === n) return inner;
    const sz = (this.sizes = scratch(this.sizes, n));
    for (let i = 0, j = 0; i < n; i++) sz[i] = isNull[i] === 1 ? 1 : inner[j++]!;
    return sz;
  }

  write(out: Uint8Array, pos: Int32Array, n: number): void {
    const k = this.values;
    if (k === n) {
      this.inner.write(out, pos, n);
      return;
    }
    const isNull = this.isNull;
    const ip = (this.innerPos = scratch(this.innerPos, k));
    for (let i = 0, j = 0; i < n; i++) {
      if (isNull[i] === 1) out[pos[i]!++] = 0;
      else ip[j++] = pos[i]!;
    }
    this.inner.write(out, ip, k);
    for (let i = 0, j = 0; i < n; i++) if (isNull[i] !== 1) pos[i] = ip[j++]!;
  }
}
