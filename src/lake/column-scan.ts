// Column reads of a snapshot: each data object with the columns of its
// column copy (data-object.ts), for queries that aggregate a few fields
// over columns; an object without a usable copy is read as values instead.
// Objects come in pool-key order of their first key, but nothing is merged:
// a columnar aggregation does not depend on the order of its rows.

import { openColumns, openVng, rangeSource, type VngColumnSet } from '../formats/vng/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import type { TypeContext, Value } from '../zed/index.js';
import type { LakeContext } from './context.js';
import { columnCopyKey, type DataObject } from './data-object.js';
import type { PoolKey } from './pool-key.js';
import { mergeObjects, type ScanStats } from './scan.js';
import { entriesValueBytes } from './seek-index.js';

export interface ColumnObject {
  readonly object: DataObject;
  /**
   * The columns at `paths` from the object's column copy, fetched; null when
   * it has no copy or its values do not allow it (see openColumns).
   */
  columns(paths: readonly (readonly string[])[]): Promise<VngColumnSet | null>;
  /** The object's values. */
  rows(): AsyncIterable<Value[]>;
  /** The bytes of its values' bodies, from its seek index (0 when that does not say). */
  valueBytes(): Promise<number>;
}

export function columnObjects(
  lc: LakeContext,
  poolId: KsuidHex,
  key: PoolKey,
  objects: readonly DataObject[],
  ctx: TypeContext,
  stats: ScanStats | undefined,
): ColumnObject[] {
  return objects.map((object) => ({
    object,
    async columns(paths) {
      const blobKey = columnCopyKey(poolId, object.id);
      let missing = false;
      const source = rangeSource(async (offset, length) => {
        const b = await lc.blobs.getRange(blobKey, offset, length);
        if (b === null) missing = true;
        else if (stats !== undefined) stats.storedBytes += b.length;
        return b;
      }, blobKey);
      let vng;
      try {
        // The header and, most often, the metadata in one read.
        vng = await openVng(source, { prefetch: 4096 });
      } catch (e) {
        if (missing) return null;
        throw e;
      }
      const cols = openColumns(vng, paths, ctx);
      if (cols === null) return null;
      await cols.fetch();
      if (stats !== undefined) stats.objectsRead++;
      return cols;
    },
    rows: () => mergeObjects(lc, poolId, [object], key, ctx, undefined, stats),
    valueBytes: async () => entriesValueBytes(await lc.seekIndex(poolId, object.id)),
  }));
}
