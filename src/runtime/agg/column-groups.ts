// Grouped aggregation over columns instead of values: the keys and the
// arguments of `count()`, `sum`, `min` and `max` by field come as columns of
// a batch of rows (codes or zcode elements, see ColumnBatch), and the state
// of each group is a slot in typed arrays. One instance takes the columns
// of any number of sources (data objects, and the values of each type in
// them, see begin). At the end `emit` hands each group's keys and partial
// results to a GroupTable, which combines them with everything else (its
// consumePartials), or, when nothing else fed the summarize, `finals` gives
// each group's results. Either way the output is what summarize makes of
// the values (groups may come out in another order; float sums may round
// differently, as with any other order of the values).
//
// Columns whose types this does not take (see accepts: error keys,
// non-numeric arguments) must be read as values by the caller instead.

import { InternalError } from '../../errors/index.js';
import {
  ID,
  NullValue,
  TypeFloat64,
  TypeUint64,
  Value,
  decodeFloat,
  decodeInt,
  decodeUint,
  encodeInt,
  encodeUint,
  newFloat64,
  newUint64,
  readElement,
  underlying,
  type Type,
} from '../../zed/index.js';
import { runningType } from './math.js';
import { normInt, type Int } from './numeric.js';

/** One column of a batch of rows. */
export interface ColumnBatch {
  readonly type: Type;
  /** Codes mode when >= 0: row i's value is element(codes[i]); -1 for elements mode. */
  readonly cardinality: number;
  readonly codes: Int32Array;
  element(code: number): Uint8Array;
  /** Elements mode: row i's zcode element is bytes[starts[i], starts[i] + sizes[i]). */
  readonly bytes: Uint8Array;
  readonly starts: Int32Array;
  readonly sizes: Int32Array;
  /** True when every row is error("missing") (the values lack the field). */
  readonly missing: boolean;
}

export type ColumnAggKind = 'count' | 'sum' | 'min' | 'max';

const SAFE = Number.MAX_SAFE_INTEGER;
const PAIR = 2 ** 26;

const enum Num {
  Int,
  Uint,
  Float,
}

/** How an argument column's bodies read as numbers, and the running type they give (math.ts). */
function numericOf(t: Type): { num: Num; result: Type } | null {
  const result = runningType(t);
  if (result === null) return null;
  return { num: result === TypeFloat64 ? Num.Float : result === TypeUint64 ? Num.Uint : Num.Int, result };
}

/** The hash of a value of type id `tid` whose zcode element is b[s:e]. */
function hashElement(tid: number, b: Uint8Array, s: number, e: number): number {
  let h = 0x811c9dc5 ^ tid;
  for (let k = s; k < e; k++) h = Math.imul(h ^ b[k]!, 0x01000193);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h | 0;
}

/**
 * Interns the values of one key: equal type and zcode element, equal id.
 * Open addressing; a slot holds (hash, id + 1, arena offset, length), so a
 * probe reads one slot and then the arena only on a likely match.
 */
class ElementIds {
  private slots = new Int32Array(4 * 1024);
  private mask = 1023;
  private arena = new Uint8Array(4096);
  private len = 0;
  private starts = new Int32Array(1025);
  private typeIds = new Int32Array(1024);
  /** The type of each id. */
  readonly types: Type[] = [];
  /** The type of every id so far while there is one (undefined: none yet; null: several). */
  private sole: Type | null | undefined = undefined;
  private n = 0;

  /** Ids given so far: 0 to size - 1, in order of first sight. */
  get size(): number {
    return this.n;
  }

  element(id: number): Uint8Array {
    return this.arena.subarray(this.starts[id]!, this.starts[id + 1]!);
  }

  /** Writes the id of each row's element (of type `t`) to ids[0:n]. */
  ids(t: Type, col: ColumnBatch, n: number, ids: Int32Array): void {
    const b = col.bytes;
    const st = col.starts;
    const sz = col.sizes;
    const tid = t.id;
    // Hashes first, then probes: the probes' memory reads do not wait on hashing.
    for (let i = 0; i < n; i++) {
      const s = st[i]!;
      ids[i] = hashElement(tid, b, s, s + sz[i]!);
    }
    for (let i = 0; i < n; i++) {
      const s = st[i]!;
      ids[i] = this.find(t, b, s, s + sz[i]!, ids[i]!);
    }
  }

  /** The id of the value of type `t` whose element is b[s:e]. */
  id(t: Type, b: Uint8Array, s: number, e: number): number {
    return this.find(t, b, s, e, hashElement(t.id, b, s, e));
  }

  private find(t: Type, b: Uint8Array, s: number, e: number, h: number): number {
    const slots = this.slots;
    const mask = this.mask;
    const len = e - s;
    for (let p = h & mask; ; p = (p + 1) & mask) {
      const q = 4 * p;
      const id1 = slots[q + 1]!;
      if (id1 === 0) return this.insert(t, b, s, e, h, q);
      if (slots[q] !== h || slots[q + 3] !== len) continue;
      const a = this.arena;
      const as = slots[q + 2]!;
      let k = 0;
      while (k < len && a[as + k] === b[s + k]) k++;
      if (k === len && (this.sole === t || this.typeIds[id1 - 1] === t.id)) return id1 - 1;
    }
  }

  private insert(t: Type, b: Uint8Array, s: number, e: number, h: number, q: number): number {
    const id = this.n;
    this.types.push(t);
    this.sole = this.sole === undefined || this.sole === t ? t : null;
    const len = e - s;
    if (this.len + len > this.arena.length) {
      const next = new Uint8Array(Math.max(2 * this.arena.length, this.len + len));
      next.set(this.arena.subarray(0, this.len));
      this.arena = next;
    }
    const at = this.len;
    this.arena.set(b.subarray(s, e), at);
    this.len += len;
    if (id + 2 > this.starts.length) {
      const next = new Int32Array(2 * this.starts.length);
      next.set(this.starts);
      this.starts = next;
      const ti = new Int32Array(2 * this.typeIds.length);
      ti.set(this.typeIds);
      this.typeIds = ti;
    }
    this.starts[id + 1] = this.len;
    this.typeIds[id] = t.id;
    const slots = this.slots;
    slots[q] = h;
    slots[q + 1] = id + 1;
    slots[q + 2] = at;
    slots[q + 3] = len;
    this.n = id + 1;
    if (2 * this.n > this.mask) this.grow();
    return id;
  }

  private grow(): void {
    const old = this.slots;
    const cap = 2 * (this.mask + 1);
    const slots = new Int32Array(4 * cap);
    const mask = cap - 1;
    for (let p = 0; p < old.length; p += 4) {
      if (old[p + 1] === 0) continue;
      let q = old[p]! & mask;
      while (slots[4 * q + 1] !== 0) q = (q + 1) & mask;
      const d = 4 * q;
      slots[d] = old[p]!;
      slots[d + 1] = old[p + 1]!;
      slots[d + 2] = old[p + 2]!;
      slots[d + 3] = old[p + 3]!;
    }
    this.slots = slots;
    this.mask = mask;
  }
}

/**
 * The state of one aggregate over arguments of one type, a slot per group.
 * Values are numbers while exact; a group whose running integer would pass
 * 2^53, or that gets an integer too wide for a number, keeps its running
 * value as an Int (number or bigint) in `slow`, folded as math.ts folds.
 */
class AggState {
  val: Float64Array;
  /** 1 once the group has an argument of this type, 2 once a non-null one, 3 when its value is in `slow`. */
  has: Uint8Array;
  private readonly slow = new Map<number, Int>();
  private codeVals = new Float64Array(0);
  /** Per code: 0 a number in codeVals, 1 a null, 2 too wide (decoded each time). */
  private codeKind = new Uint8Array(0);
  private readonly init: number;

  constructor(
    private readonly kind: ColumnAggKind,
    readonly type: Type,
    private readonly num: Num,
    private readonly result: Type,
    cap: number,
  ) {
    this.init = kind === 'min' ? Infinity : kind === 'max' ? -Infinity : 0;
    this.val = new Float64Array(cap).fill(this.init);
    this.has = new Uint8Array(cap);
  }

  grow(cap: number): void {
    if (cap <= this.val.length) return;
    const val = new Float64Array(cap).fill(this.init);
    val.set(this.val);
    const has = new Uint8Array(cap);
    has.set(this.has);
    this.val = val;
    this.has = has;
  }

  /** The number a body b[s:e] holds, or undefined for an integer that needs an Int. */
  private number(b: Uint8Array, s: number, e: number): number | undefined {
    if (this.num === Num.Float) return decodeFloat(b, s, e);
    const n = e - s;
    if (n > 6) return undefined;
    let u = 0;
    for (let k = n - 1; k >= 0; k--) u = u * 256 + b[s + k]!;
    if (this.num === Num.Uint) return u;
    if (u % 2 === 0) return u / 2;
    if (u === 1) return undefined;
    return -(u - 1) / 2;
  }

  /** An integer body too wide for number(), as an Int. */
  private wide(b: Uint8Array, s: number, e: number): Int {
    return this.num === Num.Uint ? normInt(decodeUint(b, s, e)) : normInt(decodeInt(b, s, e));
  }

  private fold(g: number, x: number): void {
    const val = this.val;
    const v = val[g]!;
    if (this.has[g] === 3) {
      this.foldSlow(g, x);
      return;
    }
    // As math.ts: a NaN argument wins over the running value.
    if (this.kind === 'sum') {
      const r = v + x;
      if (this.num !== Num.Float && (r > SAFE || r < -SAFE)) {
        this.has[g] = 3;
        this.slow.set(g, v);
        this.foldSlow(g, x);
        return;
      }
      val[g] = r;
    } else if (this.kind === 'min') val[g] = v < x ? v : x;
    else val[g] = v > x ? v : x;
    this.has[g] = 2;
  }

  private foldSlow(g: number, x: Int): void {
    if (this.has[g] !== 3) {
      const has = this.has[g]!;
      const start: Int = has === 2 ? this.val[g]! : this.kind === 'sum' ? 0 : x;
      this.has[g] = 3;
      this.slow.set(g, start);
      if (has !== 2 && this.kind !== 'sum') return;
    }
    const cur = this.slow.get(g)!;
    let r: Int;
    if (this.kind === 'sum') {
      const s = BigInt(cur) + BigInt(x);
      r = normInt(this.num === Num.Uint ? BigInt.asUintN(64, s) : BigInt.asIntN(64, s));
    } else if (this.kind === 'min') r = cur < x ? cur : x;
    else r = cur > x ? cur : x;
    this.slow.set(g, r);
  }

  private row(g: number, b: Uint8Array, s: number, e: number): void {
    const x = this.number(b, s, e);
    if (x !== undefined) this.fold(g, x);
    else this.foldSlow(g, this.wide(b, s, e));
  }

  add(col: ColumnBatch, n: number, gids: Int32Array): void {
    const has = this.has;
    if (col.cardinality >= 0) {
      if (this.codeVals.length !== col.cardinality) {
        this.codeVals = new Float64Array(col.cardinality);
        this.codeKind = new Uint8Array(col.cardinality);
        for (let c = 0; c < col.cardinality; c++) {
          const el = col.element(c);
          const body = bodyStart(el, 0);
          if (body < 0) this.codeKind[c] = 1;
          else {
            const x = this.number(el, body, el.length);
            if (x === undefined) this.codeKind[c] = 2;
            else this.codeVals[c] = x;
          }
        }
      }
      const codes = col.codes;
      for (let i = 0; i < n; i++) {
        const c = codes[i]!;
        const g = gids[i]!;
        const k = this.codeKind[c];
        if (k === 0) this.fold(g, this.codeVals[c]!);
        else if (k === 1) {
          if (has[g] === 0) has[g] = 1;
        } else {
          const el = col.element(c);
          this.foldSlow(g, this.wide(el, bodyStart(el, 0), el.length));
        }
      }
      return;
    }
    const b = col.bytes;
    const st = col.starts;
    const sz = col.sizes;
    for (let i = 0; i < n; i++) {
      const s = st[i]!;
      const g = gids[i]!;
      const body = bodyStart(b, s);
      if (body >= 0) this.row(g, b, body, s + sz[i]!);
      else if (has[g] === 0) has[g] = 1;
    }
  }

  /** Forgets codes decoded for the last column. */
  reset(): void {
    this.codeVals = new Float64Array(0);
  }

  /** Group g's result when this is its aggregate's only state, as the math aggregates' result() makes it. */
  final(g: number): Value {
    const has = this.has[g];
    if (has === 0 || has === undefined) return NullValue;
    if (has === 1) return new Value(this.result, null);
    return this.partial(g)!;
  }

  /** Group g's partial, as the math aggregates' resultAsPartial makes it; undefined when it had no argument here. */
  partial(g: number): Value | undefined {
    const has = this.has[g];
    if (has === 0 || has === undefined) return undefined;
    if (has === 1) return new Value(this.type, null);
    if (this.num === Num.Float) return newFloat64(this.val[g]!);
    const x: Int = has === 3 ? this.slow.get(g)! : this.val[g]!;
    return new Value(this.result, this.num === Num.Uint ? encodeUint(x) : encodeInt(x));
  }
}

/** One aggregate: a state per type of argument (math.ts combines their partials as it would the values). */
class AggColumn {
  readonly states: AggState[] = [];
  private readonly byType = new Map<Type, AggState>();
  current: AggState | null = null;
  private cap = 256;

  constructor(readonly kind: ColumnAggKind) {}

  grow(cap: number): void {
    this.cap = Math.max(this.cap, cap);
    for (const s of this.states) s.grow(cap);
  }

  /** Starts a column; false when it adds nothing (a column of type null, which math.ts ignores). */
  begin(col: ColumnBatch): boolean {
    const t = col.type;
    // Nulls of type null and missing arguments add nothing to sum, min and max.
    if ((t.kind === 'primitive' && t.id === ID.null) || col.missing) {
      this.current = null;
      return false;
    }
    let st = this.byType.get(t);
    if (st === undefined) {
      const k = numericOf(t);
      if (k === null) throw new InternalError('column aggregation: a non-numeric argument column got past accepts()');
      st = new AggState(this.kind, t, k.num, k.result, this.cap);
      this.byType.set(t, st);
      this.states.push(st);
    }
    st.reset();
    this.current = st;
    return true;
  }
}

/** Whether a column holds floats (whose NaNs make min and max order-dependent). */
export function isFloatColumn(col: ColumnBatch): boolean {
  return !col.missing && numericOf(col.type)?.num === Num.Float;
}

/**
 * Whether any of the next `n` rows of a float column is NaN. min and max
 * are then order-dependent (a NaN wins over the running value, and the next
 * value over it), and only the values in their order give Zed's answer.
 */
export function hasNaN(col: ColumnBatch, n: number): boolean {
  const k = numericOf(col.type);
  if (col.missing || k === null || k.num !== Num.Float) return false;
  const check = (b: Uint8Array, s: number, e: number): boolean => {
    const body = bodyStart(b, s);
    return body >= 0 && Number.isNaN(decodeFloat(b, body, e));
  };
  if (col.cardinality >= 0) {
    for (let c = 0; c < col.cardinality; c++) {
      const el = col.element(c);
      if (check(el, 0, el.length)) return true;
    }
    return false;
  }
  for (let i = 0; i < n; i++) if (check(col.bytes, col.starts[i]!, col.starts[i]! + col.sizes[i]!)) return true;
  return false;
}

/** Start of the body of the element at b[s] (past its tag), or -1 for a null. */
function bodyStart(b: Uint8Array, s: number): number {
  readElement(b, s, b.length, el);
  return el.start;
}

const el = { start: 0, end: 0 };

export class ColumnGroups {
  private readonly nkeys: number;
  /** Each key's values, interned (with their types). */
  private readonly keyIds: ElementIds[] = [];
  /** Combined keys: level k maps (group of keys 0..k-1, id of key k) to a group of keys 0..k. */
  private readonly levels: Map<number | string, number>[] = [];
  private readonly levelSize: number[] = [];
  /** For intermediate levels: the pair (left, right) each of its entries stands for. */
  private readonly levelLeft: number[][] = [];
  private readonly levelRight: number[][] = [];
  /** parts[k][g]: group g's id for key k (with one key, group g is key id g). */
  private parts: Int32Array[] = [];
  /** Rows per group, when an aggregate is count(). */
  private counts: Float64Array | null;
  private readonly aggs: (AggColumn | null)[];
  private n = 0;
  private ids: Int32Array[] = [];
  private gids = new Int32Array(0);
  /** The columns of the current member, and what they map to. */
  private keyCols: readonly ColumnBatch[] = [];
  private argCols: readonly (ColumnBatch | null)[] = [];
  private argLive: boolean[] = [];
  private codeIds: (Int32Array | null)[] = [];

  /** `aggs[j]` is the j-th aggregate: count() takes no column. */
  constructor(nkeys: number, aggs: readonly ColumnAggKind[]) {
    this.nkeys = nkeys;
    for (let k = 0; k < nkeys; k++) {
      this.keyIds.push(new ElementIds());
      if (nkeys > 1) this.parts.push(new Int32Array(256));
      this.ids.push(new Int32Array(0));
    }
    this.counts = aggs.includes('count') ? new Float64Array(256) : null;
    for (let k = 1; k < nkeys; k++) {
      this.levels.push(new Map());
      this.levelSize.push(0);
      this.levelLeft.push([]);
      this.levelRight.push([]);
    }
    this.aggs = aggs.map((a) => (a === 'count' ? null : new AggColumn(a)));
  }

  /** Groups so far. */
  get size(): number {
    return this.n;
  }

  private cap = 256;

  private grow(cap: number): void {
    if (cap <= this.cap) return;
    const size = (this.cap = Math.max(cap, 2 * this.cap));
    if (this.counts !== null) {
      const counts = new Float64Array(size);
      counts.set(this.counts);
      this.counts = counts;
    }
    this.parts = this.parts.map((p) => {
      const q = new Int32Array(size);
      q.set(p);
      return q;
    });
    for (const a of this.aggs) a?.grow(size);
  }

  /**
   * Whether columns of these types can be aggregated here: keys that are
   * not errors (a quiet one drops its row) except error("missing");
   * arguments numeric, null or missing.
   */
  static accepts(keys: readonly ColumnBatch[], args: readonly (ColumnBatch | null)[]): boolean {
    for (const c of keys) if (underlying(c.type).kind === 'error' && !c.missing) return false;
    for (const c of args) {
      if (c === null || c.missing) continue;
      const t = c.type;
      if (!(t.kind === 'primitive' && t.id === ID.null) && numericOf(t) === null) return false;
    }
    return true;
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
    this.codeIds = keys.map((col) => (col.cardinality < 0 ? null : new Int32Array(col.cardinality).fill(-1)));
    this.argLive = args.map((col, j) => col !== null && this.aggs[j]!.begin(col));
  }

  /** Adds the next `n` rows of the columns given to `begin`, read into them. */
  add(n: number): void {
    const nkeys = this.nkeys;
    if (this.gids.length < n) this.gids = new Int32Array(Math.max(n, 2 * this.gids.length));
    for (let k = 0; k < nkeys; k++) {
      const col = this.keyCols[k]!;
      let ids = this.ids[k]!;
      if (ids.length < n) ids = this.ids[k] = new Int32Array(Math.max(n, 2 * ids.length));
      const map = this.codeIds[k];
      if (map !== null && map !== undefined) {
        const codes = col.codes;
        const keyIds = this.keyIds[k]!;
        for (let i = 0; i < n; i++) {
          const c = codes[i]!;
          let id = map[c]!;
          if (id < 0) {
            const el = col.element(c);
            id = map[c] = keyIds.id(col.type, el, 0, el.length);
          }
          ids[i] = id;
        }
      } else {
        this.keyIds[k]!.ids(col.type, col, n, ids);
      }
    }
    const gids = this.gids;
    if (nkeys === 0) {
      gids.fill(0, 0, n);
      if (this.n === 0) this.newGroup();
    } else if (nkeys === 1) {
      // Key ids are made in order of first sight by rows: each is its group.
      const size = this.keyIds[0]!.size;
      if (size > this.n) {
        this.n = size;
        this.grow(size);
      }
      gids.set(this.ids[0]!.subarray(0, n));
    } else {
      for (let i = 0; i < n; i++) gids[i] = this.combine(i);
    }
    const counts = this.counts;
    if (counts !== null) for (let i = 0; i < n; i++) counts[gids[i]!]!++;
    for (let j = 0; j < this.aggs.length; j++) {
      if (this.argLive[j] === true) this.aggs[j]!.current!.add(this.argCols[j]!, n, gids);
    }
  }

  private newGroup(): number {
    const g = this.n++;
    this.grow(this.n);
    return g;
  }

  /** Row i's group when there are several keys. */
  private combine(i: number): number {
    let g = this.ids[0]![i]!;
    const last = this.nkeys - 1;
    for (let k = 1; k <= last; k++) {
      const id = this.ids[k]![i]!;
      const pair = g < PAIR && id < PAIR ? g * PAIR + id : `${g},${id}`;
      const level = this.levels[k - 1]!;
      let next = level.get(pair);
      if (next === undefined) {
        if (k === last) {
          next = this.newGroup();
          // Keys 0..k of the new group: back through the levels' pairs.
          this.parts[k]![next] = id;
          let prev = g;
          for (let kk = k - 1; kk >= 1; kk--) {
            this.parts[kk]![next] = this.levelRight[kk - 1]![prev]!;
            prev = this.levelLeft[kk - 1]![prev]!;
          }
          this.parts[0]![next] = prev;
        } else {
          next = this.levelSize[k - 1]!;
          this.levelSize[k - 1] = next + 1;
          this.levelLeft[k - 1]![next] = g;
          this.levelRight[k - 1]![next] = id;
        }
        level.set(pair, next);
      }
      g = next;
    }
    return g;
  }

  /** Whether each aggregate had arguments of at most one type, so that `finals` can say each group's results. */
  get single(): boolean {
    return this.aggs.every((a) => a === null || a.states.length <= 1);
  }

  /** Each group's keys and final values (only when `single`), made as they are pulled. */
  *finals(): Generator<readonly [readonly Value[], readonly Value[]]> {
    const keys = new Array<Value>(this.nkeys);
    const results = new Array<Value>(this.aggs.length);
    for (let g = 0; g < this.n; g++) {
      this.groupKeys(g, keys);
      for (let j = 0; j < this.aggs.length; j++) {
        const a = this.aggs[j];
        results[j] = a === null || a === undefined ? newUint64(this.counts![g]!) : (a.states[0]?.final(g) ?? NullValue);
      }
      yield [keys, results];
    }
  }

  private groupKeys(g: number, keys: Value[]): void {
    for (let k = 0; k < this.nkeys; k++) {
      const ids = this.keyIds[k]!;
      const id = this.nkeys === 1 ? g : this.parts[k]![g]!;
      const el = ids.element(id);
      const body = bodyStart(el, 0);
      keys[k] = new Value(ids.types[id]!, body < 0 ? null : el.subarray(body));
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
    for (const a of aggs) if (a !== null) extra = Math.max(extra, a.states.length - 1);
    for (let g = 0; g < this.n; g++) {
      this.groupKeys(g, keys);
      for (let r = 0; r <= extra; r++) {
        let any = r === 0;
        for (let j = 0; j < aggs.length; j++) {
          const a = aggs[j];
          if (a === null || a === undefined) partials[j] = r === 0 ? newUint64(this.counts![g]!) : undefined;
          else {
            const p = a.states[r]?.partial(g);
            partials[j] = p;
            if (p !== undefined) any = true;
          }
        }
        if (any) out(keys, partials);
      }
    }
  }
}
