// A summarize straight over a pool, computed over columns: for each data
// object whose column copy holds the summarize's keys and arguments as
// plain columns, the groups of that object are aggregated over its columns
// (runtime/agg/column-groups.ts, one table for all such objects) and handed
// to the summarize as partials at the end (or as final values, when every
// object went this way); any other object is read as values, which the
// summarize consumes as usual.
// Reading a column copy fetches only the columns the query names. A filter
// that bounds the pool key skips the objects outside its range, and counts
// as read what a scan would: the values of the seek streams that may meet
// it (the comparisons on the key run on its sorted columns, see
// column-filter.ts). With other threads (the lake's ScanThreads), shares of
// the objects are aggregated there at the same time (parallel-aggregate.ts).

import type { ColumnAggregate } from '../compiler/index.js';
import type { ColumnObject, Lake, ScanStats } from '../lake/index.js';
import { leafPaths } from './column-filter.js';
import { ColumnGroups, ORDERED_COLUMN_AGGS } from '../runtime/agg/index.js';
import { scanPool } from './lake-source.js';
import { poolObjects } from './pool-objects.js';
import type { PartialSink, Stream } from '../runtime/op/index.js';
import type { TypeContext } from '../zed/index.js';
import { aggregateInto } from './column-aggregate-object.js';
import { absorbShare, runShareIn, sharePayload, type AggregateShareResult } from './parallel-aggregate.js';
import { sharesOf, SHARES_DONE, sharing } from './scan-shares.js';
/** Groups held over columns before they go to the summarize's table (which can spill). */
const FLUSH_GROUPS = 1 << 20;
/** Bytes of growing aggregates' state (union) held over columns before the same. */
const FLUSH_BYTES = 64 << 20;


/**
 * Whether a summarize over `objects` is cheap enough that handing shares to
 * other threads (a round trip of a few milliseconds) would cost more than
 * it saves: fewer than `hotRows` rows, and every column it reads (but
 * the pool key's, which a filter mostly resolves by the objects' key
 * ranges) kept read apart from an earlier query, as far as this thread
 * has seen.
 */
function cheap(plan: ColumnAggregate, poolKey: readonly string[], objects: readonly ColumnObject[], hotRows: number): boolean {
  if (objects.reduce((n, o) => n + o.object.count, 0) >= hotRows) return false;
  const isKey = (p: readonly string[]) => p.length === poolKey.length && p.every((x, i) => x === poolKey[i]);
  const paths = [
    ...plan.keys,
    ...plan.aggs.flatMap((a) => [...(a.path === null ? [] : [a.path]), ...(a.where === undefined ? [] : leafPaths(a.where)), ...(a.arg?.paths ?? [])]),
    ...(plan.filter === undefined ? [] : leafPaths(plan.filter.node)),
  ];
  const read = paths.filter((p) => !isKey(p));
  // Objects this thread has not read were read by the others, as this
  // thread's were: those it has read stand for them.
  const seen = objects.map((o) => o.hot(read)).filter((h) => h !== null);
  return seen.length > 0 && seen.every((h) => h);
}

/**
 * The most distinct values a key is known to have (from this thread's
 * share of an earlier query, see ColumnObject.knownValues) for a summarize
 * by it to be cut into shares for other threads.
 */
const MAX_SHARED_GROUPS = 16_384;

export function lakeAggregate(
  lake: Lake,
  zctx: TypeContext,
  pool: string,
  commitish: string,
  plan: ColumnAggregate,
  stats: ScanStats | undefined,
): (sink: PartialSink) => Stream {
  const rowFilter = plan.filter?.row;
  const keyEvals = plan.keyExprs?.map((e) => e?.eval ?? null);
  return (sink) =>
    (async function* () {
      const filter = plan.filter;
      const threads = lake.scanThreads;
      // A filter's range of the pool key prunes objects, and the values a
      // scan would read are those of the seek streams that may meet it.
      // With other threads, one commit for all of them.
      const { poolId, commit, key, span, objects, inOrder } = await poolObjects(
        lake,
        zctx,
        pool,
        commitish,
        stats,
        (k) => filter?.pushdown.keySpan(k.path) ?? undefined,
        sharing(threads),
      );
      // Aggregates that depend on the values' order take them in a scan's,
      // which merges objects whose key ranges overlap: the scan is read.
      if (!inOrder && plan.aggs.some((a) => ORDERED_COLUMN_AGGS.has(a.fn))) {
        yield* scanPool(lake, zctx, pool, commit, filter?.pushdown, stats);
        return;
      }
      const sorted = { path: key.path };
      let groups = new ColumnGroups(plan.keys.length, plan.aggs, zctx, keyEvals);
      // While every object is aggregated here, in one table, the groups'
      // final values go straight out (see PartialSink.finish).
      let alone = true;
      const flush = async (): Promise<void> => {
        alone = false;
        groups.emit((k, p) => sink.add(k, p));
        groups = new ColumnGroups(plan.keys.length, plan.aggs, zctx, keyEvals);
        if (sink.shouldSpill) await sink.spill();
      };
      // The first share is this thread's; the others go to other threads
      // now, and are folded in after it, in the objects' order.
      // A key of many distinct values (as kept codes say) makes as many
      // groups in each share, which this thread would fold in one by one:
      // more work than the other threads save.
      // (An expression's results are not its column's values: it says nothing of them.)
      const many = objects.length > 0 && plan.keys.some((k, i) => plan.keyExprs?.[i] == null && objects[0]!.knownValues(k) > MAX_SHARED_GROUPS);
      const hotRows = threads?.hotShareRows ?? 0;
      const shares = sharesOf(objects, many || cheap(plan, key.path, objects, hotRows) ? undefined : threads);
      let others: Promise<AggregateShareResult>[] = [];
      // Stops the shares still running when the query ends early or fails.
      const cancel = new AbortController();
      if (shares.length > 1) {
        others = shares.slice(1).map((share) => runShareIn(threads!, sharePayload(poolId, commit, share, plan, span), cancel.signal));
        for (const o of others) o.catch(() => {});
      }
      try {
        for (let s = 0; s < shares.length; s++) {
          if (s > 0) {
            // A thread that died fails the query here, with what it said.
            if (absorbShare(groups, await others[s - 1]!, zctx, stats)) {
              if (groups.size >= FLUSH_GROUPS || groups.memory >= FLUSH_BYTES) await flush();
              continue;
            }
            // Undone there: done here.
          }
          for (const o of shares[s]!) {
            if (!(await aggregateInto(o, plan, groups, sorted, span, stats))) {
              // The groups so far go to the summarize first, so that it takes
              // everything in the objects' order (min and max over floats with
              // a NaN depend on it).
              if (groups.size > 0) await flush();
              alone = false;
              // The object's values, through the scan's filter when it has one.
              if (rowFilter === undefined) yield* o.rows(span);
              else for await (const b of o.rows(span)) yield b.filter(rowFilter);
              continue;
            }
            if (groups.size >= FLUSH_GROUPS || groups.memory >= FLUSH_BYTES) await flush();
          }
        }
      } finally {
        cancel.abort(SHARES_DONE);
      }
      if (alone && groups.single) sink.finish(groups);
      else await flush();
    })();
}
