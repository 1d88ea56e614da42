// Scans: the query's own input and `from` sources, each with the filter the
// optimizer pushed into it. The source gets the filter as a Pushdown; the
// filter runs after the source unless the source says it applied it. A
// scan the optimizer marked as counted (a keyless count() follows) asks the
// source for the count first and reads the data only if it cannot tell.

import type * as dag from '../dag/index.js';
import { type Batch, filterOp, type OpContext, type PartialSink, type Stream } from '../../runtime/op/index.js';
import { Builder, TypeBool, TypeNull, TypeUint64, Value, encodeBool, encodeUint, type Value as ValueType } from '../../zed/index.js';
import { keySpanOf } from '../optimizer/key-span.js';
import { textFilterOf } from '../optimizer/terms.js';
import type { BuildContext } from './build.js';
import type { Env, Evaluator } from './env.js';
import { compileColumnExpr, compileColumnExprs, fieldPathsOf, singlePathOf } from './column-expr.js';
import { compileBool, compileExpr, constValue } from './expr.js';
import type { ColumnAggregate, ColumnAggregateAgg, ColumnFilterNode, ColumnTopK, KeyExpr, KeySpan, Pushdown, TextFilter } from './source.js';
import { agg, leafPredicate, literalPredicate } from '../../runtime/index.js';

const TRUE_VALUE = new Value(TypeBool, encodeBool(true));
const FALSE_VALUE = new Value(TypeBool, encodeBool(false));

/** A filter predicate as the filter operator's evaluator. */
export function predicateEvaluator(pred: (v: ValueType) => boolean): Evaluator {
  return (v) => (pred(v) ? TRUE_VALUE : FALSE_VALUE);
}

/** A filter expression as the filter operator's evaluator: true only for bool true. */
export function boolEvaluator(e: dag.Expr, env: Env): Evaluator {
  return predicateEvaluator(compileBool(e, env));
}

class ScanPushdown implements Pushdown {
  readonly predicate: (v: ValueType) => boolean;
  readonly terms: TextFilter | null;
  isApplied = false;

  constructor(
    readonly filter: dag.Expr,
    private readonly env: Env,
    private readonly known?: { sortKey: dag.SortKey; keySpan: dag.KeySpan },
  ) {
    this.predicate = compileBool(filter, env);
    this.terms = textFilterOf(filter, env.literals);
  }

  keySpan(path: readonly string[]): KeySpan | null {
    const lits = this.env.literals;
    const k = this.known;
    if (k !== undefined && k.sortKey.path.length === path.length && k.sortKey.path.every((p, i) => p === path[i])) {
      return {
        ...(k.keySpan.lower !== undefined ? { lower: lits.value(k.keySpan.lower) } : {}),
        ...(k.keySpan.upper !== undefined ? { upper: lits.value(k.keySpan.upper) } : {}),
      };
    }
    return keySpanOf(this.filter, path, lits);
  }

  #column: ColumnFilterNode | null | undefined;

  columnFilter(): ColumnFilterNode | null {
    if (this.#column === undefined) this.#column = columnFilterOf(this.filter, this.env);
    return this.#column;
  }

  applied(): void {
    this.isApplied = true;
  }
}

/** The filter after a source, skipped when the source reported (before its first batch) that it applied it. */
function pushedFilter(ctx: OpContext, src: Stream, pd: ScanPushdown): Stream {
  return (async function* () {
    const it = src[Symbol.asyncIterator]();
    let first: IteratorResult<Batch>;
    try {
      first = await it.next();
    } catch (e) {
      await it.return?.();
      throw e;
    }
    if (first.done === true) return;
    const rest: Stream = {
      [Symbol.asyncIterator]() {
        let pending: IteratorResult<Batch> | null = first;
        return {
          next() {
            if (pending !== null) {
              const r = pending;
              pending = null;
              return Promise.resolve(r);
            }
            return it.next();
          },
          return(value?: unknown) {
            return it.return !== undefined ? it.return(value) : Promise.resolve({ done: true, value: undefined });
          },
        } as AsyncIterator<Batch>;
      },
    };
    if (pd.isApplied) yield* rest;
    else yield* filterOp(ctx, rest, predicateEvaluator(pd.predicate));
  })();
}

/** Whether a summarize is a keyless `name := count()`. */
function isCount(s: dag.Summarize): boolean {
  const a = s.aggs[0];
  return (
    s.keys.length === 0 &&
    s.aggs.length === 1 &&
    a !== undefined &&
    a.rhs.name === 'count' &&
    a.rhs.expr === null &&
    a.rhs.where === null &&
    a.lhs.path.length === 1
  );
}

/** The record summarize yields for `name := count()` over n values. */
function countRecord(bctx: BuildContext, name: string, n: bigint): Value {
  const t = bctx.op.zctx.lookupRecord([{ name, type: TypeUint64 }]);
  const b = new Builder(16);
  b.append(encodeUint(n));
  return new Value(t, b.bytes());
}

/** The value of a constant array or set of constants (as Zed evaluates it), else constValue's. */
function constantOf(e: dag.Expr, env: Env): ValueType | null {
  if ((e.kind === 'ArrayExpr' || e.kind === 'SetExpr') && e.elems.every((el) => el.kind !== 'Spread' && constantOf(el.expr, env) !== null)) {
    return compileExpr(e, env)(NULL_SELF);
  }
  return constValue(e, env);
}

const NULL_SELF = new Value(TypeNull, null);

/**
 * The filter as a ColumnFilterNode: `and`, `or` and `not` of `path op
 * constant` where the constant is one Zed compiles to a plain predicate
 * (literalPredicate), of `path in constant` (a constant array, set, net,
 * ...), and of any other expression that reads one field only (see
 * column-expr.ts); null for anything else.
 */
function columnFilterOf(e: dag.Expr, env: Env): ColumnFilterNode | null {
  if (e.kind === 'UnaryExpr' && e.op === '!') {
    const node = columnFilterOf(e.operand, env);
    return node === null ? null : { kind: 'not', node };
  }
  if (e.kind === 'BinaryExpr' && (e.op === 'and' || e.op === 'or')) {
    const lhs = columnFilterOf(e.lhs, env);
    const rhs = lhs === null ? null : columnFilterOf(e.rhs, env);
    return lhs === null || rhs === null ? null : { kind: e.op, lhs, rhs };
  }
  return comparisonOf(e, env) ?? exprLeafOf(e, env);
}

/** Fields an expression leaf may read at most. */
const MAX_LEAF_FIELDS = 4;

/** An expression of one field (or a few) as a filter leaf (the fields' columns its inputs). */
function exprLeafOf(e: dag.Expr, env: Env): ColumnFilterNode | null {
  const paths = fieldPathsOf(e, MAX_LEAF_FIELDS);
  if (paths === null) return null;
  if (paths.length === 1) return { kind: 'expr', path: paths[0]!, expr: e, eval: compileColumnExpr(e, paths[0]!, env) };
  return { kind: 'exprs', paths, expr: e, eval: compileColumnExprs(e, paths, env) };
}

/** `path op constant` and `path in constant` as a comparison leaf, else null. */
function comparisonOf(e: dag.Expr, env: Env): ColumnFilterNode | null {
  if (e.kind !== 'BinaryExpr') return null;
  if (e.op === 'in') {
    if (e.lhs.kind !== 'This' || e.lhs.path.length === 0) return null;
    const container = constantOf(e.rhs, env);
    if (container === null || container.isError()) return null;
    const pred = leafPredicate('in', container);
    return pred === null ? null : { kind: 'leaf', path: e.lhs.path, op: 'in', value: container, pred };
  }
  const op = e.op;
  if (op !== '==' && op !== '!=' && op !== '<' && op !== '<=' && op !== '>' && op !== '>=') return null;
  if (e.lhs.kind !== 'This' || e.lhs.path.length === 0) return null;
  const lit = constValue(e.rhs, env);
  if (lit === null || lit.isError()) return null;
  const pred = literalPredicate(op, lit);
  return pred === null ? null : { kind: 'leaf', path: e.lhs.path, op, value: lit, pred };
}

/** Aggregates a source may take over columns (with a field path argument): every one. */
const COLUMN_AGGS: ReadonlySet<string> = new Set(['count', 'sum', 'min', 'max', 'avg', ...agg.GENERIC_COLUMN_AGGS]);

/**
 * The summarize as a ColumnAggregate, when its arguments are plain field
 * paths and its keys field paths or expressions of one field each (none that
 * can be error("quiet"), which drops its row).
 */
function columnPlan(s: dag.Summarize, env: Env): ColumnAggregate | null {
  if (s.limit > 0) return null;
  const keys: (readonly string[])[] = [];
  const keyExprs: (KeyExpr | null)[] = [];
  for (const k of s.keys) {
    if (k.rhs.kind === 'This' && k.rhs.path.length > 0) {
      keys.push(k.rhs.path);
      keyExprs.push(null);
      continue;
    }
    const path = singlePathOf(k.rhs);
    if (path === null || JSON.stringify(k.rhs).includes('quiet')) return null;
    keys.push(path);
    keyExprs.push({ expr: k.rhs, eval: compileColumnExpr(k.rhs, path, env) });
  }
  const aggs: ColumnAggregateAgg[] = [];
  for (const a of s.aggs) {
    const { name, expr, where } = a.rhs;
    // A where clause is a filter of the aggregate's own, which columns must evaluate.
    const node = where === null ? null : columnFilterOf(where, env);
    if (where !== null && node === null) return null;
    const clause = node === null ? {} : { where: node };
    if (name === 'count' && expr === null) aggs.push({ fn: 'count', path: null, ...clause });
    else if (!COLUMN_AGGS.has(name) || expr === null) return null;
    else if (expr.kind === 'This' && expr.path.length > 0) aggs.push({ fn: name as ColumnAggregateAgg['fn'], path: expr.path, ...clause });
    else {
      // An expression of a few fields, evaluated row by row over their
      // columns (under min and max, only arithmetic, whose results do not
      // depend on the order of values of several types, which objects'
      // columns do not keep, when its fields are numbers: see
      // column-aggregate-object.ts).
      const paths = (name === 'min' || name === 'max') && !isArithmetic(expr) ? null : fieldPathsOf(expr, MAX_LEAF_FIELDS);
      if (paths === null) return null;
      aggs.push({ fn: name as ColumnAggregateAgg['fn'], path: null, ...clause, arg: { paths, expr, eval: compileColumnExprs(expr, paths, env) } });
    }
  }
  return { keys, aggs, ...(keyExprs.some((e) => e !== null) ? { keyExprs } : {}) };
}

/** Whether an expression is +, - and * of fields and constants (column-arith.ts decides the rest). */
function isArithmetic(e: dag.Expr): boolean {
  if (e.kind === 'This') return e.path.length > 0;
  if (e.kind === 'Literal') return true;
  return e.kind === 'BinaryExpr' && (e.op === '+' || e.op === '-' || e.op === '*') && isArithmetic(e.lhs) && isArithmetic(e.rhs);
}

export interface ScanBuild {
  readonly stream: Stream;
  /** True when the following summarize was built into the scan. */
  readonly consumedNext: boolean;
}

/** The sort (and head) as a ColumnTopK, when it sorts by one field path; a plain sort's limit is infinite. */
function topKPlan(s: dag.SortLimit | dag.Sort): ColumnTopK | null {
  const a = s.args[0];
  const limit = s.kind === 'Sort' ? Infinity : s.limit;
  if (s.args.length !== 1 || a === undefined || a.key.kind !== 'This' || a.key.path.length === 0 || limit <= 0) return null;
  // -r flips the key; nulls go first exactly when asked, whichever the direction (see sortSpec).
  return { path: a.key.path, desc: (a.order === 'desc') !== s.reverse, nullsFirst: s.nullsFirst, limit };
}

/**
 * A put or yield between the scan and its summarize that the summarize
 * folds through (fold-summarize.ts): the summarize as folded, for columns,
 * and the operator, for the values read as values.
 */
export interface FoldedSummarize {
  readonly summarize: dag.Summarize;
  readonly through: (s: Stream) => Stream;
}

export function buildScan(
  op: dag.Scan,
  following: dag.Summarize | dag.SortLimit | dag.Sort | dag.Tail | undefined,
  bctx: BuildContext,
  summarize: (s: dag.Summarize, parent: Stream | null, feed?: (sink: PartialSink) => Stream) => Stream,
  sort?: (s: dag.Sort, parent: Stream) => Stream,
  /** With a summarize after a put or yield (`following` is then that summarize): columns only, or nothing. */
  folded?: FoldedSummarize,
): ScanBuild {
  const env = bctx.env;
  const next = following?.kind === 'Summarize' ? following : undefined;
  const known = op.kind === 'PoolScan' && op.sortKey !== undefined && op.keySpan !== undefined ? { sortKey: op.sortKey, keySpan: op.keySpan } : undefined;
  const pd = op.filter === null ? undefined : new ScanPushdown(op.filter, env, known);
  if (op.kind === 'DefaultScan') {
    if (pd !== undefined) bctx.defaultPushdown = pd;
    return { stream: pd === undefined ? bctx.input : pushedFilter(bctx.op, bctx.input, pd), consumedNext: false };
  }
  const sources = bctx.sources;
  const fields = op.kind === 'PoolScan' && bctx.scanFields?.scan === op ? bctx.scanFields.fields : undefined;
  const open = (): Stream => {
    const s = sources.open(op.source, env, pd, fields);
    return pd === undefined ? s : pushedFilter(bctx.op, s, pd);
  };
  // A summarize of field paths straight over a pool, unfiltered or with a
  // filter columns can evaluate: the source may aggregate (some of) it over
  // columns.
  const columnFeed = (): ((sink: PartialSink) => Stream) | null => {
    if (op.kind !== 'PoolScan' || next === undefined || sources.aggregate === undefined) return null;
    let plan = columnPlan(folded?.summarize ?? next, env);
    if (plan !== null && pd !== undefined) {
      const node = pd.columnFilter();
      plan = node === null ? null : { ...plan, filter: { node, row: pd.predicate, pushdown: pd } };
    }
    if (plan === null) return null;
    if (folded === undefined) return sources.aggregate(op.source, env, plan);
    // The values read as values go through the put or yield to the summarize as written.
    const feed = sources.aggregate(op.source, env, { ...plan, noQuiet: true });
    return feed === null ? null : (sink) => folded.through(feed(sink));
  };
  if (folded !== undefined) {
    const feed = columnFeed();
    return feed === null ? { stream: open(), consumedNext: false } : { stream: summarize(next!, null, feed), consumedNext: true };
  }
  const count = sources.count;
  if (op.count === true && next !== undefined && isCount(next) && count !== undefined) {
    const name = next.aggs[0]!.lhs.path[0]!;
    const stream = (async function* () {
      const n = await count.call(sources, op.source, env, pd);
      if (n === null) {
        const feed = columnFeed();
        yield* feed === null ? summarize(next, open()) : summarize(next, null, feed);
        return;
      }
      // As summarize, no input gives no output.
      if (n > 0n) yield [countRecord(bctx, name, n)];
    })();
    return { stream, consumedNext: true };
  }
  const feed = columnFeed();
  if (feed !== null) return { stream: summarize(next!, null, feed), consumedNext: true };
  // A sort and head straight over a pool: the source may pick the candidates over columns.
  if (op.kind === 'PoolScan' && pd === undefined && following?.kind === 'SortLimit' && sources.topK !== undefined) {
    const plan = topKPlan(following);
    const picked = plan === null ? null : sources.topK(op.source, env, plan);
    if (picked !== null) return { stream: picked, consumedNext: false };
  }
  // A tail straight over a pool: the source may yield only its last values.
  if (op.kind === 'PoolScan' && pd === undefined && following?.kind === 'Tail' && sources.tail !== undefined) {
    const last = sources.tail(op.source, env, following.count);
    if (last !== null) return { stream: last, consumedNext: false };
  }
  // A sort straight over a pool, which the pool's scan may already be in the order of.
  const sorted = sources.sorted;
  if (op.kind === 'PoolScan' && pd === undefined && following?.kind === 'Sort' && sort !== undefined && sorted !== undefined) {
    const plan = topKPlan(following);
    if (plan !== null) {
      const src = op.source;
      const stream = (async function* () {
        if (await sorted.call(sources, src, env, plan)) yield* open();
        else yield* sort(following, open());
      })();
      return { stream, consumedNext: true };
    }
  }
  return { stream: open(), consumedNext: false };
}
