// The data objects a column scan of a pool reads: the pool's key, its
// objects in pool-key order (those that may meet a key span, when one is
// given), and whether a scan reads them one after another, so that their
// values come out object by object in each object's order.

import { poolKeyOf, type ColumnObject, type KeySpan, type Lake, type PoolKey, type ScanStats } from '../lake/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import type { TypeContext } from '../zed/index.js';
import type { IndexLookup } from './index-lookup.js';
import { overlapping } from './merge-runs.js';

export interface PoolObjects {
  readonly poolId: KsuidHex;
  /** The commitish the objects are at: the one given, or its commit's 0x id when pinned. */
  readonly commit: string;
  readonly key: PoolKey;
  readonly span: KeySpan | undefined;
  readonly objects: readonly ColumnObject[];
  /** The objects' key ranges do not touch: a scan reads them one after another. */
  readonly inOrder: boolean;
}

/**
 * `spanOf(key)` gives the key span to prune by, if any. With `pin`, the
 * commitish is resolved to its commit first, so that other threads read
 * the same one.
 */
export async function poolObjects(
  lake: Lake,
  zctx: TypeContext,
  pool: string,
  commitish: string,
  stats: ScanStats | undefined,
  spanOf?: (key: PoolKey) => KeySpan | undefined,
  pin = false,
  /** Only the objects whose field indexes may hold its value. */
  indexLookup?: IndexLookup | null,
): Promise<PoolObjects> {
  const p = await lake.getPool(pool);
  const key = poolKeyOf(p);
  const span = spanOf?.(key);
  const commit = pin ? `0x${await lake.resolveCommitish(pool, commitish)}` : commitish;
  const objects = await lake.columnObjects(pool, commit, {
    ctx: zctx,
    ...(stats !== undefined ? { stats } : {}),
    ...(span !== undefined ? { span } : {}),
    ...(indexLookup != null ? { indexLookup } : {}),
  });
  return { poolId: p.id, commit, key, span, objects, inOrder: overlapping(objects, key.order).length === objects.length };
}
