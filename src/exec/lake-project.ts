// A pool scan for a query that reads only some top-level fields of the
// values (the optimizer's poolScanFields): each data object's values are
// put back together from its column copy with only those fields
// (column-values.ts), so the columns of the others are never read and no
// data object is decompressed. The pushed filter runs on those records
// (its fields are among them). Objects come out in the scan's order (key
// ranges that do not touch); an object without a usable copy, or that a
// filter on the pool key reads only in part, is read as values.

import type { Pushdown } from '../compiler/index.js';
import type { Lake, ScanStats } from '../lake/index.js';
import type { TypeContext, Value } from '../zed/index.js';
import { countedValues, valuesFromColumns } from './column-values.js';
import { indexLookupOf } from './index-lookup.js';
import { poolObjects } from './pool-objects.js';
import { scanPool } from './lake-source.js';

export function projectPool(
  lake: Lake,
  zctx: TypeContext,
  pool: string,
  commitish: string,
  fields: readonly string[],
  pushdown: Pushdown | undefined,
  stats: ScanStats | undefined,
): AsyncIterable<Value[]> {
  return (async function* () {
    const { span, objects, inOrder } = await poolObjects(lake, zctx, pool, commitish, stats, (k) => pushdown?.keySpan(k.path) ?? undefined, false, pushdown === undefined ? null : indexLookupOf(pushdown.filter, zctx));
    if (!inOrder) {
      yield* scanPool(lake, zctx, pool, commitish, pushdown, stats);
      return;
    }
    pushdown?.applied();
    const keep = pushdown?.predicate;
    const only = new Set(fields);
    for (const o of objects) {
      const reads = span === undefined ? null : await o.spanReads(span);
      // An object a pruned scan reads only in part is read so: the rows it
      // skips may pass the filter all the same (a null string compares as empty).
      const values = span !== undefined && (reads === null || reads.rows !== null) ? null : await valuesFromColumns(o, zctx, { fields: only });
      if (values === null) {
        for await (const b of o.rows(span)) {
          const kept = keep === undefined ? b : b.filter(keep);
          if (kept.length > 0) yield kept;
        }
        continue;
      }
      yield* countedValues(o, reads, values, keep, stats);
    }
  })();
}
