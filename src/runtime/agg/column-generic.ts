// Aggregates over columns other than the numeric ones (column-agg.ts):
// dcount, union, and, or. Their argument column's values are handed, row
// by row, to the aggregate's own Aggregator, one per group, as Values made
// from the column's elements (a coded column's once per code), so the
// results are the aggregate's own; only the values' order differs from a
// scan's, and these aggregates do not depend on it. Nor do they count a
// value twice (a sketch, a set, a truth value), so a coded column hands
// each group each of its codes once. Partials are the aggregators'
// resultAsPartial and consumeAsPartial.

import { Value, type Type, type TypeContext } from '../../zed/index.js';
import type { AggregateDef, Aggregator } from './aggregator.js';
import { bodyStart, type ColumnBatch } from './column-batch.js';

/** The aggregates column grouping runs through their Aggregators: their results depend neither on the values' order nor on repeats. */
export const GENERIC_COLUMN_AGGS: ReadonlySet<string> = new Set(['dcount', 'union', 'and', 'or']);

export class GenericColumnAgg {
  /** Each group's aggregator, made when the group first has an argument. */
  private readonly states: (Aggregator | undefined)[] = [];
  private col: ColumnBatch | null = null;
  /** A coded column's values by code. */
  private byCode: Value[] = [];
  /** The (group, code) pairs of the column handed over so far, as group * cardinality + code. */
  private seen = new Set<number>();
  /** Bytes held by growing aggregates (union), kept up to date as values come. */
  memory = 0;

  constructor(readonly def: AggregateDef) {}

  /** Starts a column; false when its rows add nothing (a missing argument, which aggregates skip). */
  begin(col: ColumnBatch): boolean {
    if (col.missing) {
      this.col = null;
      return false;
    }
    this.col = col;
    this.byCode = [];
    this.seen = new Set();
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

  /** Adds the next `n` rows of the column given to begin, row i to group gids[i]. */
  add(n: number, gids: Int32Array): void {
    const col = this.col;
    if (col === null) return;
    if (col.cardinality >= 0) {
      const codes = col.codes;
      const card = col.cardinality;
      const seen = this.seen;
      for (let i = 0; i < n; i++) {
        const g = gids[i]!;
        const c = codes[i]!;
        const k = g * card + c;
        if (seen.has(k)) continue;
        seen.add(k);
        this.#consume(g, this.byCode[c]!);
      }
      return;
    }
    const { bytes, starts, sizes } = col;
    const type: Type = col.type;
    for (let i = 0; i < n; i++) {
      const s = starts[i]!;
      const body = bodyStart(bytes, s);
      this.#consume(gids[i]!, new Value(type, body < 0 ? null : bytes.subarray(body, s + sizes[i]!)));
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
