// Grouped aggregation over columns instead of values: the keys and the
// arguments of `count()`, `sum`, `min` and `max` by field come as columns of
// a batch of rows (column-batch.ts), and the state of each group is a slot
// in typed arrays (column-agg.ts). One instance takes the columns of any
// number of sources (data objects, and the values of each type in them, see
// begin). Each key's values are interned as ids (column-key-values.ts); with
// one key a group is a key id, with several a group is a tuple of key ids
// interned in a ByteTable. At the end `emit` hands each group's keys and
// partial results to a GroupTable, which combines them with everything else
// (its consumePartials), or, when nothing else fed the summarize, `finals`
// gives each group's results. Either way the output is what summarize makes
// of the values (groups may come out in another order; float sums may round
// differently, as with any other order of the values).
//
// A key may also be an expression of its column's values (a function of
// one field, such as bucket(ts, 1h)): each value's result is its key, worked
// out once per code of a coded column, else once per row.
//
// Columns whose types this does not take (see accepts: error keys,
// non-numeric arguments) must be read as values by the caller instead.

import { InternalError } from '../../errors/index.js';
import { Builder, TypeFloat64, TypeUint64, Value, newUint64, underlying, type Type, type TypeContext } from '../../zed/index.js';
import type { RecordShape } from './record-shape.js';
import type { FinalGroups } from './final-groups.js';
import { ByteTable, hashBytes } from '../../util/byte-table.js';
import { ColumnAgg, isAggregableArgument, type AggStateExport } from './column-agg.js';
import { GENERIC_COLUMN_AGGS, GenericColumnAgg, type ArgValues } from './column-generic.js';
import { countDef } from './count.js';
import { lookupAggregate } from './registry.js';
import type { Int } from './numeric.js';
import { bodyStart, elementValue, selectRows, type ColumnBatch } from './column-batch.js';
import { KeyValueIds } from './column-key-values.js';

export type { ColumnBatch } from './column-batch.js';

/**
 * An aggregate as grouping takes it: its function, whether it has an
 * argument (a field's column) and whether a where clause picks its rows
 * (then `add` is given them).
 */
export interface GroupAgg {
  readonly fn: string;
  readonly path: unknown;
  readonly where?: unknown;
  /** An expression that is the argument (its results then come to add as values). */
  readonly arg?: unknown;
}

/** The rows of a batch an aggregate with a where clause takes: rows[0..count), ascending. */
export interface RowSelection {
  readonly rows: Int32Array;
  readonly count: number;
}

/** Whether two builders hold the same bytes. */
function sameBytes(a: Builder, b: Builder): boolean {
  if (a.len !== b.len) return false;
  const x = a.buf;
  const y = b.buf;
  for (let i = 0; i < a.len; i++) if (x[i] !== y[i]) return false;
  return true;
}


/**
 * A ColumnGroups' groups as plain data, for another thread to absorb into
 * its own: types as indexes into `types` (which the caller carries across
 * in its own way), each key's values as elements, each group's key ids.
 */
export interface GroupsExport {
  readonly nkeys: number;
  readonly n: number;
  readonly types: readonly Type[];
  /** Per key: each key id's type (an index into types) and element (bytes[offsets[i]:offsets[i+1]]). */
  readonly keys: readonly { readonly typeIds: Int32Array; readonly offsets: Int32Array; readonly bytes: Uint8Array }[];
  /** With two keys or more: group g's key ids at [g * nkeys, (g + 1) * nkeys). */
  readonly tuples: Int32Array | null;
  readonly counts: Float64Array | null;
  /**
   * Per aggregate (null for count()): a numeric one's state per argument
   * type, or another's partial per group (undefined: it had no argument).
   */
  readonly aggs: readonly (
    | { readonly states: readonly (AggStateExport & { readonly type: number })[] }
    | { readonly partials: readonly (Value | undefined)[] }
    | null
  )[];
}
export { addsNothing, hasNaN, isFloatColumn, sumExact, type ColumnAggKind } from './column-agg.js';

/** The most combinations of key codes the combo table of a batch's columns holds. */
const COMBO_MAX = 4096;

export class ColumnGroups implements FinalGroups {
  private readonly nkeys: number;
  /** Each key's values, interned with their types. */
  private readonly keyValues: KeyValueIds[] = [];
  /** With several keys: each group's tuple of key ids, 4 bytes each (little-endian), interned; its id is the group. */
  private readonly tuples = new ByteTable();
  private readonly tuple: Uint8Array;
  /** Rows per group, when an aggregate is count(). */
  private counts: Float64Array | null;
  private readonly aggs: (ColumnAgg | GenericColumnAgg | null)[];
  private readonly zctx: TypeContext | undefined;
  private n = 0;
  /** Groups the per-group arrays have room for. */
  private cap = 256;
  /** ids[k][i]: row i's id for key k, in the current batch. */
  private readonly ids: Int32Array[] = [];
  private gids = new Int32Array(0);
  /** The columns of the current member, and what they map to. */
  private keyCols: readonly ColumnBatch[] = [];
  private argCols: readonly (ColumnBatch | null)[] = [];
  private argLive: boolean[] = [];
  private codeIds: (Int32Array | null)[] = [];
  /** Per key, the code-to-id maps of shared code sources (see ColumnBatch.source), kept across begin. */
  private readonly sourceIds: Map<object, Int32Array>[] = [];
  /**
   * With several keys, all coded and few combinations of their codes: the
   * group of each combination (-1 until a row has it), so that a row costs
   * an array read instead of a tuple interned.
   */
  private combo: Int32Array | null = null;

  /**
   * `aggs[j]` is the j-th aggregate: count() takes no column; a numeric one
   * (ColumnAggKind) of a column runs on typed arrays; any other of
   * GENERIC_COLUMN_AGGS, count with an argument or a where clause, and any
   * aggregate of an expression, through its Aggregator. avg and the others
   * need `zctx` for their results.
   */
  constructor(
    nkeys: number,
    specs: readonly GroupAgg[],
    zctx?: TypeContext,
    /** Per key, the expression of its column's value that is the key (null or absent: the value is). */
    private readonly keyEvals?: readonly (((v: Value | null) => Value) | null)[],
  ) {
    this.zctx = zctx;
    this.nkeys = nkeys;
    for (let k = 0; k < nkeys; k++) {
      this.keyValues.push(new KeyValueIds());
      this.ids.push(new Int32Array(0));
      this.sourceIds.push(new Map());
    }
    this.tuple = new Uint8Array(4 * nkeys);
    // count() of every row shares one array of counts; an expression's
    // results go through the aggregate's own Aggregator.
    const plainCount = (a: GroupAgg): boolean => a.fn === 'count' && a.path === null && a.where === undefined && a.arg === undefined;
    this.counts = specs.some(plainCount) ? new Float64Array(this.cap) : null;
    this.byValue = specs.map((a) => a.arg !== undefined);
    const avgType =
      zctx === undefined
        ? null
        : zctx.lookupRecord([
            { name: 'sum', type: TypeFloat64 },
            { name: 'count', type: TypeUint64 },
          ]);
    this.aggs = specs.map((spec) => {
      const a = spec.fn;
      if (plainCount(spec)) return null;
      if (spec.arg === undefined && (a === 'sum' || a === 'min' || a === 'max' || a === 'avg')) {
        if (a === 'avg' && avgType === null) throw new InternalError('column aggregation: avg needs a type context');
        return new ColumnAgg(a, avgType);
      }
      const def = a === 'count' ? countDef : spec.arg !== undefined || GENERIC_COLUMN_AGGS.has(a) ? lookupAggregate(a) : undefined;
      if (def === undefined || zctx === undefined) throw new InternalError(`column aggregation: no column path for ${a}`);
      return new GenericColumnAgg(def);
    });
  }

  /** Per aggregate, whether its argument is an expression, its results handed to add as values. */
  private readonly byValue: readonly boolean[];

  /** Groups so far. */
  get size(): number {
    return this.n;
  }

  /** Makes room for `n` groups in the per-group arrays. */
  private grow(n: number): void {
    if (n <= this.cap) return;
    const cap = (this.cap = Math.max(n, 2 * this.cap));
    if (this.counts !== null) {
      const counts = new Float64Array(cap);
      counts.set(this.counts);
      this.counts = counts;
    }
    for (const a of this.aggs) if (a instanceof ColumnAgg) a.grow(cap);
  }

  /**
   * Whether columns of these types can be aggregated here: keys that are
   * not errors (a quiet one drops its row) except error("missing");
   * arguments of the numeric aggregates numeric, null or missing, and of
   * the others not errors (error("missing") is not aggregated).
   */
  accepts(keys: readonly ColumnBatch[], args: readonly (ColumnBatch | null)[]): boolean {
    for (const c of keys) if (underlying(c.type).kind === 'error' && !c.missing) return false;
    // An expression's key is its result: a value that can hold an error (a quiet one) is left to the values.
    for (let k = 0; k < keys.length; k++) if (this.keyEvals?.[k] != null && underlying(keys[k]!.type).kind === 'union') return false;
    return args.every((c, j) => {
      const a = this.aggs[j];
      if (c === null || a === null || a === undefined) return true;
      return a instanceof ColumnAgg ? isAggregableArgument(a.kind, c) : GenericColumnAgg.accepts(c);
    });
  }

  /** Bytes held by aggregates whose state grows with their input (union). */
  get memory(): number {
    let m = 0;
    for (const a of this.aggs) if (a instanceof GenericColumnAgg) m += a.memory;
    return m;
  }

  /**
   * Starts a set of columns whose rows follow (the values of one type):
   * keys[k] is key k's column and args[j] aggregate j's argument column
   * (null for count()). The column objects are then read by `add`.
   */
  begin(keys: readonly ColumnBatch[], args: readonly (ColumnBatch | null)[]): void {
    this.keyCols = keys;
    this.argCols = args;
    // A coded column's codes map to key ids, each when first seen (so
    // that ids, like groups, are made only for values rows have).
    this.codeIds = keys.map((col, k) => (col.cardinality < 0 ? null : this.codeMap(k, col)));
    this.combo = null;
    if (keys.length >= 2 && keys.every((c) => c.cardinality >= 0 && !c.missing)) {
      let n = 1;
      for (const c of keys) n *= Math.max(c.cardinality, 1);
      if (n <= COMBO_MAX) this.combo = new Int32Array(n).fill(-1);
    }
    this.argLive = args.map((col, j) => {
      const a = this.aggs[j];
      if (a === null || a === undefined) return false;
      // (count() with a where clause has no column, and counts its rows.)
      if (a instanceof GenericColumnAgg) {
        if (!this.byValue[j]) return a.begin(col);
        a.beginValues();
        return true;
      }
      return col !== null && a.begin(col);
    });
  }

  /**
   * Key k's map of a coded column's codes to key ids, -1 for those not
   * seen yet; columns whose codes index one shared source share it, so
   * each of its values is interned once, whichever objects hold it.
   */
  private codeMap(k: number, col: ColumnBatch): Int32Array {
    const source = col.source;
    if (source === undefined) return new Int32Array(col.cardinality).fill(-1);
    const maps = this.sourceIds[k]!;
    let map = maps.get(source);
    if (map === undefined || map.length < col.cardinality) {
      const grown = new Int32Array(Math.max(col.cardinality, 2 * (map?.length ?? 0))).fill(-1);
      if (map !== undefined) grown.set(map);
      maps.set(source, (map = grown));
    }
    return map;
  }

  /**
   * Adds the next `n` rows of the columns given to `begin`, read into them;
   * `picked[j]`, when given, is the rows of them aggregate j takes (its
   * where clause's), the others' groups made all the same; `positions[i]`,
   * when given, is row i's position in its object, whose rows come out of
   * its order (see GenericColumnAgg), to be taken at endObject;
   * `values[j]` gives row i's argument of aggregate j when it is an
   * expression's result.
   */
  add(n: number, picked?: readonly (RowSelection | null)[], positions?: Int32Array, values?: readonly (ArgValues | null)[]): void {
    for (let k = 0; k < this.nkeys; k++) this.keyIdsOfRows(k, n);
    if (this.nkeys === 0 && !this.argLive.includes(true)) {
      // Only counted (as a filtered count() adds the rows it keeps): no group ids.
      if (this.n === 0) this.n = 1;
      if (this.counts !== null) this.counts[0]! += n;
      return;
    }
    if (this.gids.length < n) this.gids = new Int32Array(Math.max(n, 2 * this.gids.length));
    const gids = this.gids;
    if (this.nkeys === 0) {
      // Every row's group is 0: gids, written only when there are keys, holds zeros from the start.
      if (this.n === 0) this.n = 1;
    } else if (this.nkeys === 1) {
      // Key ids are made in order of first sight by rows: each is its group.
      this.n = this.keyValues[0]!.size;
      gids.set(this.ids[0]!.subarray(0, n));
    } else if (this.combo !== null) {
      const combo = this.combo;
      const cols = this.keyCols;
      for (let i = 0; i < n; i++) {
        let at = 0;
        for (let k = 0; k < cols.length; k++) {
          const c = cols[k]!;
          at = at * c.cardinality + c.codes[i]!;
        }
        let g = combo[at]!;
        if (g < 0) g = combo[at] = this.groupOfRow(i);
        gids[i] = g;
      }
    } else {
      for (let i = 0; i < n; i++) gids[i] = this.groupOfRow(i);
    }
    this.grow(this.n);
    const counts = this.counts;
    if (counts !== null) {
      if (this.nkeys === 0) counts[0]! += n;
      else for (let i = 0; i < n; i++) counts[gids[i]!]!++;
    }
    const pair = this.sumAvgPair(picked);
    for (let j = 0; j < this.aggs.length; j++) {
      if (this.argLive[j] !== true) continue;
      const a = this.aggs[j]!;
      const p = picked?.[j];
      if (pair !== null && (j === pair[0] || j === pair[1])) {
        // A sum and an avg of the same column, folded in one pass.
        if (j === pair[1]) continue;
        const sum = (a as ColumnAgg).current!;
        const avg = (this.aggs[pair[1]] as ColumnAgg).current!;
        if (sum.addSumAvg(avg, this.argCols[j]!, n, gids, this.nkeys === 0)) continue;
        sum.add(this.argCols[j]!, n, gids, this.nkeys === 0);
        avg.add(this.argCols[j]!, n, gids, this.nkeys === 0);
        continue;
      }
      if (p != null) {
        if (p.count === 0) continue;
        // The picked rows' groups, in their order.
        if (this.pickedGids.length < p.count) this.pickedGids = new Int32Array(Math.max(p.count, 2 * this.pickedGids.length));
        const pg = this.pickedGids;
        for (let i = 0; i < p.count; i++) pg[i] = gids[p.rows[i]!]!;
        if (a instanceof GenericColumnAgg) a.add(p.count, pg, p.rows, positions, values?.[j] ?? undefined, this.nkeys === 0);
        else a.current!.add(selectRows(this.argCols[j]!, p.rows, p.count), p.count, pg, this.nkeys === 0);
        continue;
      }
      if (a instanceof GenericColumnAgg) a.add(n, gids, undefined, positions, values?.[j] ?? undefined, this.nkeys === 0);
      else a.current!.add(this.argCols[j]!, n, gids, this.nkeys === 0);
    }
  }

  /**
   * The first sum and avg (in that order of aggregates or the other) that
   * take all rows of the same numbers, both live: [sum, avg], or null.
   */
  private sumAvgPair(picked?: readonly (RowSelection | null)[]): [number, number] | null {
    const aggs = this.aggs;
    for (let j = 0; j < aggs.length; j++) {
      const a = aggs[j];
      if (!(a instanceof ColumnAgg) || a.kind !== 'sum' || this.argLive[j] !== true || picked?.[j] != null) continue;
      for (let k = 0; k < aggs.length; k++) {
        const b = aggs[k];
        if (b instanceof ColumnAgg && b.kind === 'avg' && this.argLive[k] === true && picked?.[k] == null && sameNumbers(this.argCols[j]!, this.argCols[k]!)) return [j, k];
      }
    }
    return null;
  }

  /** Ends an object whose rows came with their positions (see add). */
  endObject(): void {
    for (const a of this.aggs) if (a instanceof GenericColumnAgg) a.endObject();
  }

  private pickedGids = new Int32Array(0);

  /** Writes the next `n` rows' ids for key `k` to ids[k]. */
  private keyIdsOfRows(k: number, n: number): void {
    const col = this.keyCols[k]!;
    let ids = this.ids[k]!;
    if (ids.length < n) ids = this.ids[k] = new Int32Array(Math.max(n, 2 * ids.length));
    const ev = this.keyEvals?.[k];
    if (ev != null) {
      this.exprKeyIds(k, ev, col, n, ids);
      return;
    }
    const values = this.keyValues[k]!;
    const map = this.codeIds[k];
    if (map === null || map === undefined) {
      values.ids(col.type, col, n, ids);
      return;
    }
    const codes = col.codes;
    const source = col.source;
    for (let i = 0; i < n; i++) {
      const c = codes[i]!;
      let id = map[c]!;
      if (id < 0) {
        if (source !== undefined) id = map[c] = values.idOfCode(col.type, source, c);
        else {
          const el = col.element(c);
          id = map[c] = values.id(col.type, el, 0, el.length);
        }
      }
      ids[i] = id;
    }
  }

  /** An expression key's ids: its result for each code of a coded column (once), else for each row. */
  private exprKeyIds(k: number, ev: (v: Value | null) => Value, col: ColumnBatch, n: number, ids: Int32Array): void {
    if (col.missing) {
      ids.fill(this.resultId(k, ev(null)), 0, n);
      return;
    }
    const map = this.codeIds[k];
    if (map !== null && map !== undefined) {
      const codes = col.codes;
      for (let i = 0; i < n; i++) {
        const c = codes[i]!;
        let id = map[c]!;
        if (id < 0) {
          const e = col.element(c);
          id = map[c] = this.resultId(k, ev(elementValue(col.type, e, 0, e.length)));
        }
        ids[i] = id;
      }
      return;
    }
    if (col.numbers != null) throw new InternalError('column aggregation: a key read as numbers');
    const { bytes, starts, sizes } = col;
    // A result equal to the row before's (as a time's bucket most often is) has its id.
    let lastType: Type | null = null;
    let lastId = -1;
    for (let i = 0; i < n; i++) {
      const r = ev(elementValue(col.type, bytes, starts[i]!, starts[i]! + sizes[i]!));
      const b = this.element(r);
      if (r.type === lastType && sameBytes(b, this.last)) {
        ids[i] = lastId;
        continue;
      }
      ids[i] = lastId = this.keyValues[k]!.id(r.type, b.buf, 0, b.len);
      lastType = r.type;
      // The two buffers trade places: the one just written is the one kept.
      this.scratch = this.last;
      this.last = b;
    }
  }

  /** Key k's id of an expression's result. */
  private resultId(k: number, r: Value): number {
    const b = this.element(r);
    return this.keyValues[k]!.id(r.type, b.buf, 0, b.len);
  }

  /** An expression's result as an element, in the scratch builder. */
  private element(r: Value): Builder {
    const b = this.scratch;
    b.reset();
    b.append(r.bytes);
    return b;
  }

  /** The element of an expression's result, and of the row before's (see exprKeyIds). */
  private scratch = new Builder(64);
  private last = new Builder(64);

  /** Row i's group when there are several keys: its tuple of key ids, interned. */
  private groupOfRow(i: number): number {
    for (let k = 0; k < this.nkeys; k++) this.setTupleId(k, this.ids[k]![i]!);
    return this.tupleGroup();
  }

  /** Puts key k's id in the tuple being looked up. */
  private setTupleId(k: number, id: number): void {
    const t = this.tuple;
    const o = 4 * k;
    t[o] = id;
    t[o + 1] = id >>> 8;
    t[o + 2] = id >>> 16;
    t[o + 3] = id >>> 24;
  }

  /** The group of the tuple of key ids set, made when new. */
  private tupleGroup(): number {
    const t = this.tuple;
    const g = this.tuples.intern(0, t, 0, t.length, hashBytes(0, t, 0, t.length));
    if (g === this.n) this.n = g + 1;
    return g;
  }

  /** Group g's id for key k. */
  private keyIdOf(g: number, k: number): number {
    if (this.nkeys === 1) return g;
    const a = this.tuples.arena;
    const s = this.tuples.start(g) + 4 * k;
    return a[s]! | (a[s + 1]! << 8) | (a[s + 2]! << 16) | (a[s + 3]! << 24);
  }

  /** Whether each aggregate had arguments of at most one type, so that `finals` can say each group's results. */
  get single(): boolean {
    return this.aggs.every((a) => !(a instanceof ColumnAgg) || a.states.length <= 1);
  }

  /** Group g's keys and final values (only when `single`), written in place (see FinalGroups). */
  writeFinal(g: number, shape: RecordShape, b: Builder, types: Type[]): void {
    const nkeys = this.nkeys;
    for (let k = 0; k < nkeys; k++) {
      const values = this.keyValues[k]!;
      const id = this.keyIdOf(g, k);
      shape.open(b, k);
      values.writeElement(id, b);
      shape.close(b, k);
      types[k] = values.types[id]!;
    }
    for (let j = 0; j < this.aggs.length; j++) {
      const a = this.aggs[j];
      const i = nkeys + j;
      shape.open(b, i);
      if (a === null || a === undefined) {
        b.appendUint(this.counts![g]!);
        types[i] = TypeUint64;
      } else if (a instanceof GenericColumnAgg) {
        const v = a.final(g, this.zctx!);
        b.append(v.bytes);
        types[i] = v.type;
      } else if (a.states[0] !== undefined) types[i] = a.states[0].writeFinal(g, b);
      else {
        b.append(a.empty.bytes);
        types[i] = a.empty.type;
      }
      shape.close(b, i);
    }
    // (Setting an array's length costs a call into V8 even when it is unchanged.)
    if (types.length !== nkeys + this.aggs.length) types.length = nkeys + this.aggs.length;
  }

  private groupKeys(g: number, keys: Value[]): void {
    for (let k = 0; k < this.nkeys; k++) {
      const values = this.keyValues[k]!;
      const id = this.keyIdOf(g, k);
      const el = values.element(id);
      const body = bodyStart(el, 0);
      keys[k] = new Value(values.types[id]!, body < 0 ? null : el.subarray(body));
    }
  }

  /**
   * Hands out each group's keys and partials (undefined: nothing to add).
   * A group with arguments of several types comes out once per type, its
   * count with the first.
   */
  emit(out: (keys: readonly Value[], partials: readonly (Value | undefined)[]) => void): void {
    const keys = new Array<Value>(this.nkeys);
    const partials = new Array<Value | undefined>(this.aggs.length);
    const aggs = this.aggs;
    let extra = 0;
    for (const a of aggs) if (a instanceof ColumnAgg) extra = Math.max(extra, a.states.length - 1);
    for (let g = 0; g < this.n; g++) {
      this.groupKeys(g, keys);
      for (let r = 0; r <= extra; r++) {
        let any = r === 0;
        for (let j = 0; j < aggs.length; j++) {
          const a = aggs[j];
          if (a === null || a === undefined) partials[j] = r === 0 ? newUint64(this.counts![g]!) : undefined;
          else if (a instanceof GenericColumnAgg) {
            const p = r === 0 ? a.partial(g, this.zctx!) : undefined;
            partials[j] = p;
            if (p !== undefined) any = true;
          } else {
            const p = a.states[r]?.partial(g);
            partials[j] = p;
            if (p !== undefined) any = true;
          }
        }
        if (any) out(keys, partials);
      }
    }
  }

  /** The groups as plain data (see GroupsExport). */
  export(): GroupsExport {
    const n = this.n;
    const types: Type[] = [];
    const typeIds = new Map<Type, number>();
    const typeId = (t: Type): number => {
      let id = typeIds.get(t);
      if (id === undefined) {
        typeIds.set(t, (id = types.length));
        types.push(t);
      }
      return id;
    };
    const keys = this.keyValues.map((values) => {
      const size = values.size;
      const ids = new Int32Array(size);
      const offsets = new Int32Array(size + 1);
      let len = 0;
      for (let id = 0; id < size; id++) {
        ids[id] = typeId(values.types[id]!);
        len += values.element(id).length;
        offsets[id + 1] = len;
      }
      const bytes = new Uint8Array(len);
      for (let id = 0; id < size; id++) bytes.set(values.element(id), offsets[id]!);
      return { typeIds: ids, offsets, bytes };
    });
    let tuples: Int32Array | null = null;
    if (this.nkeys >= 2) {
      tuples = new Int32Array(n * this.nkeys);
      for (let g = 0; g < n; g++) for (let k = 0; k < this.nkeys; k++) tuples[g * this.nkeys + k] = this.keyIdOf(g, k);
    }
    return {
      nkeys: this.nkeys,
      n,
      types,
      keys,
      tuples,
      counts: this.counts === null ? null : this.counts.slice(0, n),
      aggs: this.aggs.map((a) => {
        if (a === null) return null;
        if (a instanceof GenericColumnAgg) return { partials: Array.from({ length: n }, (_, g) => a.partial(g, this.zctx!)) };
        return { states: a.states.map((st) => ({ ...st.export(n), type: typeId(st.type) })) };
      }),
    };
  }

  /**
   * Adds another instance's groups (exported, of the same keys and
   * aggregates, its types already in this one's context) to these: each of
   * its groups is found or made here by its keys, and its state folded in
   * as its partial would be.
   */
  absorb(x: GroupsExport): void {
    if (x.nkeys !== this.nkeys || x.aggs.length !== this.aggs.length) throw new InternalError('column aggregation: groups of another shape');
    // Its key ids as ours.
    const keyIds = x.keys.map((k, kk) => {
      const values = this.keyValues[kk]!;
      const ids = new Int32Array(k.typeIds.length);
      for (let id = 0; id < ids.length; id++) ids[id] = values.id(x.types[k.typeIds[id]!]!, k.bytes, k.offsets[id]!, k.offsets[id + 1]!);
      return ids;
    });
    // Its groups as ours.
    const into = new Int32Array(x.n);
    if (this.nkeys === 0) {
      if (x.n > 0 && this.n === 0) this.n = 1;
    } else if (this.nkeys === 1) {
      into.set(keyIds[0]!.subarray(0, x.n));
      this.n = this.keyValues[0]!.size;
    } else {
      for (let g = 0; g < x.n; g++) {
        for (let k = 0; k < this.nkeys; k++) this.setTupleId(k, keyIds[k]![x.tuples![g * this.nkeys + k]!]!);
        into[g] = this.tupleGroup();
      }
    }
    this.grow(this.n);
    if (this.counts !== null && x.counts !== null) for (let g = 0; g < x.n; g++) this.counts[into[g]!]! += x.counts[g]!;
    for (let j = 0; j < this.aggs.length; j++) {
      const a = this.aggs[j];
      const xa = x.aggs[j];
      if (a === null || a === undefined || xa === null || xa === undefined) continue;
      if (a instanceof GenericColumnAgg) {
        if (!('partials' in xa)) throw new InternalError('column aggregation: groups of another shape');
        xa.partials.forEach((p, g) => {
          if (p !== undefined) a.absorb(into[g]!, p);
        });
        continue;
      }
      if (!('states' in xa)) throw new InternalError('column aggregation: groups of another shape');
      for (const st of xa.states) {
        const mine = a.stateFor(x.types[st.type]!);
        const slow = new Map<number, Int>(st.slow);
        for (let g = 0; g < x.n; g++) mine.absorb(st, slow, g, into[g]!);
      }
    }
  }
}

/** Whether two argument columns are the same numbers (views of one decoding of a column, as aggregates of the same field read it). */
function sameNumbers(a: ColumnBatch, b: ColumnBatch): boolean {
  return a.type === b.type && a.numbers != null && b.numbers != null && sameView(a.numbers, b.numbers) && sameView(a.numberNulls!, b.numberNulls!);
}

function sameView(a: ArrayBufferView, b: ArrayBufferView): boolean {
  return a === b || (a.buffer === b.buffer && a.byteOffset === b.byteOffset && a.byteLength === b.byteLength);
}
