// summarize: aggregates grouped by keys (runtime/sam/op/groupby) over the
// group table of src/runtime/agg, which spills past the memory limit. The
// output records hold the keys then the aggregates, at their paths; groups
// come out in order of first appearance (key order after a spill). Zed's
// compiler turns a lone unnamed aggregate without keys into this plus
// `yield this.<name>`; the compiler does that here too.
//
// With inputSortDir the input is sorted by the first key: when it moves to
// a new value, the groups so far are complete and are emitted at once.

import { TypeBool, Value, encodeBool } from '../../zed/index.js';
import { GroupTable, type AggregateDef, type FieldPath, type FinalGroups } from '../agg/index.js';
import { compareKeyValues } from './compare.js';
import { fieldGetter } from './paths.js';
import { checkAbort, type Batch, type Evaluator, type OpContext, type Order, type Stream } from './types.js';
import { ErrorValues, isMissing, isTrue } from './values.js';

export interface SummarizeKey {
  /** The output field, e.g. ["k"] or ["rec","i"]. */
  readonly path: FieldPath;
  readonly expr: Evaluator;
}

export interface SummarizeAgg {
  readonly path: FieldPath;
  readonly def: AggregateDef;
  /** The argument; null for count(), which counts every value. */
  readonly arg: Evaluator | null;
  /** The `where` clause; values for which it is not true are not aggregated. */
  readonly where: Evaluator | null;
}

export interface SummarizeOptions {
  readonly keys: readonly SummarizeKey[];
  readonly aggs: readonly SummarizeAgg[];
  /** Zed's `with -limit N`: spill when N groups are held. */
  readonly groupLimit?: number;
  /** Input records carry partial results at the aggregates' paths (a merge of partial summarizes). */
  readonly partialsIn?: boolean;
  /** Output partial results instead of final ones. */
  readonly partialsOut?: boolean;
  /** The input is sorted by the first key in this order. */
  readonly inputSortDir?: Order;
}

const TRUE = new Value(TypeBool, encodeBool(true));

/** Throws InvalidError (Zed's messages) for duplicate or conflicting output fields. */
export function summarizeOp(ctx: OpContext, parent: Stream, opts: SummarizeOptions): Stream {
  return run(ctx, parent, groupTable(ctx, opts), opts);
}

/**
 * Where a source that aggregates some of its input itself (over columns)
 * hands in the result: each group's keys and its aggregates' partial
 * results, in the order of the summarize's keys and aggregates.
 */
export interface PartialSink {
  add(keys: readonly Value[], partials: readonly (Value | undefined)[]): void;
  /** True when the table is over its memory limit: await spill() before adding more. */
  readonly shouldSpill: boolean;
  spill(): Promise<void>;
  /**
   * Instead of add, when the source aggregated all of the input itself (it
   * adds nothing and yields no values): each group's keys and final values,
   * which come out as they are pulled, after the input ends.
   */
  finish(groups: FinalGroups): void;
}

/**
 * summarize over a source that passes part of its input as partials through
 * the sink and yields the rest as values; the output is the same as
 * summarizeOp over all of it as values (groups may come out in another order).
 */
export function summarizeWithPartials(ctx: OpContext, opts: SummarizeOptions, feed: (sink: PartialSink) => Stream): Stream {
  const table = groupTable(ctx, opts);
  let finals: FinalGroups | null = null;
  const sink: PartialSink = {
    add: (keys, partials) => table.consumePartials(keys, partials),
    get shouldSpill() {
      return table.shouldSpill;
    },
    spill: () => table.spill(),
    finish: (groups) => {
      finals = groups;
    },
  };
  return (async function* () {
    yield* run(ctx, feed(sink), table, opts);
    const groups = finals as FinalGroups | null;
    if (groups !== null) yield* table.finalResults(groups);
  })();
}

function groupTable(ctx: OpContext, opts: SummarizeOptions): GroupTable {
  return new GroupTable({
    zctx: ctx.zctx,
    keys: opts.keys.map((k) => k.path),
    aggs: opts.aggs.map((a) => ({ path: a.path, def: a.def })),
    ...(ctx.memoryLimit !== undefined ? { memoryLimit: ctx.memoryLimit } : {}),
    ...(opts.groupLimit !== undefined ? { groupLimit: opts.groupLimit } : {}),
    ...(ctx.spillStore !== undefined ? { spillStore: ctx.spillStore } : {}),
    partialsOut: opts.partialsOut ?? false,
  });
}

async function* run(ctx: OpContext, parent: Stream, table: GroupTable, opts: SummarizeOptions): AsyncGenerator<Batch> {
  const keyExprs = opts.keys.map((k) => k.expr);
  const nkeys = keyExprs.length;
  const aggs = opts.aggs;
  const errs = new ErrorValues(ctx.zctx);
  const partials = opts.partialsIn === true ? aggs.map((a) => fieldGetter(errs, a.path)) : null;
  const keys = new Array<Value>(nkeys);
  const args = new Array<Value | undefined>(aggs.length);
  const sorted = opts.inputSortDir !== undefined && nkeys > 0;
  const desc = opts.inputSortDir === 'desc';
  const cmp0 = (a: Value, b: Value) => (desc ? compareKeyValues(b, a, true, false) : compareKeyValues(a, b, true, false));
  let key0s: Value[] = [];
  let maxKey: Value | null = null;

  const consume = async (batch: Batch, from: number, to: number): Promise<void> => {
    for (let i = from; i < to; i++) {
      const v = batch[i]!;
      for (let k = 0; k < nkeys; k++) keys[k] = sorted && k === 0 ? key0s[i]! : keyExprs[k]!(v);
      if (partials !== null) {
        for (let j = 0; j < partials.length; j++) {
          const p = partials[j]!(v);
          args[j] = p.type.kind === 'error' && isMissing(p) ? undefined : p;
        }
        table.consumePartials(keys, args);
      } else {
        for (let j = 0; j < aggs.length; j++) {
          const a = aggs[j]!;
          args[j] = a.where !== null && !isTrue(a.where(v)) ? undefined : a.arg === null ? TRUE : a.arg(v);
        }
        table.consume(keys, args);
      }
      if (table.shouldSpill) await table.spill();
    }
  };

  for await (const batch of parent) {
    checkAbort(ctx);
    if (!sorted || batch.length === 0) {
      await consume(batch, 0, batch.length);
      continue;
    }
    key0s = batch.map(keyExprs[0]!);
    const last = key0s[key0s.length - 1]!;
    let split = key0s.length - 1;
    while (split > 0 && cmp0(key0s[split - 1]!, last) === 0) split--;
    const moved = split > 0 || (maxKey !== null && cmp0(maxKey, last) !== 0);
    if (moved && table.groups + table.spills > 0) {
      await consume(batch, 0, split);
      yield* table.results();
      await consume(batch, split, batch.length);
    } else {
      await consume(batch, 0, batch.length);
    }
    maxKey = last;
  }
  yield* table.results();
}
