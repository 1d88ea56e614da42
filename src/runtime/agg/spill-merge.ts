// Reading spilled runs back in key order: a cursor per run and a binary
// min-heap over the cursors' current keys (Zed's spill.MergeSort).

import { Value, readElement, type RecordType } from '../../zed/index.js';
import type { RunReader } from './spill-run.js';

/** A run positioned at a row of group keys and the aggregates' partials. */
export interface RunCursor {
  keys: Value[];
  partials: Value[];
  /** Moves to the next row: true when there is one (synchronously when buffered). */
  advance(): boolean | Promise<boolean>;
}

const el = { start: 0, end: 0 };

/** A cursor over a spilled run of flat {k0,...,p0,...} records. */
export class FileCursor implements RunCursor {
  keys: Value[] = [];
  partials: Value[] = [];
  private rows: Value[] = [];
  private i = 0;

  constructor(
    private readonly reader: RunReader,
    private readonly nkeys: number,
  ) {}

  advance(): boolean | Promise<boolean> {
    if (this.i < this.rows.length) {
      this.load(this.rows[this.i++]!);
      return true;
    }
    return this.refill();
  }

  private async refill(): Promise<boolean> {
    this.rows = await this.reader.next();
    this.i = 0;
    if (this.rows.length === 0) return false;
    this.load(this.rows[this.i++]!);
    return true;
  }

  private load(row: Value): void {
    const fields = (row.type as RecordType).fields;
    const b = row.bytes!;
    const keys: Value[] = [];
    const partials: Value[] = [];
    let off = 0;
    for (let f = 0; f < fields.length; f++) {
      off = readElement(b, off, b.length, el);
      const v = new Value(fields[f]!.type, el.start < 0 ? null : b.subarray(el.start, el.end));
      if (f < this.nkeys) keys.push(v);
      else partials.push(v);
    }
    this.keys = keys;
    this.partials = partials;
  }
}

/** A binary min-heap. */
export class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly cmp: (a: T, b: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(x: T): void {
    const a = this.items;
    a.push(x);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.cmp(a[i]!, a[p]!) >= 0) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }

  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.cmp(a[l]!, a[m]!) < 0) m = l;
        if (r < a.length && this.cmp(a[r]!, a[m]!) < 0) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}
