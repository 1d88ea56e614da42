// The data objects a column scan of a pool reads: the pool's key, its
// objects in pool-key order (those that may meet a key span, when one is
// given), and whether a scan reads them one after another, so that their
// values come out object by object in each object's order.

import { keyComparator, poolKeyOf, type ColumnObject, type KeySpan, type Lake, type PoolKey, type ScanStats } from '../lake/index.js';
import type { TypeContext } from '../zed/index.js';

export interface PoolObjects {
  readonly key: PoolKey;
  readonly span: KeySpan | undefined;
  readonly objects: readonly ColumnObject[];
  /** The objects' key ranges do not touch: a scan reads them one after another. */
  readonly inOrder: boolean;
}

/** `spanOf(key)` gives the key span to prune by, if any. */
export async function poolObjects(
  lake: Lake,
  zctx: TypeContext,
  pool: string,
  commitish: string,
  stats: ScanStats | undefined,
  spanOf?: (key: PoolKey) => KeySpan | undefined,
): Promise<PoolObjects> {
  const key = poolKeyOf(await lake.getPool(pool));
  const span = spanOf?.(key);
  const objects = await lake.columnObjects(pool, commitish, {
    ctx: zctx,
    ...(stats !== undefined ? { stats } : {}),
    ...(span !== undefined ? { span } : {}),
  });
  return { key, span, objects, inOrder: disjoint(objects, key.order) };
}

function disjoint(objects: readonly ColumnObject[], order: 'asc' | 'desc'): boolean {
  const cmp = keyComparator(order);
  for (let i = 1; i < objects.length; i++) {
    const a = objects[i - 1]!.object;
    const b = objects[i]!.object;
    const aLast = order === 'asc' ? a.max : a.min;
    const bFirst = order === 'asc' ? b.min : b.max;
    if (cmp(aLast, bFirst) >= 0) return false;
  }
  return true;
}
