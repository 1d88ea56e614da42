// One data object's rows added to a ColumnGroups over its column copy (the
// work of a columnar summarize, see lake-aggregate.ts, in whichever thread
// runs it): the object's filter resolved against its key range, the
// columns fetched, the rows the filter keeps (and a pruned scan would
// read) grouped; and what a scan would have counted for it.

import type { ColumnAggregate, ColumnFilterNode } from '../compiler/index.js';
import type { ColumnObject, KeySpan, ScanStats, SpanReads } from '../lake/index.js';
import { type ColumnGroups, hasNaN, isFloatColumn, type ColumnBatch } from '../runtime/agg/index.js';
import { ColumnFilterEval, constantFilter, leafPaths, resolveOnObject, selectRows, type SortedKey } from './column-filter.js';

/** The aggregates that read their argument column's numbers and nothing else of it (ColumnAgg). */
const NUMERIC_AGGS = new Set(['sum', 'avg', 'min', 'max']);

/** Rows per batch of columns. */
const BATCH = 8192;

/** What aggregating an object needs of a ColumnAggregate: its keys, aggregates and filter's tree. */
export type ObjectAggregate = Pick<ColumnAggregate, 'keys' | 'aggs'> & { readonly filter?: { readonly node: ColumnFilterNode } };

/**
 * Adds one object's rows (those its filter keeps) to `groups` over its
 * columns; returns how many rows it kept, or null (having added nothing)
 * when it cannot.
 */
async function aggregateObject(
  o: ColumnObject,
  plan: ObjectAggregate,
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
  // Keys of many distinct values are read as codes kept from an earlier
  // query, each value then grouped once per query rather than per row.
  for (let k = 0; k < nkeys; k++) o.codeColumn(set, k);
  // Columns of few values (keys, filters, arguments) read their codes as an earlier query read them.
  for (let j = 0; j < set.paths.length; j++) o.keepCodes(set, j);
  // sum, avg, min and max read their numbers decoded by an earlier query.
  let arg = nkeys;
  for (const a of plan.aggs) {
    if (a.path === null) continue;
    if (NUMERIC_AGGS.has(a.fn)) o.numberColumn(set, arg);
    arg++;
  }
  const members = set.members.map((cols) => {
    let at = nkeys;
    return { cols, keys: cols.cursors.slice(0, nkeys), args: plan.aggs.map((a) => (a.path === null ? null : cols.cursors[at++]!)) };
  });
  if (!members.every((m) => groups.accepts(m.keys, m.args))) return null;
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
      let read = mask === null ? undefined : mask.subarray(row, row + n);
      if (read !== undefined) {
        // A batch the scan reads none of, or all of.
        if (read.indexOf(1) < 0) continue;
        if (read.indexOf(0) < 0) read = undefined;
      }
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

/** The first index in [lo, hi) of ascending `rows` whose position is at least `p` (hi if none). */
function firstAtOrAfter(rows: Int32Array, lo: number, hi: number, p: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid]! < p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Which of a member's values (`length` of them, at the object positions
 * memberRows[first...], or first... when the object has one member) lie in
 * the ranges of positions a pruned scan reads: 1 each.
 */
export function readMask(within: readonly (readonly [number, number])[], length: number, memberRows: Int32Array | null, first: number): Uint8Array {
  const mask = new Uint8Array(length);
  if (memberRows === null) {
    for (const [from, to] of within) mask.fill(1, Math.max(0, from - first), Math.max(0, Math.min(length, to - first)));
    return mask;
  }
  // Positions ascend within a member: each range's rows are a run of them,
  // found by binary search.
  for (const [from, to] of within) {
    const lo = firstAtOrAfter(memberRows, first, first + length, from);
    const hi = firstAtOrAfter(memberRows, lo, first + length, to);
    if (lo < hi) mask.fill(1, lo - first, hi - first);
  }
  return mask;
}

/**
 * Adds an object's rows to `groups` over its columns (those a scan pruned by
 * `span` reads) and to `stats` what that scan would have counted; false,
 * having added nothing, when the object must be read as values.
 */
export async function aggregateInto(
  o: ColumnObject,
  plan: ObjectAggregate,
  groups: ColumnGroups,
  sorted: SortedKey,
  span: KeySpan | undefined,
  stats: ScanStats | undefined,
): Promise<boolean> {
  const reads = span === undefined ? null : await o.spanReads(span);
  if (span !== undefined && reads === null) return false;
  const kept = await aggregateObject(o, plan, groups, sorted, reads?.rows ?? null);
  if (kept === null) return false;
  if (stats !== undefined) await countObject(stats, o, reads, kept);
  return true;
}

/**
 * Adds to `stats` what Zed's scanner would have counted for an object
 * aggregated over columns: the values read (`reads`, when a key span pruned
 * the scan, else all of them) and kept (with a filter, the bytes kept are
 * estimated from the rows kept).
 */
async function countObject(stats: ScanStats, o: ColumnObject, reads: SpanReads | null, kept: number): Promise<void> {
  const bytes = reads === null ? await o.valueBytes() : reads.bytes;
  const n = reads === null ? o.object.count : reads.records;
  stats.recordsRead += n;
  stats.bytesRead += bytes;
  stats.recordsMatched += kept;
  stats.bytesMatched += kept === n ? bytes : n === 0 ? 0 : Math.round((bytes * kept) / n);
}
