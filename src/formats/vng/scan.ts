// A scan of a VNG object: its readers, built for a projection, and the
// segments they need. Iterating fetches those segments once, then rebuilds
// values a batch at a time into one buffer per batch; each value views it.

import { FormatError, InvalidError } from '../../errors/index.js';
import { readUvarint } from '../../util/uvarint.js';
import { Value, uniqueTypes, type Type } from '../../zed/index.js';
import { MAX_BATCH_BYTES, scratch, type Coded, type ColumnReader } from './column-reader.js';
import type { Segment } from './metadata.js';
import { asFormatError } from './errors.js';
import type { SegmentRef, SegmentSet, VngSource } from './source.js';
import { Interner } from './interner.js';
import { loadTags } from './union-reader.js';

/** The top of an object: one column tree, or one per type with a tags column. */
export type TopColumns =
  | { readonly kind: 'single'; readonly reader: ColumnReader }
  | { readonly kind: 'variant'; readonly members: readonly ColumnReader[]; readonly tags: SegmentRef; readonly length: number };

export interface ScanSettings {
  readonly batchSize: number;
  readonly coalesceGap: number;
  /** Hand out one Value object for equal values where that is cheap. */
  readonly shareValues: boolean;
}

const tmp = { pos: 0 };

export class VngScan implements AsyncIterable<Value[]> {
  private used = false;

  constructor(
    private readonly source: VngSource,
    private readonly set: SegmentSet,
    private readonly top: TopColumns,
    private readonly settings: ScanSettings,
  ) {}

  /** The segments this scan reads. */
  get segments(): Segment[] {
    return this.set.segments();
  }

  /** Number of values the scan yields. */
  get length(): number {
    return this.top.kind === 'single' ? this.top.reader.length : this.top.length;
  }

  /** The distinct types of the values, in type order. */
  get types(): Type[] {
    const t = this.top;
    return t.kind === 'single' ? [t.reader.type] : uniqueTypes(t.members.map((m) => m.type));
  }

  private start(): void {
    if (this.used) throw new InvalidError('A VNG scan can be read only once');
    this.used = true;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Value[]> {
    this.start();
    try {
      await this.set.fetch(this.source, this.settings.coalesceGap);
    } catch (e) {
      throw asFormatError(e, 'VNG');
    }
    yield* this.batches();
  }

  /** Reads synchronously; the source must answer synchronously (openVngBytes). */
  *batchesSync(): Generator<Value[]> {
    this.start();
    try {
      this.set.fetchSync(this.source, this.settings.coalesceGap);
    } catch (e) {
      throw asFormatError(e, 'VNG');
    }
    yield* this.batches();
  }

  async toArray(): Promise<Value[]> {
    const out: Value[] = [];
    for await (const batch of this) for (const v of batch) out.push(v);
    return out;
  }

  toArraySync(): Value[] {
    const out: Value[] = [];
    for (const batch of this.batchesSync()) for (const v of batch) out.push(v);
    return out;
  }

  private *batches(): Generator<Value[]> {
    const top = this.top;
    let tags: Int32Array | null = null;
    const members = top.kind === 'single' ? [top.reader] : top.members;
    try {
      if (top.kind === 'variant') tags = loadTags(top.tags, this.set.base, top.length, top.members, 'variant tags');
      for (const m of members) m.load();
    } catch (e) {
      throw asFormatError(e, 'VNG');
    }
    const share = this.settings.shareValues;
    const cols = members.map((m) => new TopColumn(m, share));
    const length = this.length;
    const size = Math.max(1, this.settings.batchSize);
    const interner = new Interner();
    for (let row = 0; row < length; ) {
      const n = Math.min(size, length - row);
      const batch = new Array<Value>(n);
      try {
        for (const c of cols) c.count = 0;
        if (tags === null) cols[0]!.count = n;
        else for (let i = row; i < row + n; i++) cols[tags[i]!]!.count++;
        // Columns read as bytes share one buffer, each in its own stretch.
        let total = 0;
        for (const c of cols) total = c.measure(total);
        if (total > MAX_BATCH_BYTES) throw new FormatError(`VNG values too large: a batch needs ${total} bytes`);
        const out = new Uint8Array(total);
        for (const c of cols) c.write(out);
        const shared = share && interner.active ? interner : null;
        for (const c of cols) c.cursor = 0;
        for (let i = 0; i < n; i++) {
          const c = cols[tags === null ? 0 : tags[row + i]!]!;
          batch[i] = c.value(out, c.cursor++, shared);
        }
        interner.endBatch();
      } catch (e) {
        throw asFormatError(e, 'VNG');
      }
      row += n;
      yield batch;
    }
  }
}

/**
 * One top-level column tree in a batch: read through its codes when it has
 * few distinct values (each built once and shared), else measured and
 * written into the batch's buffer.
 */
class TopColumn {
  count = 0;
  cursor = 0;
  private readonly type: Type;
  private readonly coded: Coded | null;
  private readonly cache: (Value | undefined)[] = [];
  private codes: Int32Array = new Int32Array(0);
  private starts: Int32Array = new Int32Array(0);
  private pos: Int32Array = new Int32Array(0);
  private sizes: Int32Array = new Int32Array(0);

  constructor(
    private readonly reader: ColumnReader,
    share: boolean,
  ) {
    this.type = reader.type;
    this.coded = share ? (reader.coded?.() ?? null) : null;
  }

  /** Takes this batch's values; lays out the bytes it writes from `at`; returns where they end. */
  measure(at: number): number {
    const n = this.count;
    if (this.coded !== null) {
      this.codes = scratch(this.codes, n);
      this.coded.codes(n, this.codes);
      return at;
    }
    const sizes = (this.sizes = this.reader.measure(n));
    const st = (this.starts = scratch(this.starts, n));
    const pos = (this.pos = scratch(this.pos, n));
    for (let i = 0; i < n; i++) {
      st[i] = at;
      pos[i] = at;
      at += sizes[i]!;
    }
    return at;
  }

  write(out: Uint8Array): void {
    if (this.coded === null) this.reader.write(out, this.pos, this.count);
  }

  /** The j-th value of this column in the batch. */
  value(out: Uint8Array, j: number, interner: Interner | null): Value {
    const coded = this.coded;
    if (coded !== null) {
      const code = this.codes[j]!;
      let v = this.cache[code];
      if (v === undefined) {
        const el = coded.element(code);
        v = topValue(this.type, el.slice(), 0, el.length, null);
        this.cache[code] = v;
      }
      return v;
    }
    const s = this.starts[j]!;
    return topValue(this.type, out, s, s + this.sizes[j]!, interner);
  }
}

/** A top-level value: the body of the element b[s:e] (its tag stripped), or a null. */
function topValue(type: Type, b: Uint8Array, s: number, e: number, interner: Interner | null): Value {
  const t = b[s]!;
  const body = t === 0 ? -1 : t < 0x80 ? s + 1 : skipTag(b, s);
  if (interner !== null) return interner.get(type, b, body, e);
  return new Value(type, body < 0 ? null : b.subarray(body, e));
}

function skipTag(b: Uint8Array, s: number): number {
  if (readUvarint(b, s, tmp) < 0) throw new FormatError('VNG: bad element tag');
  return tmp.pos;
}
