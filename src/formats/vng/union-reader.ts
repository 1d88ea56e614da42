// Tag columns: which member column each value comes from. UnionReader
// rebuilds union values (tag, then the member's value); the top of an object
// uses loadTags and MemberBatch to pick among its per-type column trees.

import { FormatError } from '../../errors/index.js';
import { Builder, encodeInt, type UnionType } from '../../zed/index.js';
import { containerSize, putTag, scratch, segmentAt, type ColumnReader } from './column-reader.js';
import { decodeIntColumn } from './int-column.js';
import type { SegmentRef } from './source.js';

/** Decodes a tags column and checks each member gets as many values as it holds. */
export function loadTags(ref: SegmentRef, base: number, length: number, members: readonly { length: number }[], what: string): Int32Array {
  const at = segmentAt(ref, base);
  const tags = decodeIntColumn(ref.bytes, length, 0x7fffffff, what, at);
  const counts = new Array<number>(members.length).fill(0);
  for (let i = 0; i < tags.length; i++) {
    const t = tags[i]!;
    if (t >= members.length) {
      throw new FormatError(`VNG ${what} column at offset ${at}: tag ${t} when there are only ${members.length} types`);
    }
    counts[t]!++;
  }
  members.forEach((m, i) => {
    if (counts[i] !== m.length) {
      throw new FormatError(`VNG ${what} column at offset ${at} gives ${counts[i]} values to member ${i}, which holds ${m.length}`);
    }
  });
  return tags;
}

/** A batch read from several members as tags[first:first+n] pick them. */
export class MemberBatch {
  readonly counts: number[];
  private readonly sizes: Int32Array[];
  private readonly cursor: number[];
  private readonly positions: Int32Array[];

  constructor(private readonly members: readonly ColumnReader[]) {
    this.counts = members.map(() => 0);
    this.sizes = members.map((): Int32Array => new Int32Array(0));
    this.cursor = members.map(() => 0);
    this.positions = members.map((): Int32Array => new Int32Array(0));
  }

  /** Measures the members' values for the batch; returns the size of each row's element. */
  measure(tags: Int32Array, first: number, n: number, out: Int32Array): void {
    const counts = this.counts;
    counts.fill(0);
    for (let i = first; i < first + n; i++) counts[tags[i]!]!++;
    this.members.forEach((m, k) => (this.sizes[k] = m.measure(counts[k]!)));
    const cursor = this.cursor;
    cursor.fill(0);
    for (let i = 0; i < n; i++) {
      const t = tags[first + i]!;
      out[i] = this.sizes[t]![cursor[t]!++]!;
    }
  }

  /** Writes the values measured: row i's at out[at[i]:]. */
  write(tags: Int32Array, first: number, n: number, out: Uint8Array, at: Int32Array): void {
    const counts = this.counts;
    const positions = this.positions;
    counts.forEach((c, k) => (positions[k] = scratch(positions[k]!, c)));
    const cursor = this.cursor;
    cursor.fill(0);
    for (let i = 0; i < n; i++) {
      const t = tags[first + i]!;
      positions[t]![cursor[t]!++] = at[i]!;
    }
    this.members.forEach((m, k) => m.write(out, positions[k]!, counts[k]!));
  }
}

export class UnionReader implements ColumnReader {
  private tags: Int32Array = new Int32Array(0);
  private index = 0;
  private first = 0;
  /** The zcode element of each member's tag in the output union type. */
  private readonly tagElements: Uint8Array[];
  private readonly batch: MemberBatch;
  private inner: Int32Array = new Int32Array(0);
  private sizes: Int32Array = new Int32Array(0);
  private at: Int32Array = new Int32Array(0);

  constructor(
    readonly type: UnionType,
    readonly length: number,
    private readonly ref: SegmentRef,
    private readonly base: number,
    private readonly members: readonly ColumnReader[],
  ) {
    // Members are stored in the union's type order; the selector is looked up
    // anyway so that a file written in another order still reads right.
    this.tagElements = members.map((m) => {
      const b = new Builder(4);
      b.append(encodeInt(type.selectorOf(m.type)));
      return b.bytes();
    });
    this.batch = new MemberBatch(members);
  }

  load(): void {
    this.tags = loadTags(this.ref, this.base, this.length, this.members, 'union tags');
    this.index = 0;
    for (const m of this.members) m.load();
  }

  measure(n: number): Int32Array {
    const first = this.index;
    if (first + n > this.tags.length) throw new FormatError('VNG union column read past its end');
    this.index = first + n;
    this.first = first;
    const inner = (this.inner = scratch(this.inner, n));
    this.batch.measure(this.tags, first, n, inner);
    const sz = (this.sizes = scratch(this.sizes, n));
    for (let i = 0; i < n; i++) {
      inner[i] = inner[i]! + this.tagElements[this.tags[first + i]!]!.length;
      sz[i] = containerSize(inner[i]!);
    }
    return sz;
  }

  write(out: Uint8Array, pos: Int32Array, n: number): void {
    const tags = this.tags;
    const first = this.first;
    const inner = this.inner;
    const at = (this.at = scratch(this.at, n));
    for (let i = 0; i < n; i++) {
      const el = this.tagElements[tags[first + i]!]!;
      let p = putTag(out, pos[i]!, inner[i]!);
      pos[i] = p + inner[i]!;
      for (let k = 0; k < el.length; k++) out[p++] = el[k]!;
      at[i] = p;
    }
    this.batch.write(tags, first, n, out, at);
  }
}
