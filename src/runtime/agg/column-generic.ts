// Aggregates over columns other than the numeric ones (column-agg.ts):
// count of an argument or with a where clause, dcount, union, and, or,
// any, collect, collect_map, fuse. Their argument column's values are
// handed, row by row, to the aggregate's own Aggregator, one per group, as
// Values made from the column's elements (a coded column's once per code),
// so the results are the aggregate's own. Those that count a value once (a
// sketch, a set, a truth value, the first non-null, a type) get each of a
// coded column's codes once per group, in the order rows first have them;
// the others (count, collect, collect_map) get every row. Those whose
// results depend on the values' order (ORDERED_COLUMN_AGGS) must be handed
// the rows in a scan's order: an object's rows come in its order, unless it
// holds values of several types, whose columns come type by type; then the
// caller gives each row's position in the object, and those aggregates
// keep the rows they need (all for collect and collect_map; for any, each
// group's first value and first non-null value of each type; for fuse,
// each group's first value of each type) until the object ends, and take
// them in the object's order. Partials are the aggregators'
// resultAsPartial and consumeAsPartial.

import { TypeBool, Value, encodeBool, underlying, type Type, type TypeContext } from '../../zed/index.js';
import type { AggregateDef, Aggregator } from './aggregator.js';
import type { Hash64 } from './metro-hash.js';
import { bodyStart, type ColumnBatch } from './column-batch.js';
import { copyValue, isMissing } from './values.js';
import { InternalError } from '../../errors/index.js';

/** Whether a value is error("missing"), which aggregates skip. */
function isMissingValue(v: Value): boolean {
  return v.type.kind === 'error' && isMissing(v);
}

/** The aggregates column grouping runs through their Aggregators (and count, given an argument or a where clause). */
export const GENERIC_COLUMN_AGGS: ReadonlySet<string> = new Set(['dcount', 'union', 'and', 'or', 'any', 'collect', 'collect_map', 'fuse']);

/** Of those, the ones whose results depend on the order of the values. */
export const ORDERED_COLUMN_AGGS: ReadonlySet<string> = new Set(['any', 'collect', 'collect_map', 'fuse']);

/** The ones that take every row, repeats included. */
const EVERY_ROW: ReadonlySet<string> = new Set(['count', 'collect', 'collect_map']);

/** Numbers that stand for the values of rows (an expression's results worked out over columns). */
export interface NumberVector {
  readonly type: Type;
  /** Row k's number, where exact[k] is 1; elsewhere the row's value decides. */
  readonly xs: Float64Array;
  readonly exact: Uint8Array;
  /** Set when every row is known exact (exact then all 1s, unread by a fold of one group). */
  readonly allExact?: boolean;
}

/**
 * An argument given as values (an expression's results), row k's by
 * calling it; with `numbers`, those of rows k < count as numbers where
 * they can be (for the aggregates that take numbers, see Aggregator.consumeNumber).
 */
export type ArgValues = ((k: number) => Value) & {
  readonly numbers?: (count: number) => NumberVector | null;
  /** With every row exact integers (and every partial sum of them), the sum of rows k < count; else null. */
  readonly total?: (count: number) => { readonly type: Type; readonly total: number } | null;
};

/** What a GenericColumnAgg has made and handed over of the codes of a column (or of a shared dictionary). */
class CodeState {
  /** Values by code, each made when first read. */
  readonly byCode: (Value | undefined)[] = [];
  /** The (group, code) pairs handed over that firstGroups does not hold, as group * 2^32 + code. */
  readonly seen = new Set<number>();
  /**
   * Per code, 1 + the first group it was handed over for (0: none yet), so
   * that a code seen again in that group costs an array read.
   */
  #first = new Int32Array(0);

  /** Per code, its digest (see AggregateDef.digest) when digested[code] is 1. */
  digestHi = new Uint32Array(0);
  digestLo = new Uint32Array(0);
  digested = new Uint8Array(0);

  /** Makes room for the digests of codes below `cardinality`. */
  digests(cardinality: number): void {
    if (this.digested.length >= cardinality) return;
    const n = Math.max(cardinality, 2 * this.digested.length);
    const hi = new Uint32Array(n);
    const lo = new Uint32Array(n);
    const has = new Uint8Array(n);
    hi.set(this.digestHi);
    lo.set(this.digestLo);
    has.set(this.digested);
    this.digestHi = hi;
    this.digestLo = lo;
    this.digested = has;
  }

  /** firstGroup for codes below `cardinality` (grown as a shared dictionary grows). */
  firstGroups(cardinality: number): Int32Array {
    if (this.#first.length < cardinality) {
      const grown = new Int32Array(Math.max(cardinality, 2 * this.#first.length));
      grown.set(this.#first);
      this.#first = grown;
    }
    return this.#first;
  }
}

/** Whether flags[r] is 1 for each row r = rows[k] (or k without rows), k < n. */
function allSet(flags: Uint8Array, rows: Int32Array | undefined, n: number): boolean {
  let all = 1;
  if (rows === undefined) for (let k = 0; k < n; k++) all &= flags[k]!;
  else for (let k = 0; k < n; k++) all &= flags[rows[k]!]!;
  return all === 1;
}

/** Whether values of type `t` may be errors: an error type, or a union with one. */
export function mayHoldError(t: Type): boolean {
  const u = underlying(t);
  return u.kind === 'error' || (u.kind === 'union' && u.types.some((m) => underlying(m).kind === 'error'));
}

/** Scratch for a digest being made (digests are made synchronously). */
const DIGEST: Hash64 = { hi: 0, lo: 0 };

/** What count() with no argument consumes per row (it reads nothing of it). */
const ROW = new Value(TypeBool, encodeBool(true));

export class GenericColumnAgg {
  /** Each group's aggregator, made when the group first has an argument. */
  private readonly states: (Aggregator | undefined)[] = [];
  /** The argument column of the rows that follow; null when there is none (count() where ...). */
  private col: ColumnBatch | null = null;
  /** Whether rows follow that add something (see begin). */
  private live = false;
  /** Every row goes to the aggregator, repeats included. */
  private readonly everyRow: boolean;
  /** Its result depends on the values' order (see ORDERED_COLUMN_AGGS). */
  private readonly ordered: boolean;
  /** Rows kept with their positions until the object ends (see add and endObject). */
  private kept: { pos: number[]; gid: number[]; val: Value[] } = { pos: [], gid: [], val: [] };
  /** Of the column begun, per group, what any or fuse kept: 1 a null, 2 a non-null (any), 2 a value (fuse). */
  private firsts = new Map<number, number>();
  /**
   * What the column begun has made and handed over of its codes: of it
   * alone, or (for codes into a dictionary the pool's objects share, see
   * ColumnBatch.source) of every column begun that reads that dictionary.
   */
  #codes = new CodeState();
  /** Per shared dictionary, its CodeState, kept across the columns that read it. */
  private readonly spaces = new Map<object, CodeState>();
  /** Bytes held by growing aggregates (union), kept up to date as values come. */
  memory = 0;

  /** The rows' arguments come as values (see beginValues), not as a column. */
  private byValue = false;

  /** Its aggregators take numbers (see ArgValues). */
  private readonly takesNumbers: boolean;

  constructor(readonly def: AggregateDef) {
    this.everyRow = EVERY_ROW.has(def.name);
    this.ordered = ORDERED_COLUMN_AGGS.has(def.name);
    this.takesNumbers = typeof def.make().consumeNumber === 'function';
  }

  /**
   * Whether a column can be an argument: not one that may hold errors,
   * which a scan drops when they are error("missing").
   */
  static accepts(col: ColumnBatch): boolean {
    return col.missing || !mayHoldError(col.type);
  }

  /**
   * Starts a column (null: count() with no argument, whose rows count);
   * false when its rows add nothing (a missing argument, which aggregates skip).
   */
  begin(col: ColumnBatch | null): boolean {
    this.col = col;
    this.byValue = false;
    if (col === null || col.missing) this.#codes = new CodeState();
    this.firsts = new Map();
    if (col === null) return (this.live = true);
    if (col.missing) return (this.live = false);
    this.live = true;
    // Codes into a shared dictionary (which only grows, its elements
    // staying as they are) keep what was made and handed over of them; a
    // column's own codes start afresh.
    const space = col.cardinality >= 0 ? col.source : undefined;
    if (space === undefined) this.#codes = new CodeState();
    else {
      let kept = this.spaces.get(space);
      if (kept === undefined) this.spaces.set(space, (kept = new CodeState()));
      this.#codes = kept;
    }
    return true;
  }

  #state(g: number): Aggregator {
    let a = this.states[g];
    if (a === undefined) {
      a = this.states[g] = this.def.make();
      if (this.def.growing) this.memory += a.memory();
    }
    return a;
  }

  #consume(g: number, v: Value): void {
    const a = this.#state(g);
    if (!this.def.growing) {
      a.consume(v);
      return;
    }
    const before = a.memory();
    a.consume(v);
    this.memory += a.memory() - before;
  }

  /** Starts rows whose arguments add is given as values (an expression's results). */
  beginValues(): void {
    this.begin(null);
    this.byValue = true;
  }

  /**
   * Adds rows of the column given to begin (or whose values `valueOf`
   * gives, after beginValues), the i-th of them to group gids[i]: the next
   * `n` rows, or with `rows`, rows[i] of them.
   */
  add(n: number, gids: Int32Array, rows?: Int32Array, positions?: Int32Array, valueOf?: ArgValues, oneGroup = false): void {
    if (!this.live) return;
    const col = this.col;
    if (this.byValue) {
      if (valueOf === undefined) throw new InternalError('column aggregation: an argument of values without its values');
      if (positions !== undefined && this.ordered) {
        this.keep(n, gids, valueOf, rows, positions);
        return;
      }
      // Rows of one group whose sum is all the aggregate needs: their total, without each row's number.
      if (oneGroup && rows === undefined && n > 0 && this.takesNumbers && valueOf.total !== undefined && !this.def.growing) {
        const a = this.#state(gids[0]!);
        if (a.consumeTotal !== undefined) {
          const t = valueOf.total(n);
          if (t !== null && a.consumeTotal(t.type, t.total, n)) return;
        }
      }
      const vec = this.takesNumbers && valueOf.numbers !== undefined && n > 0 ? valueOf.numbers(rows === undefined ? n : rows[n - 1]! + 1) : null;
      if (vec !== null) {
        const { type, xs, exact } = vec;
        // Rows of one group, each a number: folded by the aggregator in one call.
        if (oneGroup && n > 0 && (vec.allExact === true || allSet(exact, rows, n))) {
          const a = this.#state(gids[0]!);
          if (a.consumeNumbers !== undefined && !this.def.growing) {
            a.consumeNumbers(type, xs, rows, n);
            return;
          }
        }
        for (let i = 0; i < n; i++) {
          const r = rows === undefined ? i : rows[i]!;
          if (exact[r] === 1) this.#state(gids[i]!).consumeNumber!(type, xs[r]!);
          else {
            const v = valueOf(r);
            if (!isMissingValue(v)) this.#consume(gids[i]!, v);
          }
        }
        return;
      }
      for (let i = 0; i < n; i++) {
        const v = valueOf(rows === undefined ? i : rows[i]!);
        // As a scan's: error("missing") is not aggregated.
        if (!isMissingValue(v)) this.#consume(gids[i]!, v);
      }
      return;
    }
    if (positions !== undefined && this.ordered && col !== null) {
      this.keep(n, gids, (r) => this.columnValue(col, r), rows, positions);
      return;
    }
    if (col === null) {
      for (let i = 0; i < n; i++) this.#consume(gids[i]!, ROW);
      return;
    }
    if (col.cardinality >= 0) {
      const codes = col.codes;
      if (this.everyRow) {
        for (let i = 0; i < n; i++) this.#consume(gids[i]!, this.codeValue(col, codes[rows === undefined ? i : rows[i]!]!));
        return;
      }
      const codeState = this.#codes;
      const seen = codeState.seen;
      const first = codeState.firstGroups(col.cardinality);
      const digest = this.def.digest;
      if (digest !== undefined) codeState.digests(col.cardinality);
      for (let i = 0; i < n; i++) {
        const g = gids[i]!;
        const c = codes[rows === undefined ? i : rows[i]!]!;
        const f = first[c]!;
        if (f === g + 1) continue;
        if (f === 0) first[c] = g + 1;
        else {
          const k = g * 4294967296 + c;
          if (seen.has(k)) continue;
          seen.add(k);
        }
        if (digest !== undefined) this.#digestCode(g, col, c, digest);
        else this.#consume(g, this.codeValue(col, c));
      }
      return;
    }
    const { bytes, starts, sizes } = col;
    const type: Type = col.type;
    // count reads nothing of the values.
    if (this.def.name === 'count') {
      for (let i = 0; i < n; i++) this.#consume(gids[i]!, ROW);
      return;
    }
    const digest = this.def.digest;
    if (digest !== undefined) {
      // Digested straight from the column's bytes: no value made per row.
      const d = DIGEST;
      for (let i = 0; i < n; i++) {
        const r = rows === undefined ? i : rows[i]!;
        const s = starts[r]!;
        const body = bodyStart(bytes, s);
        digest(type, bytes, body, s + sizes[r]!, d);
        this.#consumeDigest(gids[i]!, d.hi, d.lo);
      }
      return;
    }
    for (let i = 0; i < n; i++) {
      const r = rows === undefined ? i : rows[i]!;
      const s = starts[r]!;
      const body = bodyStart(bytes, s);
      this.#consume(gids[i]!, new Value(type, body < 0 ? null : bytes.subarray(body, s + sizes[r]!)));
    }
  }

  /** Folds code `c` of a coded column into group g by its digest, made once per code (see CodeState.digests). */
  #digestCode(g: number, col: ColumnBatch, c: number, digest: NonNullable<AggregateDef['digest']>): void {
    const st = this.#codes;
    if (st.digested[c] === 0) {
      const el = col.element(c);
      digest(col.type, el, bodyStart(el, 0), el.length, DIGEST);
      st.digestHi[c] = DIGEST.hi;
      st.digestLo[c] = DIGEST.lo;
      st.digested[c] = 1;
    }
    this.#consumeDigest(g, st.digestHi[c]!, st.digestLo[c]!);
  }

  #consumeDigest(g: number, hi: number, lo: number): void {
    const a = this.#state(g);
    if (!this.def.growing) {
      a.consumeDigest!(hi, lo);
      return;
    }
    const before = a.memory();
    a.consumeDigest!(hi, lo);
    this.memory += a.memory() - before;
  }

  /** The value of code `c` of a coded column (see CodeState.byCode). */
  private codeValue(col: ColumnBatch, c: number): Value {
    const byCode = this.#codes.byCode;
    let v = byCode[c];
    if (v === undefined) {
      const el = col.element(c);
      const body = bodyStart(el, 0);
      v = byCode[c] = new Value(col.type, body < 0 ? null : el.subarray(body));
    }
    return v;
  }

  /**
   * Keeps what the aggregate needs of the rows add was given, with their
   * positions in the object (row i's at positions[rows[i]], or
   * positions[i] without rows), for endObject.
   */
  private keep(n: number, gids: Int32Array, valueOf: (r: number) => Value, rows: Int32Array | undefined, positions: Int32Array): void {
    const { pos, gid, val } = this.kept;
    const firsts = this.firsts;
    const name = this.def.name;
    const isAny = name === 'any';
    // A column's rows are of one type and in order: any needs a group's
    // first value and its first non-null, fuse its first.
    const firstOnly = !this.byValue && (isAny || name === 'fuse');
    for (let i = 0; i < n; i++) {
      const r = rows === undefined ? i : rows[i]!;
      const g = gids[i]!;
      const v = valueOf(r);
      if (this.byValue && isMissingValue(v)) continue;
      if (firstOnly) {
        const had = firsts.get(g) ?? 0;
        const now = isAny && v.bytes === null ? 1 : 2;
        if (had >= now) continue;
        firsts.set(g, now);
      }
      pos.push(positions[r]!);
      gid.push(g);
      val.push(copyValue(v));
    }
  }

  /** Row r's value of a column. */
  private columnValue(col: ColumnBatch, r: number): Value {
    if (col.cardinality >= 0) return this.codeValue(col, col.codes[r]!);
    const s = col.starts[r]!;
    const body = bodyStart(col.bytes, s);
    return new Value(col.type, body < 0 ? null : col.bytes.subarray(body, s + col.sizes[r]!));
  }

  /** Takes the rows kept of an object (see keep) in the object's order. */
  endObject(): void {
    const { pos, gid, val } = this.kept;
    if (pos.length === 0) return;
    const order = Array.from(pos.keys()).sort((a, b) => pos[a]! - pos[b]!);
    for (const i of order) this.#consume(gid[i]!, val[i]!);
    this.kept = { pos: [], gid: [], val: [] };
  }

  /** Group g's result (of a fresh aggregator when it had no argument). */
  final(g: number, zctx: TypeContext): Value {
    return (this.states[g] ?? this.def.make()).result(zctx);
  }

  /** Group g's partial; undefined when it had no argument. */
  partial(g: number, zctx: TypeContext): Value | undefined {
    return this.states[g]?.resultAsPartial(zctx);
  }

  /** Folds another instance's partial into group g. */
  absorb(g: number, partial: Value): void {
    const a = this.#state(g);
    const before = this.def.growing ? a.memory() : 0;
    a.consumeAsPartial(partial);
    if (this.def.growing) this.memory += a.memory() - before;
  }
}
