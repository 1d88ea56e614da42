// Shares of a keyword search over a pool's column copies run in scan
// threads (see lake-search.ts): a thread searches its share's objects, in
// order (merging what objects whose key ranges touch keep, as the scan
// merges them), over the same commit, and sends back the matching values as one
// ZNG stream with what it read; the query's thread yields them after its
// own share's, so the values come out in the scan's order. A share with an
// object the columns cannot take, or whose matches would be many (see
// shareValues), comes back undone and is searched in the query's thread.

import { newScanStats, poolKeyOf, type ColumnObject, type Lake, type ScanThreads } from '../lake/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import { TypeContext, type Value } from '../zed/index.js';
import { countSearched, searchObject, searchParts } from './search-object.js';
import { runShare, shareObjects, shareValues, type PlainStats } from './scan-shares.js';

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

/** Runs a share in this thread (the other thread's side): its matches (see runShareJob for `canceled`). */
export async function runSearchShare(lake: Lake, share: SearchShare, canceled: () => boolean = () => false): Promise<SearchShareResult> {
  const zctx = new TypeContext();
  const stats = newScanStats();
  const objects = await shareObjects(lake, share, { ctx: zctx, stats });
  const key = poolKeyOf(await lake.getPool(share.pool));
  const parts = searchParts({ text: share.term, literal: share.literal }, zctx);
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
  return { values: await shareValues(objects, key, matches, () => failed || canceled()), stats };
}

/** Sends a share to a thread (stopped when `signal` aborts). */
export function runSearchShareIn(threads: ScanThreads, share: SearchShare, signal: AbortSignal): Promise<SearchShareResult> {
  return runShare(threads, { kind: 'search', payload: share }, signal);
}
