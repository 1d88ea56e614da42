// Shares of a columnar summarize run in other threads (the lake's
// ScanThreads): the pool's objects are cut into contiguous shares of about
// equal rows; the query's thread aggregates the first itself while each
// other goes, as plain data, to a thread that aggregates it over the same
// commit's column copies into a ColumnGroups of its own and sends back its
// groups (ColumnGroups.export) and what it read. The query's thread then
// folds them into its own table in the objects' order (ColumnGroups.absorb),
// as Zed merges partial aggregations. A share with an object the columns
// cannot take (no copy, a NaN under min or max) comes back undone and is
// aggregated in the query's thread, values and all, in its place.

import { compileColumnExprIn, compileColumnExprsIn, type ColumnAggregate, type ColumnAggregateAgg, type ColumnArgExpr, type ColumnFilterNode, type dag, type KeySpan } from '../compiler/index.js';
import { decodeZng } from '../formats/zng/index.js';
import { newScanStats, poolKeyOf, type ColumnObject, type Lake, type ScanStats, type ScanThreads } from '../lake/index.js';
import { leafPredicate } from '../runtime/index.js';
import { ColumnGroups, type GroupsExport } from '../runtime/agg/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import { TypeContext, Value, type Type } from '../zed/index.js';
import { aggregateInto, type ObjectAggregate } from './column-aggregate-object.js';
import { addShareStats, runShare, shareObjects, zngOf, type PlainStats } from './scan-shares.js';

/** Groups a thread holds at most; past them its share is done in the query's thread, which can spill. */
const MAX_SHARE_GROUPS = 1 << 20;
/** Bytes of growing aggregates' state a thread holds at most, likewise. */
const MAX_SHARE_BYTES = 64 << 20;

/** The filter's tree with its constants as indexes into the payload's values. */
type PlainFilter =
  | { readonly kind: 'and' | 'or'; readonly lhs: PlainFilter; readonly rhs: PlainFilter }
  | { readonly kind: 'not'; readonly node: PlainFilter }
  | { readonly kind: 'leaf'; readonly path: readonly string[]; readonly op: Extract<ColumnFilterNode, { kind: 'leaf' }>['op']; readonly value: number }
  | { readonly kind: 'expr'; readonly path: readonly string[]; readonly expr: dag.Expr }
  | { readonly kind: 'exprs'; readonly paths: readonly (readonly string[])[]; readonly expr: dag.Expr };

/** A share of a columnar summarize, as plain data. */
export interface AggregateShare {
  /** The pool and commit, as 0x ids: the query's thread resolved them. */
  readonly pool: string;
  readonly commit: string;
  /** The share's objects, in the scan's order. */
  readonly objects: readonly KsuidHex[];
  readonly keys: readonly (readonly string[])[];
  /** Per key, the plan's expression of its field when it is one (see ColumnAggregate.keyExprs). */
  readonly keyExprs: readonly (dag.Expr | null)[] | null;
  readonly aggs: readonly (Omit<ColumnAggregateAgg, 'where' | 'arg'> & { readonly where?: PlainFilter; readonly arg?: Omit<ColumnArgExpr, 'eval'> })[];
  readonly filter: PlainFilter | null;
  /** The key span pruning the scan: its ends as indexes into values (-1: open). */
  readonly span: { readonly lower: number; readonly upper: number; readonly lowerExclusive: boolean; readonly upperExclusive: boolean } | null;
  /** The filter's constants and the span's ends, as a ZNG stream. */
  readonly values: Uint8Array;
}

/** An aggregate's partials per group across threads: those present (1 in `present`) as one ZNG stream. */
interface PlainPartials {
  readonly present: Uint8Array;
  readonly partials: Uint8Array;
}

/**
 * What a thread made of a share: its groups (their types as a ZNG stream
 * of nulls, the partials of aggregates other than the numeric ones as
 * PlainPartials), or undone.
 */
export interface AggregateShareResult {
  readonly groups:
    | (Omit<GroupsExport, 'types' | 'aggs'> & {
        readonly types: Uint8Array;
        readonly aggs: readonly (Exclude<GroupsExport['aggs'][number], { readonly partials: unknown }> | PlainPartials)[];
      })
    | null;
  readonly stats: PlainStats;
}

/** A filter's tree as plain data, its constants pushed to `values`. */
function plainFilter(n: ColumnFilterNode, values: Value[]): PlainFilter {
  if (n.kind === 'not') return { kind: 'not', node: plainFilter(n.node, values) };
  // The plan's expression is plain data: the other thread compiles it again.
  if (n.kind === 'expr') return { kind: 'expr', path: n.path, expr: n.expr };
  if (n.kind === 'exprs') return { kind: 'exprs', paths: n.paths, expr: n.expr };
  if (n.kind !== 'leaf') return { kind: n.kind, lhs: plainFilter(n.lhs, values), rhs: plainFilter(n.rhs, values) };
  values.push(n.value);
  return { kind: 'leaf', path: n.path, op: n.op, value: values.length - 1 };
}

/** A plain filter's tree (plainFilter's) compiled again, its constants from `values`. */
function filterNode(p: PlainFilter, values: readonly Value[], zctx: TypeContext): ColumnFilterNode {
  if (p.kind === 'not') return { kind: 'not', node: filterNode(p.node, values, zctx) };
  if (p.kind === 'expr') return { kind: 'expr', path: p.path, expr: p.expr, eval: compileColumnExprIn(p.expr, p.path, zctx) };
  if (p.kind === 'exprs') return { kind: 'exprs', paths: p.paths, expr: p.expr, eval: compileColumnExprsIn(p.expr, p.paths, zctx) };
  if (p.kind !== 'leaf') return { kind: p.kind, lhs: filterNode(p.lhs, values, zctx), rhs: filterNode(p.rhs, values, zctx) };
  const value = values[p.value]!;
  const pred = leafPredicate(p.op, value);
  if (pred === null) throw new Error(`a scan share's filter compares with a constant it cannot: ${p.op}`);
  return { kind: 'leaf', path: p.path, op: p.op, value, pred };
}

/** The share of `objects` of a summarize `plan` over the commit `commit` of pool `poolId`. */
export function sharePayload(poolId: KsuidHex, commit: string, objects: readonly ColumnObject[], plan: ColumnAggregate, span: KeySpan | undefined): AggregateShare {
  const values: Value[] = [];
  const filter = plan.filter === undefined ? null : plainFilter(plan.filter.node, values);
  const aggs = plan.aggs.map(({ where, arg, ...a }) => ({
    ...a,
    ...(where === undefined ? {} : { where: plainFilter(where, values) }),
    ...(arg === undefined ? {} : { arg: { paths: arg.paths, expr: arg.expr } }),
  }));
  const end = (v: Value | undefined): number => {
    if (v === undefined) return -1;
    values.push(v);
    return values.length - 1;
  };
  return {
    pool: `0x${poolId}`,
    commit,
    objects: objects.map((o) => o.object.id),
    keys: plan.keys,
    keyExprs: plan.keyExprs?.map((e) => e?.expr ?? null) ?? null,
    aggs,
    filter,
    span:
      span === undefined
        ? null
        : { lower: end(span.lower), upper: end(span.upper), lowerExclusive: span.lowerExclusive === true, upperExclusive: span.upperExclusive === true },
    values: zngOf(values),
  };
}

/** Runs a share in this thread (the other thread's side): its groups, or null groups when it cannot. */
export async function runAggregateShare(lake: Lake, share: AggregateShare): Promise<AggregateShareResult> {
  const zctx = new TypeContext();
  const values = decodeZng(share.values, zctx);
  const planAggs = share.aggs.map(({ where, arg, ...a }) => ({
    ...a,
    ...(where === undefined ? {} : { where: filterNode(where, values, zctx) }),
    ...(arg === undefined ? {} : { arg: { ...arg, eval: compileColumnExprsIn(arg.expr, arg.paths, zctx) } }),
  }));
  const plan: ObjectAggregate = { keys: share.keys, aggs: planAggs, ...(share.filter !== null ? { filter: { node: filterNode(share.filter, values, zctx) } } : {}) };
  const s = share.span;
  const span: KeySpan | undefined =
    s === null
      ? undefined
      : {
          ...(s.lower >= 0 ? { lower: values[s.lower]! } : {}),
          ...(s.upper >= 0 ? { upper: values[s.upper]! } : {}),
          lowerExclusive: s.lowerExclusive,
          upperExclusive: s.upperExclusive,
        };
  const stats = newScanStats();
  const sorted = { path: poolKeyOf(await lake.getPool(share.pool)).path };
  const objects = await shareObjects(lake, share, { ctx: zctx, stats, ...(span !== undefined ? { span } : {}) });
  const keyEvals = share.keyExprs?.map((e, k) => (e === null ? null : compileColumnExprIn(e, share.keys[k]!, zctx)));
  const groups = new ColumnGroups(plan.keys.length, plan.aggs, zctx, keyEvals);
  for (const o of objects) {
    const done = await aggregateInto(o, plan, groups, sorted, span, stats);
    if (!done || groups.size > MAX_SHARE_GROUPS || groups.memory > MAX_SHARE_BYTES) return { groups: null, stats };
  }
  const x = groups.export();
  const aggs = x.aggs.map((a) => {
    if (a === null || !('partials' in a)) return a;
    const present = Uint8Array.from(a.partials, (p) => (p === undefined ? 0 : 1));
    return { present, partials: zngOf(a.partials.filter((p): p is Value => p !== undefined)) };
  });
  // Each type as a null of it, in ZNG, which carries named types whole.
  return { groups: { ...x, aggs, types: zngOf(x.types.map((t) => new Value(t, null))) }, stats };
}

/** The typed arrays a share's result holds, to transfer rather than copy. */
export function shareBuffers(r: AggregateShareResult): ArrayBuffer[] {
  const g = r.groups;
  if (g === null) return [];
  const arrays: ArrayBufferView[] = [g.types, ...g.keys.flatMap((k) => [k.typeIds, k.offsets, k.bytes])];
  if (g.tuples !== null) arrays.push(g.tuples);
  if (g.counts !== null) arrays.push(g.counts);
  for (const a of g.aggs) {
    if (a === null) continue;
    if ('present' in a) arrays.push(a.present, a.partials);
    else for (const st of a.states) arrays.push(st.val, st.has, ...(st.cnt !== null ? [st.cnt] : []));
  }
  return [...new Set(arrays.map((a) => a.buffer).filter((b): b is ArrayBuffer => b instanceof ArrayBuffer))];
}

/**
 * Folds a share's result into `groups` and its reads into `stats`; false
 * (and nothing folded) when the share came back undone.
 */
export function absorbShare(groups: ColumnGroups, r: AggregateShareResult, zctx: TypeContext, stats: ScanStats | undefined): boolean {
  const g = r.groups;
  if (g === null) return false;
  const types: Type[] = decodeZng(g.types, zctx).map((v) => v.type);
  const aggs = g.aggs.map((a) => {
    if (a === null || !('present' in a)) return a;
    const values = decodeZng(a.partials, zctx);
    let k = 0;
    return { partials: Array.from(a.present, (p) => (p === 1 ? values[k++] : undefined)) };
  });
  groups.absorb({ ...g, aggs, types });
  addShareStats(stats, r.stats);
  return true;
}

/** Sends a share to a thread (stopped when `signal` aborts). */
export function runShareIn(threads: ScanThreads, share: AggregateShare, signal: AbortSignal): Promise<AggregateShareResult> {
  return runShare(threads, { kind: 'aggregate', payload: share }, signal);
}
