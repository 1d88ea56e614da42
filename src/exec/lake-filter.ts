// A filter straight over a pool (`from pool | id.orig_h == "10.0.0.1"`),
// evaluated object by object on the column copies (filter-object.ts). The
// values come out in the scan's order, as the row path yields them: object
// by object where key ranges do not touch, and merged as the scan merges
// them where they do. With scan threads, shares of the objects (whole runs
// of those that touch) are filtered there at the same time
// (parallel-filter.ts).

import type { ColumnFilterNode, Pushdown } from '../compiler/index.js';
import type { ColumnObject, Lake, ScanStats } from '../lake/index.js';
import type { TypeContext, Value } from '../zed/index.js';
import { keptValues } from './filter-object.js';
import { indexLookupOf } from './index-lookup.js';
import { mergeValues } from './merge-runs.js';
import { filterShare, runFilterShareIn } from './parallel-filter.js';
import { poolObjects } from './pool-objects.js';
import { sharedScan, sharing } from './scan-shares.js';

export function filterPool(
  lake: Lake,
  zctx: TypeContext,
  pool: string,
  commitish: string,
  node: ColumnFilterNode,
  fields: readonly string[] | undefined,
  pushdown: Pushdown,
  stats: ScanStats | undefined,
): AsyncIterable<Value[]> {
  return (async function* () {
    const threads = lake.scanThreads;
    // With scan threads, one commit for all of them.
    const { poolId, commit, key, span, objects } = await poolObjects(
      lake,
      zctx,
      pool,
      commitish,
      stats,
      (k) => pushdown.keySpan(k.path) ?? undefined,
      sharing(threads),
      indexLookupOf(pushdown.filter, zctx),
    );
    pushdown.applied();
    const only = fields === undefined ? undefined : new Set(fields);
    const kept = { zctx, node, keep: pushdown.predicate, sorted: { path: key.path }, span, stats };
    // Objects whose key ranges overlap are merged as a scan merges them:
    // by key, then value, then the objects' order. Each object's values are
    // in that order, so merging the values kept of each is keeping the
    // values of the merge. Their values are read whole, as the scan
    // compares them.
    const runValues = (run: readonly ColumnObject[]): AsyncIterable<Value[]> =>
      run.length === 1 ? keptValues(run[0]!, only, kept) : mergeValues(run.map((o) => keptValues(o, undefined, kept)), key);
    yield* sharedScan(objects, key, threads, zctx, stats, (share, signal) => runFilterShareIn(threads!, filterShare(poolId, commit, share, node, fields, span), signal), runValues);
  })();
}

