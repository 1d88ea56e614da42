// A summarize straight over a pool, computed over columns: for each data
// object whose column copy holds the summarize's keys and arguments as
// plain columns, the groups of that object are aggregated over its columns
// (runtime/agg/column-groups.ts, one table for all such objects) and handed
// to the summarize as partials at the end (or as final values, when every
// object went this way); any other object is read as values, which the
// summarize consumes as usual.
// Reading a column copy fetches only the columns the query names. A filter
// that bounds the pool key skips the objects outside its range, and counts
// as read what a scan would: the values of the seek streams that may meet
// it (the comparisons on the key run on its sorted columns, see
// column-filter.ts).

import type { ColumnAggregate } from '../compiler/index.js';
import type { ColumnObject, Lake, ScanStats } from '../lake/index.js';
import { ColumnGroups, hasNaN, isFloatColumn, type ColumnBatch } from '../runtime/agg/index.js';
import { poolObjects } from './pool-objects.js';
import { ColumnFilterEval, constantFilter, leafPaths, resolveOnObject, selectRows, type SortedKey } from './column-filter.js';
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
  const rowFilter = plan.filter?.row;
  const fns = plan.aggs.map((a) => a.fn);
  return (sink) =>
    (async function* () {
      const filter = plan.filter;
      // A filter's range of the pool key prunes objects, and the values a
      // scan would read are those of the seek streams that may meet it.
      const { key, span, objects } = await poolObjects(lake, zctx, pool, commitish, stats, (k) => filter?.pushdown.keySpan(k.path) ?? undefined);
      const sorted = { path: key.path };
      let groups = new ColumnGroups(plan.keys.length, fns, zctx);
      // While every object is aggregated here, in one table, the groups'
      // final values go straight out (see PartialSink.finish).
      let alone = true;
      const flush = async (): Promise<void> => {
        alone = false;
        groups.emit((k, p) => sink.add(k, p));
        groups = new ColumnGroups(plan.keys.length, fns, zctx);
        if (sink.shouldSpill) await sink.spill();
      };
      for (const o of objects) {
        const reads = span === undefined ? null : await o.spanReads(span);
        const kept = span !== undefined && reads === null ? null : await aggregateObject(o, plan, groups, sorted, reads?.rows ?? null);
        if (kept === null) {
          // The groups so far go to the summarize first, so that it takes
          // everything in the objects' order (min and max over floats with
          // a NaN depend on it).
          if (groups.size > 0) await flush();
          alone = false;
          // The object's values, through the scan's filter when it has one.
          if (rowFilter === undefined) yield* o.rows(span);
          else for await (const b of o.rows(span)) yield b.filter(rowFilter);
          continue;
        }
        if (stats !== undefined) {
          // As Zed's scanner would have counted the values read and kept
          // (with a filter, the bytes kept are estimated from the rows kept).
          const bytes = reads === null ? await o.valueBytes() : reads.bytes;
          const n = reads === null ? o.object.count : reads.records;
          stats.recordsRead += n;
          stats.bytesRead += bytes;
          stats.recordsMatched += kept;
          stats.bytesMatched += kept === n ? bytes : n === 0 ? 0 : Math.round((bytes * kept) / n);
        }
        if (groups.size >= FLUSH_GROUPS) await flush();
      }
      if (alone && groups.single) sink.finish(groups.finals());
      else await flush();
    })();
}

/**
 * Adds one object's rows (those its filter keeps) to `groups` over its
 * columns; returns how many rows it kept, or null (having added nothing)
 * when it cannot.
 */
async function aggregateObject(
  o: ColumnObject,
  plan: ColumnAggregate,
  groups: ColumnGroups,
  sorted: SortedKey,
  /** The positions of the values a scan pruned by the filter's key range reads (null: all). */
  within: readonly (readonly [number, number])[] | null,
): Promise<number | null> {
  // The filter as it stands for this object's rows: a comparison on the
  // pool key that its range answers needs no column.
  let filter = plan.filter === undefined ? undefined : resolveOnObject(plan.filter.node, sorted.path, o.object.min, o.object.max);
  if (filter !== undefined) {
    const all = constantFilter(filter);
    if (all === false) return 0;
    // Rows the scan would not read are left out even when the filter would
    // keep them (a null string compares as empty, whatever its place in the
    // key order): the filter stays to be evaluated with them.
    if (all === true && within === null) filter = undefined;
  }
  const paths = [...plan.keys, ...plan.aggs.flatMap((a) => (a.path === null ? [] : [a.path])), ...(filter === undefined ? [] : leafPaths(filter))];
  // null when the object has no usable copy (a copy that does not read is a warning in the stats).
  const set = await o.columns(paths, { tags: within !== null });
  if (set === null) return null;
  const nkeys = plan.keys.length;
  const members = set.members.map((cols) => {
    let at = nkeys;
    return { cols, keys: cols.cursors.slice(0, nkeys), args: plan.aggs.map((a) => (a.path === null ? null : cols.cursors[at++]!)) };
  });
  if (!members.every((m) => ColumnGroups.accepts(m.keys, m.args))) return null;
  // min and max over floats holding a NaN depend on the values' order: read them as values.
  // The check reads the fetched columns once; they are then read again from the first row.
  for (const m of members) {
    const ordered = m.args.filter((c, j) => c !== null && (plan.aggs[j]!.fn === 'min' || plan.aggs[j]!.fn === 'max') && isFloatColumn(c));
    if (ordered.length === 0) continue;
    for (let n = m.cols.next(BATCH); n > 0; n = m.cols.next(BATCH)) if (ordered.some((c) => hasNaN(c!, n))) return null;
    m.cols.load();
  }
  let kept = 0;
  let first = 0;
  for (const m of members) {
    const mask = within === null ? null : readMask(within, m.cols.length, set.memberRows, first);
    first += m.cols.length;
    if (filter === undefined) {
      groups.begin(m.keys, m.args);
      for (let n = m.cols.next(BATCH); n > 0; n = m.cols.next(BATCH)) {
        groups.add(n);
        kept += n;
      }
      continue;
    }
    // The filter's columns follow the keys' and the arguments'.
    const byPath = new Map<string, ColumnBatch>();
    let at = nkeys + m.args.filter((a) => a !== null).length;
    for (const p of leafPaths(filter)) {
      const k = JSON.stringify(p);
      if (!byPath.has(k)) byPath.set(k, m.cols.cursors[at]!);
      at++;
    }
    const column = (p: readonly string[]) => byPath.get(JSON.stringify(p))!;
    const ev = new ColumnFilterEval(sorted);
    // With no key and only count(), the rows kept are only counted.
    const counting = nkeys === 0 && m.args.every((a) => a === null);
    let row = 0;
    for (let n = m.cols.next(BATCH); n > 0; row += n, n = m.cols.next(BATCH)) {
      const read = mask === null ? undefined : mask.subarray(row, row + n);
      if (counting) {
        const count = ev.count(filter, column, n, read);
        if (count === 0) continue;
        groups.begin(m.keys, m.args);
        groups.add(count);
        kept += count;
        continue;
      }
      const { rows, count } = ev.select(filter, column, n, read);
      if (count === 0) continue;
      if (count === n) groups.begin(m.keys, m.args);
      else {
        groups.begin(
          m.keys.map((c) => selectRows(c, rows, count)),
          m.args.map((c) => (c === null ? null : selectRows(c, rows, count))),
        );
      }
      groups.add(count);
      kept += count;
    }
  }
  return kept;
}

/**
 * Which of a member's values (`length` of them, at the object positions
 * memberRows[first...], or first... when the object has one member) lie in
 * the ranges of positions a pruned scan reads: 1 each.
 */
function readMask(within: readonly (readonly [number, number])[], length: number, memberRows: Int32Array | null, first: number): Uint8Array {
  const mask = new Uint8Array(length);
  if (memberRows === null) {
    for (const [from, to] of within) mask.fill(1, Math.max(0, from - first), Math.max(0, Math.min(length, to - first)));
    return mask;
  }
  // Positions ascend within a member: walk the ranges alongside.
  let r = 0;
  for (let j = 0; j < length; j++) {
    const p = memberRows[first + j]!;
    while (r < within.length && within[r]![1] <= p) r++;
    if (r < within.length && within[r]![0] <= p) mask[j] = 1;
  }
  return mask;
}
