// A summarize straight over a pool, computed over columns: for each data
// object whose column copy holds the summarize's keys and arguments as
// plain columns, the groups of that object are aggregated over its columns
// (runtime/agg/column-groups.ts, one table for all such objects) and handed
// to the summarize as partials at the end (or as final values, when every
// object went this way); any other object is read as values, which the
// summarize consumes as usual.
// Reading a column copy fetches only the columns the query names.

import type { ColumnAggregate } from '../compiler/index.js';
import { FormatError } from '../errors/index.js';
import type { ColumnObject, Lake, ScanStats } from '../lake/index.js';
import { ColumnGroups, hasNaN, isFloatColumn } from '../runtime/agg/index.js';
import type { PartialSink, Stream } from '../runtime/op/index.js';
import type { TypeContext } from '../zed/index.js';

/** Rows per batch of columns. */
const BATCH = 8192;
/** Groups held over columns before they go to the summarize's table (which can spill). */
const FLUSH_GROUPS = 1 << 20;

export function lakeAggregate(
  lake: Lake,
  zctx: TypeContext,
  pool: string,
  commitish: string,
  plan: ColumnAggregate,
  stats: ScanStats | undefined,
): (sink: PartialSink) => Stream {
  const paths = [...plan.keys, ...plan.aggs.flatMap((a) => (a.path === null ? [] : [a.path]))];
  const fns = plan.aggs.map((a) => a.fn);
  return (sink) =>
    (async function* () {
      const objects = await lake.columnObjects(pool, commitish, { ctx: zctx, ...(stats !== undefined ? { stats } : {}) });
      let groups = new ColumnGroups(plan.keys.length, fns);
      // While every object is aggregated here, in one table, the groups'
      // final values go straight out (see PartialSink.finish).
      let alone = true;
      const flush = async (): Promise<void> => {
        alone = false;
        groups.emit((k, p) => sink.add(k, p));
        groups = new ColumnGroups(plan.keys.length, fns);
        if (sink.shouldSpill) await sink.spill();
      };
      for (const o of objects) {
        if (!(await aggregateObject(o, plan, paths, groups))) {
          alone = false;
          yield* o.rows();
          continue;
        }
        if (stats !== undefined) {
          // As Zed's scanner would have counted the values read and kept.
          const bytes = await o.valueBytes();
          stats.recordsRead += o.object.count;
          stats.bytesRead += bytes;
          stats.recordsMatched += o.object.count;
          stats.bytesMatched += bytes;
        }
        if (groups.size >= FLUSH_GROUPS) await flush();
      }
      if (alone && groups.single) sink.finish(groups.finals());
      else await flush();
    })();
}

/** Adds one object's rows to `groups` over its columns; false (having added nothing) when it cannot. */
async function aggregateObject(o: ColumnObject, plan: ColumnAggregate, paths: readonly (readonly string[])[], groups: ColumnGroups): Promise<boolean> {
  let set;
  try {
    set = await o.columns(paths);
  } catch (e) {
    // A copy that does not open is not the data: the object's values are.
    if (e instanceof FormatError) return false;
    throw e;
  }
  if (set === null) return false;
  const nkeys = plan.keys.length;
  const members = set.members.map((cols) => {
    let at = nkeys;
    return { cols, keys: cols.cursors.slice(0, nkeys), args: plan.aggs.map((a) => (a.path === null ? null : cols.cursors[at++]!)) };
  });
  if (!members.every((m) => ColumnGroups.accepts(m.keys, m.args))) return false;
  // min and max over floats holding a NaN depend on the values' order: read them as values.
  // The check reads the fetched columns once; they are then read again from the first row.
  for (const m of members) {
    const ordered = m.args.filter((c, j) => c !== null && (plan.aggs[j]!.fn === 'min' || plan.aggs[j]!.fn === 'max') && isFloatColumn(c));
    if (ordered.length === 0) continue;
    for (let n = m.cols.next(BATCH); n > 0; n = m.cols.next(BATCH)) if (ordered.some((c) => hasNaN(c!, n))) return false;
    m.cols.load();
  }
  for (const m of members) {
    groups.begin(m.keys, m.args);
    for (let n = m.cols.next(BATCH); n > 0; n = m.cols.next(BATCH)) groups.add(n);
  }
  return true;
}
