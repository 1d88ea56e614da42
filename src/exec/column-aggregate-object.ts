// One data object's rows added to a ColumnGroups over its column copy (the
// work of a columnar summarize, see lake-aggregate.ts, in whichever thread
// runs it): the object's filter resolved against its key range (and that of
// each stream a pruned scan reads), the columns fetched, the rows the filter
// keeps (of those that scan would read) grouped; and what a scan would have
// counted for it.

import type { ColumnAggregate, ColumnFilterNode } from '../compiler/index.js';
import type { ColumnObject, KeySpan, ReadStream, ScanStats, SpanReads } from '../lake/index.js';
import { addsNothing, mayHoldError, type ArgValues, type ColumnAggKind, type ColumnGroups, hasNaN, isFloatColumn, ORDERED_COLUMN_AGGS, type ColumnBatch, type RowSelection } from '../runtime/agg/index.js';
import { ArithColumns, argProgram } from './column-arith.js';
import { Builder, ID, TypeFloat64, TypeInt64, type Value } from '../zed/index.js';
import { samePath } from '../runtime/op/index.js';
import { ColumnFilterEval, comparesAsNumbers, constantFilter, filterColumns, leafPaths, plainBounds, resolveOnObject, selectRows, valueAt, type EvalNode, type SortedKey } from './column-filter.js';

/** The aggregates that read their argument column's numbers and nothing else of it (ColumnAgg). */
const NUMERIC_AGGS = new Set(['sum', 'avg', 'min', 'max']);

/** The aggregates that take each distinct value of a group once, whatever its repeats (GenericColumnAgg). */
const DISTINCT_AGGS = new Set(['dcount', 'union']);

/** Rows per batch of columns. */
const BATCH = 8192;

/** No row: what an aggregate takes of an object its where clause keeps nothing of. */
const NO_ROWS: RowSelection = { rows: new Int32Array(0), count: 0 };

/** What aggregating an object needs of a ColumnAggregate: its keys, aggregates and filter's tree. */
export type ObjectAggregate = Pick<ColumnAggregate, 'keys' | 'aggs' | 'noQuiet'> & { readonly filter?: { readonly node: ColumnFilterNode } };


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
  /** The streams that scan reads (null: all, with no key span). */
  streams: readonly ReadStream[] | null,
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
  // Each aggregate's where clause as it stands for the object's rows: null
  // when it keeps them all; a constant false keeps none.
  const wheres = plan.aggs.map((a) => {
    if (a.where === undefined) return null;
    const w = resolveOnObject(a.where, sorted.path, o.object.min, o.object.max);
    return constantFilter(w) === true ? null : w;
  });
  const picking = wheres.some((w) => w !== null);
  // min and max of the pool key alone: the object's key range holds them.
  if (filter === undefined && !picking && within === null && plan.keys.length === 0 && plan.noQuiet !== true) {
    const bounds = boundsColumn(plan, sorted.path, o.object.min, o.object.max);
    if (bounds !== null) {
      groups.begin([], plan.aggs.map(() => bounds));
      groups.add(2);
      return o.object.count;
    }
  }
  const filterPaths = filter === undefined ? [] : leafPaths(filter);
  const wherePaths = wheres.map((w) => (w === null ? [] : leafPaths(w)));
  // Arguments that are expressions read their fields' columns, after all the others.
  const argPaths = plan.aggs.map((a) => a.arg?.paths ?? []);
  const paths = [...plan.keys, ...plan.aggs.flatMap((a) => (a.path === null ? [] : [a.path])), ...filterPaths, ...wherePaths.flat(), ...argPaths.flat()];
  // null when the object has no usable copy (a copy that does not read is a warning in the stats).
  // Streams the filter is resolved on are found among a member's rows by their positions (see memberRuns).
  // So are rows of several types for aggregates that depend on the values' order.
  const ordered = plan.aggs.some((a) => ORDERED_COLUMN_AGGS.has(a.fn));
  const byStream = filter !== undefined && streams !== null;
  const set = await o.columns(paths, { tags: byStream || ordered });
  if (set === null) return null;
  // A summarize folded through a put or yield: a column that may hold error("quiet") needs that operator.
  if (plan.noQuiet === true && set.members.some((m) => m.cursors.some((c) => !c.missing && mayHoldError(c.type)))) return null;
  // Aggregates that depend on the values' order take them in the object's
  // order, which its members (of one type each) do not keep between them:
  // they are then given each row's position in the object.
  const placing = set.members.length > 1 && ordered;
  if (placing && set.memberRows === null) return null;
  const nkeys = plan.keys.length;
  // Keys of many distinct values are read as codes kept from an earlier
  // query, each value then grouped once per query rather than per row.
  for (let k = 0; k < nkeys; k++) o.codeColumn(set, k);
  // Columns of few values (keys, filters, arguments) read their codes as an earlier query read them.
  for (let j = 0; j < set.paths.length; j++) o.keepCodes(set, j);
  // sum, avg, min and max read their numbers decoded by an earlier query;
  // dcount and union their codes, as keys do, so that each distinct value
  // of a group is taken once.
  let arg = nkeys;
  for (const a of plan.aggs) {
    if (a.path === null) continue;
    if (NUMERIC_AGGS.has(a.fn)) o.numberColumn(set, arg);
    else if (DISTINCT_AGGS.has(a.fn) && a.where === undefined) o.codeColumn(set, arg);
    arg++;
  }
  // So do the fields of arithmetic under them (see column-arith.ts), whose
  // columns come last: aggregate j's from argStarts[j] on.
  const argStarts: number[] = [];
  for (let at = set.paths.length - argPaths.flat().length, j = 0; j < plan.aggs.length; at += argPaths[j]!.length, j++) argStarts.push(at);
  for (const [j, a] of plan.aggs.entries()) {
    if (NUMERIC_AGGS.has(a.fn) && a.arg !== undefined) for (let k = 0; k < argPaths[j]!.length; k++) o.numberColumn(set, argStarts[j]! + k);
  }
  // The filter's columns compared only with numbers read their numbers
  // decoded by an earlier query (but the pool key's, which a binary search
  // reads, see ColumnFilterEval.onSorted); its other columns of many values
  // read their elements where an earlier query placed them.
  for (let j = arg; j < arg + filterPaths.length; j++) {
    const path = set.paths[j]!;
    if (!samePath(path, sorted.path) && comparesAsNumbers(filter!, path)) o.numberColumn(set, j);
  }
  // So do the where clauses' (each aggregate's after the filter's).
  for (let at = arg + filterPaths.length, a = 0; a < wheres.length; at += wherePaths[a]!.length, a++) {
    const w = wheres[a];
    if (w === null || w === undefined) continue;
    for (let k = 0; k < wherePaths[a]!.length; k++) if (comparesAsNumbers(w, wherePaths[a]![k]!)) o.numberColumn(set, at + k);
  }
  for (let j = arg; j < set.paths.length; j++) o.keepElements(set, j);
  const members = set.members.map((cols) => {
    let at = nkeys;
    return { cols, keys: cols.cursors.slice(0, nkeys), args: plan.aggs.map((a) => (a.path === null ? null : cols.cursors[at++]!)) };
  });
  if (!members.every((m) => groups.accepts(m.keys, m.args))) return null;
  // An argument of a type its aggregate skips (strings under max, say) adds nothing: its column is not read.
  for (const m of members) {
    m.args.forEach((c, j) => {
      const a = plan.aggs[j]!;
      if (c !== null && NUMERIC_AGGS.has(a.fn) && addsNothing(a.fn as ColumnAggKind, c)) c.pass();
    });
  }
  // min and max of arithmetic take their results in the members' order,
  // not the values': only int64 and float64 fields (or none), whose
  // results compare alike in any order but for NaNs (checked below).
  const extremes = plan.aggs.map((a) => ((a.fn === 'min' || a.fn === 'max') && a.arg !== undefined ? argProgram(a.arg) : undefined));
  const argCols = (m: (typeof members)[number], j: number): ColumnBatch[] => m.cols.cursors.slice(argStarts[j]!, argStarts[j]! + argPaths[j]!.length);
  for (const [j, program] of extremes.entries()) {
    if (program === undefined) continue;
    if (program === null) return null;
    for (const m of members) for (const c of argCols(m, j)) if (!c.missing && c.type !== TypeInt64 && c.type !== TypeFloat64) return null;
  }
  // min and max over floats holding a NaN depend on the values' order: read
  // them as values; so do min and max of arithmetic whose results hold one
  // (a NaN operand, or Inf - Inf). The check reads the fetched columns (and
  // works the arithmetic out) once; they are then read again from the first row.
  for (const m of members) {
    const ordered = m.args.filter((c, j) => c !== null && (plan.aggs[j]!.fn === 'min' || plan.aggs[j]!.fn === 'max') && isFloatColumn(c));
    const computed = extremes.flatMap((program, j) => (program ? [new ArithColumns(program, argCols(m, j))] : []));
    if (ordered.length === 0 && computed.length === 0) continue;
    for (let n = m.cols.next(BATCH); n > 0; n = m.cols.next(BATCH)) {
      if (ordered.some((c) => hasNaN(c!, n)) || computed.some((a) => a.fill(n, null)?.hasNaN === true)) return null;
    }
    m.cols.load();
  }
  // With a key span, the filter is resolved on each stream the scan reads,
  // so only the streams whose key bounds leave it open are evaluated; the
  // others are taken whole or left out.
  let runs: Run[] | null = null;
  if (filter !== undefined && streams !== null) {
    // Members whose values' positions are not known: the values answer.
    if (set.memberRows === null && set.members.length > 1) return null;
    runs = streamRuns(filter, sorted.path, streams);
  }
  let kept = 0;
  let first = 0;
  let places = new Int32Array(0);
  for (const m of members) {
    const mine = runs === null ? null : memberRuns(runs, m.cols.length, set.memberRows, first);
    const memberFirst = first;
    first += m.cols.length;
    /** When placing, the object positions of the batch's rows from member row `at` on (those of `rows`, when given). */
    const place = (at: number, n: number, rows: Int32Array | null): Int32Array | undefined => {
      if (!placing) return undefined;
      if (places.length < n) places = new Int32Array(Math.max(n, BATCH));
      const byRow = set.memberRows!;
      const from = memberFirst + at;
      for (let k = 0; k < n; k++) places[k] = byRow[from + (rows === null ? k : rows[k]!)]!;
      return places;
    };
    // The filter's columns follow the keys' and the arguments', and the where clauses' follow them.
    const filterAt = nkeys + m.args.filter((a) => a !== null).length;
    const pick = picking ? wherePicker(wheres, wherePaths, m.cols.cursors, filterAt + filterPaths.length, sorted) : () => undefined;
    const argValues = argEvaluator(plan.aggs, argPaths, m.cols.cursors, filterAt + filterPaths.length + wherePaths.flat().length);
    if (filter === undefined) {
      groups.begin(m.keys, m.args);
      let at = 0;
      for (let n = m.cols.next(BATCH); n > 0; n = m.cols.next(BATCH)) {
        const p = pick(n, null);
        groups.add(n, p, place(at, n, null), argValues(null));
        at += n;
        kept += n;
      }
      continue;
    }
    const column = filterColumns(filterPaths, m.cols.cursors, filterAt);
    const ev = new ColumnFilterEval(sorted);
    // With no key and only count() of every row (no argument, no where clause), the rows kept are only counted.
    const counting = nkeys === 0 && m.args.every((a) => a === null) && !picking && plan.aggs.every((a) => a.arg === undefined);
    /** Adds the `n` rows of the batch just read (from member row `at` on) that the filter `f` keeps. */
    const evaluate = (f: EvalNode, n: number, at: number): void => {
      if (counting) {
        const count = ev.count(f, column, n);
        if (count === 0) return;
        groups.begin(m.keys, m.args);
        groups.add(count);
        kept += count;
        return;
      }
      const sel = ev.select(f, column, n);
      const { rows, count } = sel;
      if (count === 0) return;
      if (count === n) groups.begin(m.keys, m.args);
      else {
        groups.begin(
          m.keys.map((c) => selectRows(c, rows, count)),
          m.args.map((c) => (c === null ? null : selectRows(c, rows, count))),
        );
      }
      const some = count === n ? null : rows;
      const p = pick(n, count === n ? null : sel);
      groups.add(count, p, place(at, count, some), argValues(some));
      kept += count;
    };
    if (counting && mine === null) {
      // One comparison on a column whose codes are held whole, counted by code.
      const cursor = m.cols.cursors[nkeys + m.args.filter((a) => a !== null).length];
      const counts = cursor?.codeCounts() ?? null;
      const count = counts === null ? null : ev.countByCodes(filter, cursor!, counts);
      if (count !== null) {
        if (count > 0) {
          groups.begin(m.keys, m.args);
          groups.add(count);
          kept += count;
        }
        continue;
      }
    }
    if (mine !== null) {
      let row = 0;
      for (const r of mine) {
        // Rows the scan does not read are read past.
        while (row < r.from) row += m.cols.next(Math.min(BATCH, r.from - row)) || r.from - row;
        while (row < r.to) {
          const n = m.cols.next(Math.min(BATCH, r.to - row));
          if (n === 0) break;
          const at = row;
          row += n;
          if (r.filter !== null) {
            evaluate(r.filter, n, at);
            continue;
          }
          groups.begin(m.keys, m.args);
          const p = pick(n, null);
          groups.add(n, p, place(at, n, null), argValues(null));
          kept += n;
        }
      }
      continue;
    }
    let at = 0;
    for (let n = m.cols.next(BATCH); n > 0; n = m.cols.next(BATCH)) {
      evaluate(filter, n, at);
      at += n;
    }
  }
  if (placing) groups.endObject();
  return kept;
}

/**
 * For a member's batches, the rows each aggregate's where clause picks
 * (`wheres[j]`, null for none: it takes every row), given the `n` rows
 * just read and those of them the filter kept (null: all): their indexes
 * among the rows kept. The clauses' columns are the cursors from `at` on,
 * those of `paths[j]` for each in turn.
 */
function wherePicker(
  wheres: readonly (EvalNode | null)[],
  paths: readonly (readonly (readonly string[])[])[],
  cursors: readonly ColumnBatch[],
  at: number,
  sorted: SortedKey,
): (n: number, kept: RowSelection | null) => (RowSelection | null)[] {
  const clauses = wheres.map((w, j) => {
    if (w === null) return null;
    const column = filterColumns(paths[j]!, cursors, at);
    at += paths[j]!.length;
    return { w, column, ev: new ColumnFilterEval(sorted), picked: new Int32Array(0) };
  });
  return (n, kept) =>
    clauses.map((c) => {
      if (c === null) return null;
      if (constantFilter(c.w) === false) return NO_ROWS;
      const { rows, count } = c.ev.select(c.w, c.column, n);
      if (kept === null) return { rows, count };
      // The rows both keep, by their indexes among those the filter kept (both ascend).
      if (c.picked.length < kept.count) c.picked = new Int32Array(Math.max(kept.count, 2 * c.picked.length));
      const out = c.picked;
      let m = 0;
      for (let i = 0, k = 0; i < kept.count && k < count; ) {
        const a = kept.rows[i]!;
        const b = rows[k]!;
        if (a === b) {
          out[m++] = i;
          i++;
          k++;
        } else if (a < b) i++;
        else k++;
      }
      return { rows: out, count: m };
    });
}

/**
 * For a member's batches, the aggregates' arguments that are expressions
 * (null for the others; undefined when none is), as functions of a row:
 * row k of the batch's first `n`, or of rows[0..n) of it. Each result is
 * taken before the next is worked out. The expressions' columns are the
 * cursors from `at` on, those of `paths[j]` for each in turn.
 */
function argEvaluator(
  aggs: ObjectAggregate['aggs'],
  paths: readonly (readonly (readonly string[])[])[],
  cursors: readonly ColumnBatch[],
  at: number,
): (rows: Int32Array | null) => (ArgValues | null)[] | undefined {
  const exprs = aggs.map((a, j) => {
    const arg = a.arg;
    if (arg === undefined) return null;
    const cols = cursors.slice(at, at + paths[j]!.length);
    at += paths[j]!.length;
    // Arithmetic under sum, avg, min and max is worked out over the columns into numbers.
    const program = NUMERIC_AGGS.has(a.fn) ? argProgram(arg) : null;
    const numbers = program === null ? null : new ArithColumns(program, cols);
    return { eval: arg.eval, cols, vs: cols.map((): Value | null => null), numbers };
  });
  if (exprs.every((e) => e === null)) return () => undefined;
  return (rows) =>
    exprs.map((e) => {
      if (e === null) return null;
      const valueOf = (k: number): Value => {
        const r = rows === null ? k : rows[k]!;
        for (let c = 0; c < e.cols.length; c++) e.vs[c] = valueAt(e.cols[c]!, r);
        return e.eval(e.vs);
      };
      const numbers = e.numbers;
      if (numbers === null) return valueOf;
      return Object.assign(valueOf, rows === null ? { numbers: (count: number) => numbers.fill(count, null), total: (count: number) => numbers.total(count) } : { numbers: (count: number) => numbers.fill(count, rows) });
    });
}

/** Key types whose min and max aggregates take the least and greatest values in the pool's sort order. */
const EXTREMES: ReadonlySet<number> = new Set([ID.int8, ID.int16, ID.int32, ID.int64, ID.uint8, ID.uint16, ID.uint32, ID.uint64, ID.duration, ID.time]);

/**
 * When every aggregate is min or max of the pool key and the object's key
 * bounds are two non-null values of one such type (then every key of the
 * object is of that type, none null, and they lie between the two), a
 * column of those two values, which min and max read as they would the
 * whole column; else null.
 */
function boundsColumn(plan: ObjectAggregate, key: readonly string[], min: Value, max: Value): ColumnBatch | null {
  if (plan.aggs.length === 0 || !plan.aggs.every((a) => (a.fn === 'min' || a.fn === 'max') && a.path !== null && samePath(a.path, key))) return null;
  // (Of a type not named, which the query's context has as the lake's does.)
  const t = min.type;
  if (!plainBounds(min, max) || t.kind !== 'primitive' || !EXTREMES.has(t.id)) return null;
  const b = new Builder(32);
  b.append(min.bytes);
  const mid = b.len;
  b.append(max.bytes);
  return {
    type: t,
    cardinality: -1,
    codes: new Int32Array(0),
    element: () => {
      throw new Error('a column of key bounds has no codes');
    },
    bytes: b.bytes(),
    starts: Int32Array.of(0, mid, b.len),
    sizes: Int32Array.of(mid, b.len - mid),
    missing: false,
  };
}

/** Positions [from, to) a scan reads, with the filter they need (null: every row is kept). */
interface Run {
  readonly from: number;
  to: number;
  readonly filter: EvalNode | null;
}

/**
 * The runs of positions of the streams a scan reads, each with the filter
 * as its stream's key bounds leave it: streams it keeps whole need none,
 * streams it keeps nothing of are left out, and neighbours that need the
 * same are one run.
 */
export function streamRuns(filter: EvalNode, key: readonly string[], streams: readonly ReadStream[]): Run[] {
  const runs: Run[] = [];
  for (const s of streams) {
    const f = resolveOnObject(filter, key, s.min, s.max);
    const all = constantFilter(f);
    if (all === false || s.to <= s.from) continue;
    const last = runs[runs.length - 1];
    if (all === true && last !== undefined && last.filter === null && last.to === s.from) last.to = s.to;
    else runs.push({ from: s.from, to: s.to, filter: all === true ? null : f });
  }
  return runs;
}

/**
 * The runs of a member's rows (`length` of them, at the object positions
 * memberRows[first...], or first... when the object has one member) that
 * lie in object position runs `runs`.
 */
export function memberRuns(runs: readonly Run[], length: number, memberRows: Int32Array | null, first: number): Run[] {
  const out: Run[] = [];
  for (const r of runs) {
    let from: number;
    let to: number;
    if (memberRows === null) {
      from = Math.max(0, r.from - first);
      to = Math.min(length, r.to - first);
    } else {
      // Positions ascend within a member: a run's rows are a run of them.
      from = firstAtOrAfter(memberRows, first, first + length, r.from) - first;
      to = firstAtOrAfter(memberRows, from + first, first + length, r.to) - first;
    }
    if (from < to) out.push({ from, to, filter: r.filter });
  }
  return out;
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
  const kept = await aggregateObject(o, plan, groups, sorted, reads?.rows ?? null, reads?.streams ?? null);
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
