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
// the rows in a scan's order (the caller sees to it). Partials are the
// aggregators' resultAsPartial and consumeAsPartial.

import { TypeBool, Value, encodeBool, underlying, type Type, type TypeContext } from '../../zed/index.js';
import type { AggregateDef, Aggregator } from './aggregator.js';
import { bodyStart, type ColumnBatch } from './column-batch.js';

/** The aggregates column grouping runs through their Aggregators (and count, given an argument or a where clause). */
export const GENERIC_COLUMN_AGGS: ReadonlySet<string> = new Set(['dcount', 'union', 'and', 'or', 'any', 'collect', 'collect_map', 'fuse']);

/** Of those, the ones whose results depend on the order of the values. */
export const ORDERED_COLUMN_AGGS: ReadonlySet<string> = new Set(['any', 'collect', 'collect_map', 'fuse']);

/** The ones that take every row, repeats included. */
const EVERY_ROW: ReadonlySet<string> = new Set(['count', 'collect', 'collect_map']);

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
  /** A coded column's values by code. */
  private byCode: Value[] = [];
  /** The (group, code) pairs of the column handed over so far, as group * cardinality + code. */
  private seen = new Set<number>();
  /** Bytes held by growing aggregates (union), kept up to date as values come. */
  memory = 0;

  constructor(readonly def: AggregateDef) {
    this.everyRow = EVERY_ROW.has(def.name);
  }

  /**
   * Whether a column can be an argument: not one that may hold errors,
   * which a scan drops when they are error("missing").
   */
  static accepts(col: ColumnBatch): boolean {
    if (col.missing) return true;
    const t = underlying(col.type);
    return t.kind !== 'error' && !(t.kind === 'union' && t.types.some((u) => underlying(u).kind === 'error'));
  }

  /**
   * Starts a column (null: count() with no argument, whose rows count);
   * false when its rows add nothing (a missing argument, which aggregates skip).
   */
  begin(col: ColumnBatch | null): boolean {
    this.col = col;
    this.byCode = [];
    this.seen = new Set();
    if (col === null) return (this.live = true);
    if (col.missing) return (this.live = false);
    this.live = true;
    if (col.cardinality >= 0) {
      for (let c = 0; c < col.cardinality; c++) {
        const el = col.element(c);
        const body = bodyStart(el, 0);
        this.byCode.push(new Value(col.type, body < 0 ? null : el.subarray(body)));
      }
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

  /**
   * Adds rows of the column given to begin, the i-th of them to group
   * gids[i]: the next `n` rows, or with `rows`, rows[i] of them.
   */
  add(n: number, gids: Int32Array, rows?: Int32Array): void {
    if (!this.live) return;
    const col = this.col;
    if (col === null) {
      for (let i = 0; i < n; i++) this.#consume(gids[i]!, ROW);
      return;
    }
    if (col.cardinality >= 0) {
      const codes = col.codes;
      const byCode = this.byCode;
      if (this.everyRow) {
        for (let i = 0; i < n; i++) this.#consume(gids[i]!, byCode[codes[rows === undefined ? i : rows[i]!]!]!);
        return;
      }
      const card = col.cardinality;
      const seen = this.seen;
      for (let i = 0; i < n; i++) {
        const g = gids[i]!;
        const c = codes[rows === undefined ? i : rows[i]!]!;
        const k = g * card + c;
        if (seen.has(k)) continue;
        seen.add(k);
        this.#consume(g, byCode[c]!);
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
    for (let i = 0; i < n; i++) {
      const r = rows === undefined ? i : rows[i]!;
      const s = starts[r]!;
      const body = bodyStart(bytes, s);
      this.#consume(gids[i]!, new Value(type, body < 0 ? null : bytes.subarray(body, s + sizes[r]!)));
    }
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
