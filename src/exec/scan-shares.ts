// What the shares of a pool scan have in common (parallel-aggregate.ts,
// parallel-search.ts, parallel-filter.ts): cutting the objects into
// shares, values as ZNG streams across threads, and a share's reads added
// to the query's.

import { decodeZng, encodeZng, ZngEncoder } from '../formats/zng/index.js';
import type { ColumnObject, KeySpan, Lake, PoolKey, ScanStats, ScanThreads, ShareJob } from '../lake/index.js';
import { concatBytes } from '../util/concat.js';
import type { KsuidHex } from '../util/ksuid.js';
import type { TypeContext, Value } from '../zed/index.js';
import { mergeValues, overlapping } from './merge-runs.js';

/** Rows below which a share is not worth a thread. */
export const MIN_SHARE_ROWS = 100_000;

/** A share's ScanStats as plain data. */
export type PlainStats = Omit<ScanStats, 'warnings'> & { readonly warnings: readonly string[] };

/** Whether a scan has threads to share its objects with. */
export function sharing(threads: ScanThreads | undefined): threads is ScanThreads {
  return threads !== undefined && threads.threads > 0;
}

/** The shares of `objects` for `threads` (besides the query's own), or one share of all when there are none. */
export function sharesOf(objects: readonly ColumnObject[], threads: ScanThreads | undefined): ColumnObject[][] {
  if (!sharing(threads)) return [[...objects]];
  return splitShares(objects, threads.threads + 1, threads.minShareRows);
}

/** The shares of runs of objects (see merge-runs.ts) for `threads`, none cut in two: each share the objects of its runs. */
export function sharesOfRuns(runs: readonly (readonly ColumnObject[])[], threads: ScanThreads | undefined): ColumnObject[][] {
  if (!sharing(threads)) return [runs.flat()];
  return splitShares(runs, threads.threads + 1, threads.minShareRows, (r) => r.reduce((n, o) => n + o.object.count, 0)).map((share) => share.flat());
}

/** Cuts `items` (objects by default) into at most `parts` contiguous shares of about equal rows, each of `minRows` or more. */
export function splitShares<T = ColumnObject>(
  items: readonly T[],
  parts: number,
  minRows = MIN_SHARE_ROWS,
  rowsOf: (t: T) => number = (o) => (o as ColumnObject).object.count,
): T[][] {
  const total = items.reduce((n, o) => n + rowsOf(o), 0);
  const k = Math.max(1, Math.min(parts, items.length, Math.floor(total / Math.max(1, minRows))));
  const shares: T[][] = [];
  let share: T[] = [];
  let rows = 0;
  for (const o of items) {
    share.push(o);
    rows += rowsOf(o);
    // Close a share once it has its part of the rows (the last takes the rest).
    if (shares.length < k - 1 && rows >= (total * (shares.length + 1)) / k) {
      shares.push(share);
      share = [];
    }
  }
  if (share.length > 0) shares.push(share);
  return shares;
}

/** Values as one ZNG stream. */
export function zngOf(values: readonly Value[]): Uint8Array {
  return encodeZng(values, { compress: false });
}

/** Adds what a share read to the query's stats. */
export function addShareStats(stats: ScanStats | undefined, s: PlainStats): void {
  if (stats === undefined) return;
  stats.storedBytes += s.storedBytes;
  stats.objectsRead += s.objectsRead;
  stats.recordsRead += s.recordsRead;
  stats.bytesRead += s.bytesRead;
  stats.recordsMatched += s.recordsMatched;
  stats.bytesMatched += s.bytesMatched;
  stats.warnings.push(...s.warnings);
}

/**
 * The objects a share names, at the pool and commit (0x ids) the query's
 * thread resolved, in the share's order.
 */
export async function shareObjects(
  lake: Lake,
  share: { readonly pool: string; readonly commit: string; readonly objects: readonly KsuidHex[] },
  opts: { readonly ctx: TypeContext; readonly stats: ScanStats; readonly span?: KeySpan },
): Promise<ColumnObject[]> {
  const all = await lake.columnObjects(share.pool, share.commit, opts);
  const byId = new Map(all.map((o) => [o.object.id, o]));
  return share.objects.map((id) => {
    const o = byId.get(id);
    if (o === undefined) throw new Error(`a scan share names data object ${id}, which its commit does not hold`);
    return o;
  });
}

/**
 * Why a query's shares are stopped once it is done with them (a plain
 * reason: abort() without one makes a DOMException, with its stack, on
 * every query, about 30 us of a query of 1 ms). The pools read no reason.
 */
export const SHARES_DONE = 'the query is done with its shares';

/** Sends a share to a thread (stopped when `signal` aborts); its result, checked for shape. */
export async function runShare<R extends { readonly stats: PlainStats }>(threads: ScanThreads, job: ShareJob, signal?: AbortSignal): Promise<R> {
  const r = (await threads.run(job, signal)) as R;
  if (r === null || typeof r !== 'object' || !('stats' in r)) throw new Error('a scan thread answered a share with something else');
  return r;
}

/** Bytes of values a thread holds at most before it gives its share back. */
const MAX_SHARE_VALUES = 16 << 20;
/** Values per batch of a share's values. */
const SHARE_BATCH = 1024;

/**
 * What `kept` keeps of each of `objects` (in the scan's order: each run of
 * objects whose key ranges touch merged as the scan merges them, `merged`
 * telling `kept` so), as one
 * ZNG stream; null, the share undone, when `kept` could not take an object
 * (`failed` says so once its values end), or when the values pass
 * MAX_SHARE_VALUES bytes or look as if they will (a share that keeps much
 * is read best as it goes, in the query's thread).
 */
export async function shareValues(
  objects: readonly ColumnObject[],
  key: PoolKey,
  kept: (o: ColumnObject, merged: boolean) => AsyncIterable<Value[]>,
  failed: () => boolean,
): Promise<Uint8Array | null> {
  const enc = new ZngEncoder({ compress: false });
  const chunks: Uint8Array[] = [];
  let size = 0;
  const rows = objects.reduce((n, o) => n + o.object.count, 0);
  let done = 0;
  for (const run of overlapping(objects, key.order)) {
    for await (const batch of run.length === 1 ? kept(run[0]!, false) : mergeValues(run.map((o) => kept(o, true)), key)) {
      if (failed()) return null;
      const b = enc.write(batch);
      chunks.push(b.slice());
      size += b.length;
      if (size > MAX_SHARE_VALUES) return null;
    }
    if (failed()) return null;
    for (const o of run) done += o.object.count;
    if (done > 0 && (size * rows) / done > MAX_SHARE_VALUES) return null;
  }
  chunks.push(enc.end());
  return concatBytes(chunks);
}

/** A share's values (shareValues'), decoded into the query's context, in batches. */
export function* sharedValues(values: Uint8Array, zctx: TypeContext): Generator<Value[]> {
  const all = decodeZng(values, zctx);
  for (let i = 0; i < all.length; i += SHARE_BATCH) yield all.slice(i, i + SHARE_BATCH);
}

/**
 * The values a scan keeps of `objects` (a search's or a filter's), in the
 * scan's order, with shares of them in scan threads: the first share is
 * this thread's, the others go to `threads` at once (`send`, as whole runs
 * of objects whose key ranges touch) and their values come out after it,
 * in the objects' order. A share that comes back undone is done here.
 * `local` gives a run's values in this thread (merged when it has several
 * objects). The shares still running stop when the iteration ends.
 */
export async function* sharedScan(
  objects: readonly ColumnObject[],
  key: PoolKey,
  threads: ScanThreads | undefined,
  zctx: TypeContext,
  stats: ScanStats | undefined,
  send: (share: readonly ColumnObject[], signal: AbortSignal) => Promise<{ readonly values: Uint8Array | null; readonly stats: PlainStats }>,
  local: (run: readonly ColumnObject[]) => AsyncIterable<Value[]>,
): AsyncGenerator<Value[]> {
  const shares = sharesOfRuns(overlapping(objects, key.order), threads);
  const cancel = new AbortController();
  const others = shares.slice(1).map((share) => send(share, cancel.signal));
  for (const o of others) o.catch(() => {});
  try {
    for (let k = 0; k < shares.length; k++) {
      if (k > 0) {
        const r = await others[k - 1]!;
        if (r.values !== null) {
          addShareStats(stats, r.stats);
          yield* sharedValues(r.values, zctx);
          continue;
        }
        // Undone there: done here.
      }
      for (const run of overlapping(shares[k]!, key.order)) yield* local(run);
    }
  } finally {
    cancel.abort(SHARES_DONE);
  }
}
