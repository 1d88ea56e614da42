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

import { compileColumnExprIn, compileColumnExprsIn, type ColumnAggregate, type ColumnAggregateAgg, type ColumnArgExpr, type dag, type KeySpan } from '../compiler/index.js';
import { decodeZng } from '../formats/zng/index.js';
import { newScanStats, poolKeyOf, type ColumnObject, type Lake, type ScanStats, type ScanThreads } from '../lake/index.js';
import { ColumnGroups, type GroupsExport } from '../runtime/agg/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import { TypeContext, Value, type Type } from '../zed/index.js';
import { aggregateInto, type ObjectAggregate } from './column-aggregate-object.js';
import { filterNode, plainFilter, plainSpan, spanOf, type PlainFilter, type PlainSpan } from './plain-filter.js';
import { addShareStats, runShare, shareObjects, zngOf, type PlainStats } from './scan-shares.js';

/** Groups a thread holds at most; past them its share is done in the query's thread, which can spill. */
const MAX_SHARE_GROUPS = 1 << 20;
/** Bytes of growing aggregates' state a thread holds at most, likewise. */
const MAX_SHARE_BYTES = 64 << 20;

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
  /** The key span pruning the scan, its ends in values. */
  readonly span: PlainSpan | null;
  /** The filter's constants and the span's ends, as a ZNG stream. */
  readonly values: Uint8Array;
  /** See ColumnAggregate.noQuiet. */
  readonly noQuiet: boolean;
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

/** The share of `objects` of a summarize `plan` over the commit `commit` of pool `poolId`. */
export function sharePayload(poolId: KsuidHex, commit: string, objects: readonly ColumnObject[], plan: ColumnAggregate, span: KeySpan | undefined): AggregateShare {
  const values: Value[] = [];
  const filter = plan.filter === undefined ? null : plainFilter(plan.filter.node, values);
  const aggs = plan.aggs.map(({ where, arg, ...a }) => ({
    ...a,
    ...(where === undefined ? {} : { where: plainFilter(where, values) }),
    ...(arg === undefined ? {} : { arg: { paths: arg.paths, expr: arg.expr } }),
  }));
  return {
    pool: `0x${poolId}`,
    commit,
    objects: objects.map((o) => o.object.id),
    keys: plan.keys,
    keyExprs: plan.keyExprs?.map((e) => e?.expr ?? null) ?? null,
    aggs,
    filter,
    span: span === undefined ? null : plainSpan(span, values),
    values: zngOf(values),
    noQuiet: plan.noQuiet === true,
  };
}

/** Runs a share in this thread (the other thread's side): its groups, or null groups when it cannot (or is canceled: see runShareJob). */
export async function runAggregateShare(lake: Lake, share: AggregateShare, canceled: () => boolean = () => false): Promise<AggregateShareResult> {
  const zctx = new TypeContext();
  const values = decodeZng(share.values, zctx);
  const planAggs = share.aggs.map(({ where, arg, ...a }) => ({
    ...a,
    ...(where === undefined ? {} : { where: filterNode(where, values, zctx) }),
    ...(arg === undefined ? {} : { arg: { ...arg, eval: compileColumnExprsIn(arg.expr, arg.paths, zctx) } }),
  }));
  const plan: ObjectAggregate = { keys: share.keys, aggs: planAggs, noQuiet: share.noQuiet, ...(share.filter !== null ? { filter: { node: filterNode(share.filter, values, zctx) } } : {}) };
  const span = share.span === null ? undefined : spanOf(share.span, values);
  const stats = newScanStats();
  const sorted = { path: poolKeyOf(await lake.getPool(share.pool)).path };
  const objects = await shareObjects(lake, share, { ctx: zctx, stats, ...(span !== undefined ? { span } : {}) });
  const keyEvals = share.keyExprs?.map((e, k) => (e === null ? null : compileColumnExprIn(e, share.keys[k]!, zctx)));
  const groups = new ColumnGroups(plan.keys.length, plan.aggs, zctx, keyEvals);
  for (const o of objects) {
    if (canceled()) return { groups: null, stats };
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
