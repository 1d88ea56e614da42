// A keyword search straight over a pool (`from pool | RSTOS0`), run on the
// column copies: each value's leaf columns are searched apart, the
// dictionary-coded ones once per code, and only the values that match are
// put back together from their columns (no data object is decompressed).
// The answer is the row path's: a record matches when its type's field
// names hold the term, or one of its fields does (the same walk of each
// field as over the whole record), and the values come out in the scan's
// order: object by object where key ranges do not touch, merged as the scan
// merges them where they do (merge-runs.ts). Objects without a usable copy,
// or whose values are not all records of plain records, are read as
// values. With scan threads, shares of the objects (whole runs of those
// that touch) are searched there at the same time (parallel-search.ts).

import type { Pushdown } from '../compiler/index.js';
import type { ColumnObject, Lake, ScanStats } from '../lake/index.js';
import type { TypeContext, Value } from '../zed/index.js';
import { poolObjects } from './pool-objects.js';
import { countSearched, searchObject, searchParts, type SearchTerm } from './search-object.js';
import { mergeValues } from './merge-runs.js';
import { runSearchShareIn } from './parallel-search.js';
import { sharedScan, sharing } from './scan-shares.js';

/**
 * The values of a pool that a keyword search for `term` keeps (the
 * pushdown's filter, which this applies), searched over columns where it can.
 */
export function searchPool(lake: Lake, zctx: TypeContext, pool: string, commitish: string, term: SearchTerm, pushdown: Pushdown, stats: ScanStats | undefined): AsyncIterable<Value[]> {
  return (async function* () {
    const threads = lake.scanThreads;
    // With scan threads, one commit for all of them.
    const { poolId, commit, key, objects } = await poolObjects(lake, zctx, pool, commitish, stats, undefined, sharing(threads));
    pushdown.applied();
    const parts = searchParts(term, zctx);
    const keep = pushdown.predicate;
    /** The values of `o` the search keeps, in its order. */
    const matches = async function* (o: ColumnObject): AsyncGenerator<Value[]> {
      const values = await searchObject(o, parts, zctx);
      if (values === null) {
        for await (const batch of o.rows()) {
          const kept = batch.filter(keep);
          if (kept.length > 0) yield kept;
        }
        return;
      }
      if (stats !== undefined) await countSearched(stats, o);
      yield* values;
    };
    // Objects that overlap are searched each, and what they keep merged as
    // the scan merges them: shares hold whole runs of them, each over the
    // objects this thread listed, at the commit they came from.
    const send = (share: readonly ColumnObject[], signal: AbortSignal) =>
      runSearchShareIn(threads!, { pool: `0x${poolId}`, commit, objects: share.map((o) => o.object.id), term: term.text, literal: term.literal }, signal);
    yield* sharedScan(objects, key, threads, zctx, stats, send, (run: readonly ColumnObject[]) => (run.length === 1 ? matches(run[0]!) : mergeValues(run.map(matches), key)));
  })();
}
