// Shares of a keyword search over a pool's column copies run in scan
// threads (see lake-search.ts): a thread searches its share's objects, in
// order (merging what objects whose key ranges touch keep, as the scan
// merges them), over the same commit, and sends back the matching values as one
// ZNG stream with what it read; the query's thread yields them after its
// own share's, so the values come out in the scan's order. A share with an
// object the columns cannot take, or whose matches would pass
// MAX_SHARE_BYTES (a search that keeps much is read best as it goes, and
// the thread gives up after the first object that says so), comes back
// undone and is searched in the query's thread.

import { decodeZng, ZngEncoder } from '../formats/zng/index.js';
import { newScanStats, poolKeyOf, type ColumnObject, type Lake, type ScanThreads } from '../lake/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import { TypeContext, type Value } from '../zed/index.js';
import { countSearched, searchObject, searchParts } from './search-object.js';
import { runShare, shareObjects, type PlainStats } from './scan-shares.js';
import { mergeValues, overlapping } from './merge-runs.js';
import { concatBytes } from '../util/concat.js';

/** Bytes of matches a thread holds at most before it gives its share back. */
const MAX_SHARE_BYTES = 16 << 20;
/** Values per batch of a share's matches. */
const BATCH = 1024;

export interface SearchShare {
  /** The pool and commit, as 0x ids. */
  readonly pool: string;
  readonly commit: string;
  readonly objects: readonly KsuidHex[];
  readonly term: string;
  /** The literal searched for, as ZSON (null: the term is a string's, see SearchTerm). */
  readonly literal: string | null;
}

export interface SearchShareResult {
  /** The matches as a ZNG stream; null when the share came back undone. */
  readonly values: Uint8Array | null;
  readonly stats: PlainStats;
}

/** Runs a share in this thread (the other thread's side). */
export async function runSearchShare(lake: Lake, share: SearchShare): Promise<SearchShareResult> {
  const zctx = new TypeContext();
  const stats = newScanStats();
  const undone: SearchShareResult = { values: null, stats };
  const objects = await shareObjects(lake, share, { ctx: zctx, stats });
  const key = poolKeyOf(await lake.getPool(share.pool));
  const parts = searchParts({ text: share.term, literal: share.literal }, zctx);
  const enc = new ZngEncoder({ compress: false });
  const chunks: Uint8Array[] = [];
  let size = 0;
  const rows = objects.reduce((n, o) => n + o.object.count, 0);
  let done = 0;
  // An object the columns cannot search makes the share undone.
  let failed = false;
  const matches = async function* (o: ColumnObject): AsyncGenerator<Value[]> {
    const values = await searchObject(o, parts, zctx);
    if (values === null) {
      failed = true;
      return;
    }
    yield* values;
    await countSearched(stats, o);
  };
  // The share holds whole runs of objects that touch: each run's matches merged as the scan merges them.
  for (const run of overlapping(objects, key.order)) {
    for await (const batch of run.length === 1 ? matches(run[0]!) : mergeValues(run.map(matches), key)) {
      if (failed) return undone;
      const b = enc.write(batch);
      chunks.push(b.slice());
      size += b.length;
      if (size > MAX_SHARE_BYTES) return undone;
    }
    if (failed) return undone;
    // Give up as soon as the share's matches look like too many to hold.
    for (const o of run) done += o.object.count;
    if (done > 0 && (size * rows) / done > MAX_SHARE_BYTES) return undone;
  }
  chunks.push(enc.end());
  return { values: concatBytes(chunks), stats };
}

/** Sends a share to a thread (stopped when `signal` aborts). */
export function runSearchShareIn(threads: ScanThreads, share: SearchShare, signal: AbortSignal): Promise<SearchShareResult> {
  return runShare(threads, { kind: 'search', payload: share }, signal);
}

/** A share's matches, decoded into the query's context, in batches. */
export function* sharedMatches(values: Uint8Array, zctx: TypeContext): Generator<Value[]> {
  const all = decodeZng(values, zctx);
  for (let i = 0; i < all.length; i += BATCH) yield all.slice(i, i + BATCH);
}
