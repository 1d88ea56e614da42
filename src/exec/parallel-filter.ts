// Shares of a filter straight over a pool run in scan threads (see
// lake-filter.ts): a thread filters its share's objects over their column
// copies (filter-object.ts), in order (merging what objects whose key
// ranges touch keep, as the scan merges them), over the same commit, and
// sends back the values kept as one ZNG stream with what it read; the
// query's thread yields them after its own share's, so the values come out
// in the scan's order. A share with an object the columns cannot filter
// (no copy, read only in part by a pruned scan), or that keeps many values
// (see shareValues), comes back undone and is filtered in the query's
// thread.

import type { ColumnFilterNode, KeySpan } from '../compiler/index.js';
import { decodeZng } from '../formats/zng/index.js';
import { newScanStats, poolKeyOf, type ColumnObject, type Lake, type ScanThreads } from '../lake/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import { TypeContext, type Value } from '../zed/index.js';
import { keptValues } from './filter-object.js';
import { filterNode, plainFilter, plainSpan, spanOf, type PlainFilter, type PlainSpan } from './plain-filter.js';
import { runShare, shareObjects, shareValues, zngOf, type PlainStats } from './scan-shares.js';

export interface FilterShare {
  /** The pool and commit, as 0x ids: the query's thread resolved them. */
  readonly pool: string;
  readonly commit: string;
  /** The share's objects, in the scan's order. */
  readonly objects: readonly KsuidHex[];
  readonly filter: PlainFilter;
  /** The top-level fields the query reads (null: all). */
  readonly fields: readonly string[] | null;
  /** The key span pruning the scan, its ends in values. */
  readonly span: PlainSpan | null;
  /** The filter's constants and the span's ends, as a ZNG stream. */
  readonly values: Uint8Array;
}

export interface FilterShareResult {
  /** The values kept as a ZNG stream; null when the share came back undone. */
  readonly values: Uint8Array | null;
  readonly stats: PlainStats;
}

/** The share of `objects` of a filter `node` over the commit `commit` of pool `poolId`. */
export function filterShare(
  poolId: KsuidHex,
  commit: string,
  objects: readonly ColumnObject[],
  node: ColumnFilterNode,
  fields: readonly string[] | undefined,
  span: KeySpan | undefined,
): FilterShare {
  const values: Value[] = [];
  const filter = plainFilter(node, values);
  return {
    pool: `0x${poolId}`,
    commit,
    objects: objects.map((o) => o.object.id),
    filter,
    fields: fields === undefined ? null : [...fields],
    span: span === undefined ? null : plainSpan(span, values),
    values: zngOf(values),
  };
}

/** Runs a share in this thread (the other thread's side): its kept values (see runShareJob for `canceled`). */
export async function runFilterShare(lake: Lake, share: FilterShare, canceled: () => boolean = () => false): Promise<FilterShareResult> {
  const zctx = new TypeContext();
  const stats = newScanStats();
  const values = decodeZng(share.values, zctx);
  const span = share.span === null ? undefined : spanOf(share.span, values);
  const objects = await shareObjects(lake, share, { ctx: zctx, stats, ...(span !== undefined ? { span } : {}) });
  const key = poolKeyOf(await lake.getPool(share.pool));
  const only = share.fields === null ? undefined : new Set(share.fields);
  let failed = false;
  const kept = { zctx, node: filterNode(share.filter, values, zctx), keep: null, undone: () => (failed = true), sorted: { path: key.path }, span, stats };
  // Objects of a run of several are read whole, as the merge compares them.
  const out = await shareValues(objects, key, (o, merged) => keptValues(o, merged ? undefined : only, kept), () => failed || canceled());
  return { values: out, stats };
}

/** Sends a share to a thread (stopped when `signal` aborts). */
export function runFilterShareIn(threads: ScanThreads, share: FilterShare, signal: AbortSignal): Promise<FilterShareResult> {
  return runShare(threads, { kind: 'filter', payload: share }, signal);
}
