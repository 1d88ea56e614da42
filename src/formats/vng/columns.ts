// Reading a few leaf columns of a VNG object, a batch of rows at a time, for
// code that works on columns rather than values (the lake's columnar
// aggregation). Each path names a field reached through records: every
// value must be a record with every record on the path non-null, so that
// row i of each column is the field of value i; where the values of a type
// lack the field, its column is error("missing") throughout. Values of each type are
// read apart (a VNG object keeps a column tree per type). A column of few
// distinct values is read as codes; any other as its zcode elements, back
// to back in one buffer per batch.

import { FormatError } from '../../errors/index.js';
import { encodeUtf8 } from '../../util/utf8.js';
import { TypeString, type Type, type TypeContext } from '../../zed/index.js';
import type { CodedColumn } from './coded-column.js';
import type { NumberColumn } from './number-column.js';
import { ConstReader, scratch, type Coded, type CodeSource, type ColumnReader } from './column-reader.js';
import { asFormatError } from './errors.js';
import type { Meta } from './metadata.js';
import type { VngObject } from './object.js';
import { ReaderBuilder } from './reader-factory.js';
import type { ElementColumn } from './element-column.js';
import { SegmentSet, type SegmentCacheView, type SegmentRef } from './source.js';
import { loadTags } from './union-reader.js';

const DEFAULT_MAX_VALUES = 2 ** 31;
const NO_BYTES = new Uint8Array(0);
const MISSING = encodeUtf8('missing');

/** Each column of codes' count of rows per code (see ColumnCursor.codeCounts), for as long as the codes are held. */
const COUNTS = new WeakMap<Int32Array, Int32Array>();

/** One column of the current batch. */
export class ColumnCursor {
  /** Codes mode: the column's codes, 0 to cardinality - 1 (-1 when read as elements). */
  cardinality: number;
  /** Codes mode: row i's code. */
  codes: Int32Array = new Int32Array(0);
  /**
   * Elements mode: row i's zcode element is bytes[starts[i], starts[i] +
   * sizes[i]); the elements lie back to back, and starts holds one more
   * entry, the end of the last (so starts[i + 1] ends row i's).
   */
  bytes: Uint8Array = NO_BYTES;
  starts: Int32Array = new Int32Array(0);
  #sizes: Int32Array = new Int32Array(0);
  /** Rows whose sizes are yet to be worked out from starts, when they are read (0: none). */
  #unsized = 0;
  /**
   * Numbers mode (see useNumbers), else null: row i's number, or a null
   * where numberNulls[i] is 1. The elements (bytes, starts, sizes) are then
   * not read.
   */
  numbers: Float64Array | null = null;
  numberNulls: Uint8Array | null = null;
  private pos: Int32Array = new Int32Array(0);
  private coded: Coded | null;
  /** The column as codes read apart from its reader (see useCodes). */
  private codedColumn: CodedColumn | null = null;
  /** The column as numbers read apart from its reader (see useNumbers). */
  private numberColumn: NumberColumn | null = null;
  /** Codes mode: the reader's codes, read before (see useKeptCodes). */
  private keptCodes: Int32Array | null = null;
  /** The column's elements as placed before (see useElements). */
  private elementColumn: ElementColumn | null = null;
  /** Numbers mode and kept codes: the next row's position. */
  private row = 0;

  constructor(
    private readonly reader: ColumnReader,
    /** True for a column that stands for a missing field. */
    readonly missing = false,
  ) {
    this.coded = reader.coded?.() ?? null;
    this.cardinality = this.coded === null ? -1 : this.coded.cardinality;
  }

  /** Back to the first row, after the reader was loaded again. */
  reset(): void {
    this.row = 0;
    if (this.numberColumn !== null) return;
    this.coded = this.codedColumn?.reader() ?? this.reader.coded?.() ?? null;
    if (this.coded !== null) this.cardinality = this.coded.cardinality;
  }

  /**
   * Reads the column, from its first row, as `column`'s numbers (the same
   * values) instead of through its reader: numbers mode, for code that
   * reads numbers and nothing else of it.
   */
  useNumbers(column: NumberColumn): void {
    this.numberColumn = column;
    this.coded = null;
    this.cardinality = -1;
    this.reset();
  }

  /**
   * Whether the column is read as its reader's own codes (a VNG dictionary
   * or constant), not yet as codes read before (see useKeptCodes).
   */
  get ownCodes(): boolean {
    return this.coded !== null && this.codedColumn === null && this.keptCodes === null;
  }

  /**
   * Reads the column's codes, from its first row, from `codes` (all of them,
   * as its reader gave them before) instead of from its reader; the
   * elements stay the reader's.
   */
  useKeptCodes(codes: Int32Array): void {
    this.keptCodes = codes;
    this.row = 0;
  }

  /**
   * Reads the column's elements, from its first row, where `column` placed
   * them (the same elements) instead of through its reader.
   */
  useElements(column: ElementColumn): void {
    this.elementColumn = column;
    this.row = 0;
  }

  /** Reads the column, from its first row, as `column`'s codes (the same values) instead of through its reader. */
  useCodes(column: CodedColumn): void {
    this.codedColumn = column;
    this.reset();
  }

  /** Whether the column is read from something read apart from its reader before (numbers, codes or elements). */
  get apart(): boolean {
    return this.numberColumn !== null || this.codedColumn !== null || this.keptCodes !== null || this.elementColumn !== null;
  }

  /** Numbers mode: the largest magnitude of the column's numbers (see NumberColumn.maxAbs). */
  get numbersMax(): number {
    return this.numberColumn?.maxAbs ?? 0;
  }

  /** Numbers mode: whether the column holds no null. */
  get numbersNullFree(): boolean {
    return this.numberColumn?.nullFree ?? false;
  }

  /** What the codes index when other columns share it (see Coded.source). */
  get source(): CodeSource | undefined {
    return this.coded?.source;
  }

  get type(): Type {
    return this.reader.type;
  }

  /** The zcode element of `code` (codes mode). */
  element(code: number): Uint8Array {
    return this.coded!.element(code);
  }

  /**
   * Codes mode, when the column's codes are held whole (kept from an
   * earlier query, or read apart as a CodedColumn): how many of its rows
   * have each code, counted once per codes held; else null.
   */
  codeCounts(): Int32Array | null {
    const codes = this.keptCodes ?? this.codedColumn?.codes ?? null;
    if (codes === null || this.cardinality < 0) return null;
    let counts = COUNTS.get(codes);
    if (counts === undefined || counts.length < this.cardinality) {
      counts = new Int32Array(this.cardinality);
      for (let i = 0; i < codes.length; i++) counts[codes[i]!]!++;
      COUNTS.set(codes, counts);
    }
    return counts;
  }

  get sizes(): Int32Array {
    const n = this.#unsized;
    if (n > 0) {
      const st = this.starts;
      const sz = (this.#sizes = scratch(this.#sizes, n));
      for (let i = 0; i < n; i++) sz[i] = st[i + 1]! - st[i]!;
      this.#unsized = 0;
    }
    return this.#sizes;
  }

  set sizes(sizes: Int32Array) {
    this.#sizes = sizes;
    this.#unsized = 0;
  }

  /** Whether its rows are passed over, unread (see pass). */
  #passed = false;

  /** From now on its rows are passed over, not read: for a column nothing reads. */
  pass(): void {
    this.#passed = true;
  }

  /** Reads the next `n` rows. */
  next(n: number): void {
    if (this.#passed) {
      this.row += n;
      return;
    }
    const nc = this.numberColumn;
    if (nc !== null) {
      this.numbers = nc.values.subarray(this.row, this.row + n);
      this.numberNulls = nc.nulls.subarray(this.row, this.row + n);
      this.row += n;
      return;
    }
    const ec = this.elementColumn;
    if (ec !== null) {
      const bytes = ec.bytes ?? this.reader.placed?.();
      if (bytes === undefined) throw new FormatError('VNG column: its elements were placed in a segment its reader does not read');
      this.bytes = bytes;
      // The sizes only when asked for: most often a few rows' elements are read.
      this.starts = ec.starts.subarray(this.row, this.row + n + 1);
      this.#unsized = n;
      this.row += n;
      return;
    }
    const kept = this.keptCodes;
    if (kept !== null) {
      this.codes = kept.subarray(this.row, this.row + n);
      this.row += n;
      return;
    }
    if (this.coded !== null) {
      this.codes = scratch(this.codes, n);
      this.coded.codes(n, this.codes);
      return;
    }
    const sizes = (this.sizes = this.reader.measure(n));
    const view = this.reader.view?.();
    if (view !== undefined) {
      // Plain elements: read in place.
      this.bytes = view.bytes;
      this.starts = view.starts;
      return;
    }
    const st = (this.starts = scratch(this.starts, n + 1));
    const pos = (this.pos = scratch(this.pos, n));
    let at = 0;
    for (let i = 0; i < n; i++) {
      st[i] = at;
      pos[i] = at;
      at += sizes[i]!;
    }
    st[n] = at;
    if (this.bytes.length < at) this.bytes = new Uint8Array(Math.max(at, 2 * this.bytes.length));
    this.reader.write(this.bytes, pos, n);
  }
}

/** Leaf columns of the values of one type in an object, read with `next` once fetched. */
export class VngColumns {
  readonly cursors: ColumnCursor[] = [];
  private row = 0;

  constructor(
    readonly readers: readonly ColumnReader[],
    /** Rows in each column. */
    readonly length: number,
    /** Which columns stand for a field the values lack: each row is error("missing"). */
    readonly missing: readonly boolean[],
  ) {}

  /** Loads the fetched segments into the readers and (re)starts the cursors at the first row. */
  load(): void {
    try {
      for (const r of this.readers) r.load();
    } catch (e) {
      throw asFormatError(e, 'VNG');
    }
    if (this.cursors.length === 0) this.readers.forEach((r, i) => this.cursors.push(new ColumnCursor(r, this.missing[i] === true)));
    else for (const c of this.cursors) c.reset();
    this.row = 0;
  }

  /** Reads up to `max` more rows into the cursors; returns how many (0 at the end). */
  next(max: number): number {
    const n = Math.min(max, this.length - this.row);
    if (n <= 0) return 0;
    try {
      for (const c of this.cursors) c.next(n);
    } catch (e) {
      throw asFormatError(e, 'VNG');
    }
    this.row += n;
    return n;
  }
}

/**
 * The columns of an object at some paths: one VngColumns per type of value
 * the object holds (it may hold records of several types; their rows are not
 * in the object's order). `fetch` reads the segments of all of them at once.
 */
export class VngColumnSet {
  /**
   * With several members, once fetched (when asked for, see openColumns):
   * the positions in the object of each member's values, member by member
   * (member i's are the next members[i].length).
   */
  memberRows: Int32Array | null = null;
  /** With several members, once fetched (when asked for): the member of each value, in the object's order. */
  tags: Int32Array | null = null;
  private cache: SegmentCacheView | undefined;

  constructor(
    private readonly obj: VngObject,
    private readonly set: SegmentSet,
    readonly members: readonly VngColumns[],
    private readonly tagsRef: SegmentRef | null = null,
    /** The paths of the columns, in the cursors' order. */
    readonly paths: readonly (readonly string[])[] = [],
    /** Each member's metadata (the layout of its values). */
    readonly layouts: readonly Meta[] = [],
  ) {}

  /** Fetches the columns' segments (only theirs, those in `cache` from there) and readies the cursors. */
  async fetch(cache?: SegmentCacheView): Promise<void> {
    this.cache = cache;
    try {
      await this.set.fetch(this.obj.source, 0, cache);
    } catch (e) {
      throw asFormatError(e, 'VNG');
    }
    for (const m of this.members) m.load();
    const ref = this.tagsRef;
    if (ref !== null) {
      try {
        const load = () => {
          const tags = loadTags(ref, this.set.base, this.obj.length, this.members, 'variant tags');
          return new MemberTags(tags, rowsByMember(tags, this.members));
        };
        const kept = this.cache === undefined ? load() : this.cache.memo(`member-rows@${ref.seg.offset}`, load);
        this.memberRows = kept.rows;
        this.tags = kept.tags;
      } catch (e) {
        throw asFormatError(e, 'VNG');
      }
    }
  }

}

/** An object's variant tags and the positions they give each member's values (kept together in the lake's column cache). */
class MemberTags {
  constructor(
    readonly tags: Int32Array,
    readonly rows: Int32Array,
  ) {}
  get byteLength(): number {
    return this.tags.byteLength + this.rows.byteLength;
  }
}

/** The positions of each member's values, given each value's member (checked by loadTags): a counting sort. */
function rowsByMember(tags: Int32Array, members: readonly VngColumns[]): Int32Array {
  const pos = new Int32Array(members.length);
  for (let i = 1; i < members.length; i++) pos[i] = pos[i - 1]! + members[i - 1]!.length;
  const out = new Int32Array(tags.length);
  for (let r = 0; r < tags.length; r++) out[pos[tags[r]!]!++] = r;
  return out;
}

/**
 * The column at `path` below `m`, through records; 'missing' when the
 * values have no such field (a record lacks it, or a primitive stands on
 * the path), as a field access then yields error("missing"); null when
 * the path meets anything else (a null record, a union, ...).
 */
function leafMeta(m: Meta, path: readonly string[]): Meta | 'missing' | null {
  for (const name of path) {
    if (m.kind === 'primitive' || m.kind === 'const') return 'missing';
    if (m.kind !== 'record') return null;
    const f = m.fields.find((x) => x.name === name);
    if (f === undefined) return 'missing';
    m = f.values;
  }
  return m.kind === 'variant' ? null : m;
}

/**
 * The columns of `obj` at `paths` (each at least one field name), with types
 * in `ctx`; null when the object's layout does not allow it: a value that is
 * not a record, a path not there in every value or through a null record.
 */
export function openColumns(
  obj: VngObject,
  paths: readonly (readonly string[])[],
  ctx: TypeContext,
  opts: { readonly maxValues?: number; /** Also read where each member's values are (VngColumnSet.memberRows). */ readonly tags?: boolean } = {},
): VngColumnSet | null {
  const maxValues = opts.maxValues ?? DEFAULT_MAX_VALUES;
  const top = obj.meta;
  const tops = top.kind === 'variant' ? top.values : [top];
  const set = new SegmentSet(obj.dataOffset, obj.header.dataSize, obj.checks);
  const b = new ReaderBuilder(ctx, set, maxValues);
  const members: VngColumns[] = [];
  for (const t of tops) {
    if (t.kind !== 'record') return null;
    const readers: ColumnReader[] = [];
    const missing: boolean[] = [];
    for (const path of paths) {
      if (path.length === 0) return null;
      const m = leafMeta(t, path);
      if (m === null) return null;
      missing.push(m === 'missing');
      if (m === 'missing') {
        readers.push(new ConstReader(ctx.lookupError(TypeString), MISSING, t.length));
        continue;
      }
      try {
        readers.push(b.build(m, null));
      } catch (e) {
        throw asFormatError(e, 'corrupt VNG metadata');
      }
    }
    for (const r of readers) {
      if (r.length !== t.length) throw new FormatError(`corrupt VNG metadata: a column has ${r.length} values for ${t.length} records`);
    }
    members.push(new VngColumns(readers, t.length, missing));
  }
  const tagsRef = opts.tags === true && top.kind === 'variant' ? set.need(top.tags) : null;
  return new VngColumnSet(obj, set, members, tagsRef, paths, tops);
}

/**
 * Every leaf path of an object's values, for reading them whole from their
 * columns: each value a record, and every record below it a plain one (no
 * nulls of records, no named records), reached through record fields; the
 * leaves are what is not a record. In first-seen order, each path once;
 * null when the values are not all such records. With `under`, only the
 * paths below those top-level fields (the others may be anything).
 */
export function leafPathsOf(obj: VngObject, under?: ReadonlySet<string>): string[][] | null {
  const top = obj.meta;
  const tops = top.kind === 'variant' ? top.values : [top];
  const seen = new Set<string>();
  const out: string[][] = [];
  const walk = (m: Meta, prefix: string[]): boolean => {
    for (const f of (m as Extract<Meta, { kind: 'record' }>).fields) {
      if (prefix.length === 0 && under !== undefined && !under.has(f.name)) continue;
      const path = [...prefix, f.name];
      let v = f.values;
      if (v.kind === 'record') {
        if (!walk(v, path)) return false;
        continue;
      }
      // A record that may be null or has a name is not read through.
      while (v.kind === 'nulls' || v.kind === 'named') v = v.values;
      if (v.kind === 'record') return false;
      const key = JSON.stringify(path);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(path);
      }
    }
    return true;
  };
  for (const t of tops) if (t.kind !== 'record' || !walk(t, [])) return null;
  return out;
}
