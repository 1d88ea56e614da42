// The grouping table behind `summarize ... by ...` (runtime/sam/op/groupby):
// one row of aggregators per distinct tuple of key values, output as
// records of the keys then the aggregates. Past a memory limit the table
// spills its rows as partials, sorted by key, to a SpillStore and at the end
// merges the runs, combining the partials of equal keys.
//
// Output order: without spilling, groups come out in order of first
// appearance (Zed's is a map's undefined order; its tests sort). After a
// spill every group comes out in key order (keys compared as key-order.ts does).

import { ByteSlab } from '../../util/byte-slab.js';
import { Builder, Value, type Type, type TypeContext } from '../../zed/index.js';
import type { AggregateDef, Aggregator } from './aggregator.js';
import { MemoryLimitError } from './errors.js';
import { GroupMap } from './group-map.js';
import { compareKeys } from './key-order.js';
import { RecordShape, type FieldPath } from './record-shape.js';
import type { FinalGroups } from './final-groups.js';
import { FileCursor, MinHeap, type RunCursor } from './spill-merge.js';
import { RUN_CHUNK, RunReader, RunWriter } from './spill-run.js';
import type { SpillFile, SpillStore } from './spill-store.js';
import { isMissing, isQuiet } from './values.js';


export interface AggregateSpec {
  /** The output field, e.g. ["count"], or ["result","count"] for result.count. */
  readonly path: FieldPath;
  readonly def: AggregateDef;
}

export interface GroupTableOptions {
  readonly zctx: TypeContext;
  /** Output fields of the group-by keys, in order; empty for no `by`. */
  readonly keys: readonly FieldPath[];
  readonly aggs: readonly AggregateSpec[];
  /** Estimated bytes of table state allowed before spilling (or failing without a store). */
  readonly memoryLimit?: number;
  /** Zed's `with -limit N`: spill once the table holds N groups and a new one arrives. */
  readonly groupLimit?: number;
  readonly spillStore?: SpillStore;
  /** Output each aggregate's resultAsPartial instead of its result (for a downstream merge). */
  readonly partialsOut?: boolean;
  /** Records per output batch; default 100, as Zed's op.BatchLen. */
  readonly batchSize?: number;
}

export const DEFAULT_MEMORY_LIMIT = 256 * 1024 * 1024;

// Estimated bytes of a group beyond its key bytes and aggregators: its two
// slots (the table stays at most half full), arena offset and aggregator
// pointers, and per key its type ID and tag.
const GROUP_BYTES = 48;
const KEY_BYTES = 4;

interface HeapEntry {
  readonly cursor: RunCursor;
  readonly n: number;
}

export class GroupTable {
  private readonly zctx: TypeContext;
  private readonly nkeys: number;
  private readonly defs: readonly AggregateDef[];
  private readonly growing: readonly boolean[];
  private readonly anyGrowing: boolean;
  private readonly shape: RecordShape;
  private readonly runShape: RecordShape;
  private readonly memoryLimit: number;
  private readonly groupLimit: number;
  private readonly store: SpillStore | undefined;
  private readonly partialsOut: boolean;
  private readonly batchSize: number;
  private readonly width: number;
  private readonly map: GroupMap;
  private readonly runs: SpillFile[] = [];
  private readonly b = new Builder(256);
  private readonly typeScratch: Type[] = [];
  private readonly keyBodies: (Uint8Array | null)[] = [];
  private bytes = 0;
  private pending = false;

  /** Throws InvalidError for duplicate or conflicting output fields (Zed's messages). */
  constructor(opts: GroupTableOptions) {
    this.zctx = opts.zctx;
    this.nkeys = opts.keys.length;
    this.defs = opts.aggs.map((a) => a.def);
    this.width = this.defs.length;
    this.map = new GroupMap(this.width);
    this.growing = this.defs.map((d) => d.growing);
    this.anyGrowing = this.growing.includes(true);
    this.shape = new RecordShape(opts.zctx, [...opts.keys, ...opts.aggs.map((a) => a.path)]);
    this.runShape = new RecordShape(opts.zctx, [
      ...opts.keys.map((_, i) => [`k${i}`]),
      ...opts.aggs.map((_, i) => [`p${i}`]),
    ]);
    this.memoryLimit = opts.memoryLimit ?? DEFAULT_MEMORY_LIMIT;
    this.groupLimit = opts.groupLimit ?? Infinity;
    this.store = opts.spillStore;
    this.partialsOut = opts.partialsOut ?? false;
    this.batchSize = opts.batchSize ?? 100;
  }

  /** Groups held in memory. */
  get groups(): number {
    return this.map.size;
  }

  /** The estimated bytes of in-memory state. */
  get memoryUsed(): number {
    return this.bytes;
  }

  /** Runs spilled so far. */
  get spills(): number {
    return this.runs.length;
  }

  /** True when the table is over a limit: call `await spill()` before consuming more. */
  get shouldSpill(): boolean {
    return this.pending;
  }

  private overLimit(what: string): void {
    if (this.store !== undefined) {
      this.pending = true;
      return;
    }
    throw new MemoryLimitError(
      `Summarize exceeded its ${what} (${this.map.size} groups, about ${this.bytes} bytes) and has no spill store`,
      this.memoryLimit,
    );
  }

  /** The entry of `keys`, adding a group when they are new. */
  private entryFor(keys: readonly Value[]): number {
    const map = this.map;
    const e = map.find(keys);
    if (e >= 0) return e;
    if (map.size >= this.groupLimit) this.overLimit(`group limit of ${this.groupLimit}`);
    const row = this.newRow();
    let bytes = GROUP_BYTES;
    for (let k = 0; k < keys.length; k++) bytes += KEY_BYTES + (keys[k]!.bytes?.length ?? 0);
    for (let j = 0; j < row.length; j++) bytes += row[j]!.memory();
    this.bytes += bytes;
    const added = map.insert(row);
    if (this.bytes > this.memoryLimit) this.overLimit(`memory limit of ${this.memoryLimit} bytes`);
    return added;
  }

  private newRow(): Aggregator[] {
    const defs = this.defs;
    const row = new Array<Aggregator>(defs.length);
    for (let j = 0; j < defs.length; j++) row[j] = defs[j]!.make();
    return row;
  }

  /**
   * Folds one input record into its group. `keys` are the evaluated group-by
   * keys; `args[j]` is aggregate j's argument, or undefined when its `where`
   * clause rejected the record (count() with no argument takes any value,
   * e.g. true). A quiet key drops the record; error("missing") arguments are
   * skipped, as Zed does. Arrays and values may be reused after the call.
   */
  consume(keys: readonly Value[], args: readonly (Value | undefined)[]): void {
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      if (key.type.kind === 'error' && isQuiet(key)) return;
    }
    const base = this.entryFor(keys) * this.width;
    const aggs = this.map.aggs;
    for (let j = 0; j < this.width; j++) {
      const a = args[j];
      if (a === undefined || (a.type.kind === 'error' && isMissing(a))) continue;
      const agg = aggs[base + j]!;
      if (this.growing[j] === true) {
        const before = agg.memory();
        agg.consume(a);
        this.bytes += agg.memory() - before;
      } else {
        agg.consume(a);
      }
    }
    if (this.anyGrowing && this.bytes > this.memoryLimit) this.overLimit(`memory limit of ${this.memoryLimit} bytes`);
  }

  /** Folds in partial results (Zed's "consume partials"); `partials[j]` undefined skips aggregate j. */
  consumePartials(keys: readonly Value[], partials: readonly (Value | undefined)[]): void {
    const base = this.entryFor(keys) * this.width;
    const aggs = this.map.aggs;
    for (let j = 0; j < this.width; j++) {
      const p = partials[j];
      if (p === undefined) continue;
      const agg = aggs[base + j]!;
      const before = agg.memory();
      agg.consumeAsPartial(p);
      this.bytes += agg.memory() - before;
    }
    if (this.bytes > this.memoryLimit) this.overLimit(`memory limit of ${this.memoryLimit} bytes`);
  }

  /** The table's groups in key order: their entries and keys. */
  private sortedEntries(): { order: number[]; keys: Value[][] } {
    const n = this.map.size;
    const keys: Value[][] = [];
    for (let e = 0; e < n; e++) keys.push(this.map.keys(e, this.zctx));
    const order = keys.map((_, i) => i);
    order.sort((a, b) => compareKeys(keys[a]!, keys[b]!));
    return { order, keys };
  }

  /** Writes the in-memory groups as a sorted run of partials and empties the table. */
  async spill(): Promise<void> {
    this.pending = false;
    if (this.map.size === 0) return;
    if (this.store === undefined) {
      this.overLimit(`memory limit of ${this.memoryLimit} bytes`);
      return;
    }
    const file = await this.store.create();
    this.runs.push(file);
    const w = new RunWriter(file, this.zctx);
    const { map, b, runShape, nkeys, zctx } = this;
    const types = this.typeScratch;
    const sorted = this.sortedEntries();
    for (const i of sorted.order) {
      const keys = sorted.keys[i]!;
      const row = map.take(i);
      b.reset();
      for (let k = 0; k < nkeys; k++) {
        runShape.append(b, k, keys[k]!.bytes);
        types[k] = keys[k]!.type;
      }
      for (let j = 0; j < row.length; j++) {
        const p = row[j]!.resultAsPartial(zctx);
        runShape.append(b, nkeys + j, p.bytes);
        types[nkeys + j] = p.type;
      }
      types.length = nkeys + row.length;
      w.add(new Value(runShape.type(types), b.bytes()));
      if (w.pending >= RUN_CHUNK) await w.flush();
    }
    await w.flush();
    map.clear();
    this.bytes = 0;
  }

  /** The output record of a group whose key types and bodies are in typeScratch and keyBodies. */
  private output(row: readonly Aggregator[]): Value {
    const { b, shape, nkeys, zctx } = this;
    const types = this.typeScratch;
    const bodies = this.keyBodies;
    b.reset();
    for (let k = 0; k < nkeys; k++) shape.append(b, k, bodies[k]!);
    for (let j = 0; j < row.length; j++) {
      const v = this.partialsOut ? row[j]!.resultAsPartial(zctx) : row[j]!.result(zctx);
      shape.append(b, nkeys + j, v.bytes);
      types[nkeys + j] = v.type;
    }
    types.length = nkeys + row.length;
    return new Value(shape.type(types), b.bytes());
  }

  /**
   * The output records, in batches, of groups aggregated outside the table:
   * each with its keys and final aggregate values (as the aggregates'
   * result() would make them), which the groups write in place. The
   * records' bytes are cut from shared slabs rather than one array each.
   */
  *finalResults(groups: FinalGroups): Generator<Value[]> {
    const slab = new ByteSlab();
    for (let g = 0; g < groups.size; ) {
      const out: Value[] = [];
      g = this.finalBatch(groups, g, out, slab);
      yield out;
    }
  }

  /**
   * The records of groups g, g + 1, ... up to a batch, pushed to `out`;
   * returns the next group. (A loop of its own, outside the generator: the
   * generator's loop, compiled before its first yield, was compiled again
   * at each query's first batch.)
   */
  private finalBatch(groups: FinalGroups, g: number, out: Value[], slab: ByteSlab): number {
    const { b, shape } = this;
    const types = this.typeScratch;
    const end = Math.min(groups.size, g + this.batchSize);
    for (; g < end; g++) {
      b.reset();
      groups.writeFinal(g, shape, b, types);
      out.push(new Value(shape.type(types), slab.copy(b.buf, b.len)));
    }
    return g;
  }

  private outputKeys(keys: readonly Value[], row: readonly Aggregator[]): Value {
    for (let k = 0; k < this.nkeys; k++) {
      this.typeScratch[k] = keys[k]!.type;
      this.keyBodies[k] = keys[k]!.bytes;
    }
    return this.output(row);
  }

  /**
   * The output records in batches, once, after the last consume. Spill
   * files are removed when the iteration ends, early or not.
   */
  async *results(): AsyncGenerator<Value[]> {
    try {
      if (this.runs.length === 0) yield* this.tableResults();
      else yield* this.mergedResults();
    } finally {
      await this.close();
    }
  }

  private *tableResults(): Generator<Value[]> {
    const map = this.map;
    let out: Value[] = [];
    for (let i = 0; i < map.size; i++) {
      map.keyViews(i, this.zctx, this.typeScratch, this.keyBodies);
      out.push(this.output(map.take(i)));
      if (out.length >= this.batchSize) {
        yield out;
        out = [];
      }
    }
    if (out.length > 0) yield out;
    map.clear();
    this.bytes = 0;
  }

  private async *mergedResults(): AsyncGenerator<Value[]> {
    const cursors: RunCursor[] = this.runs.map((f) => new FileCursor(new RunReader(f, this.zctx), this.nkeys));
    cursors.push(this.memoryCursor());
    const heap = new MinHeap<HeapEntry>((x, y) => compareKeys(x.cursor.keys, y.cursor.keys) || x.n - y.n);
    for (let n = 0; n < cursors.length; n++) {
      const cursor = cursors[n]!;
      let ok = cursor.advance();
      if (typeof ok !== 'boolean') ok = await ok;
      if (ok) heap.push({ cursor, n });
    }
    let out: Value[] = [];
    while (heap.size > 0) {
      const keys = heap.peek()!.cursor.keys;
      const row = this.newRow();
      // Each run holds a key at most once; combine the partials of every run that has it.
      do {
        const e = heap.pop()!;
        const partials = e.cursor.partials;
        for (let j = 0; j < row.length; j++) row[j]!.consumeAsPartial(partials[j]!);
        let ok = e.cursor.advance();
        if (typeof ok !== 'boolean') ok = await ok;
        if (ok) heap.push(e);
      } while (heap.size > 0 && compareKeys(heap.peek()!.cursor.keys, keys) === 0);
      out.push(this.outputKeys(keys, row));
      if (out.length >= this.batchSize) {
        yield out;
        out = [];
      }
    }
    if (out.length > 0) yield out;
  }

  /** The groups still in memory as one more sorted run, without writing them out. */
  private memoryCursor(): RunCursor {
    const { order, keys } = this.sortedEntries();
    const { map, zctx } = this;
    let next = 0;
    const cursor: RunCursor = {
      keys: [],
      partials: [],
      advance: () => {
        if (next >= order.length) {
          map.clear();
          return false;
        }
        const i = order[next++]!;
        cursor.keys = keys[i]!;
        cursor.partials = map.take(i).map((a) => a.resultAsPartial(zctx));
        return true;
      },
    };
    return cursor;
  }

  /** Removes spill files and drops all state; results() calls it when done. */
  async close(): Promise<void> {
    const runs = this.runs.splice(0);
    this.map.clear();
    this.bytes = 0;
    this.pending = false;
    await Promise.all(runs.map((f) => f.remove()));
  }
}
