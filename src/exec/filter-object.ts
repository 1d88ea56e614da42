// One data object filtered over its column copy (the work of
// lake-filter.ts, in whichever thread runs it): the filter's own columns
// are read and evaluated into the positions of the values it keeps
// (column-filter.ts, as a columnar summarize evaluates it), and only those
// values are read whole. A few are read from the seek streams that hold
// them; more are put back together from their columns (column-values.ts),
// with only the fields the query reads when it says so. Objects the
// filter's comparisons on the pool key answer whole are passed by or read
// whole; those without a usable copy, and those a scan pruned by the pool
// key reads only in part, are read as values.

import type { ColumnFilterNode } from '../compiler/index.js';
import type { ColumnObject, KeySpan, ScanStats } from '../lake/index.js';
import type { TypeContext, Value } from '../zed/index.js';
import { ColumnFilterEval, constantFilter, filterColumns, leafPaths, resolveOnObject, type SortedKey } from './column-filter.js';
import { columnsHeld, countedValues, valuesFromColumns } from './column-values.js';

/** Rows per batch of the filter's columns. */
const BATCH = 8192;
/** Values of an object read from their seek streams at most; more are put back together from the columns. */
const FEW = 64;
/**
 * An object of which the filter keeps more than this share of values is
 * read as values: putting many back together from their columns costs
 * more than decoding the object. 1M records of 16 leaves in 9 objects, one
 * thread, the column cache empty: decoding every value (mostly LZ4) took
 * 640-690 ms, putting values back from columns about 430 ms plus 1 µs a
 * value (83,084 values: 535 ms; 386,767: 825 ms), so they break even near
 * a fifth of the values.
 */
const DENSE = 1 / 5;
/** The share when the columns are in the lake's column cache already: 386,767 values in 425 ms against 506, even near 575,862. */
const DENSE_HELD = 1 / 2;
/**
 * The shares when the query reads only some top-level fields, which are all
 * a value put back from columns is made of (`yield uid` of 845,361 values,
 * columns not yet held: 496 ms against 800 decoded).
 */
const DENSE_SOME = 1 / 2;
const DENSE_SOME_HELD = 1;

/** What the filter keeps of an object: all of it, the values at some positions (ascending), or null when its columns cannot say. */
type Picked = 'all' | Int32Array | null;

const NONE = new Int32Array(0);

/**
 * The positions of the values of `o` that `node` keeps, evaluated over the
 * filter's columns; 'all' when the object's key range answers it for
 * every value.
 */
async function pickedRows(o: ColumnObject, node: ColumnFilterNode, sorted: SortedKey): Promise<Picked> {
  const filter = resolveOnObject(node, sorted.path, o.object.min, o.object.max);
  const all = constantFilter(filter);
  if (all === false) return NONE;
  if (all === true) return 'all';
  const paths = leafPaths(filter);
  const set = await o.columns(paths, { tags: true });
  if (set === null) return null;
  // The filter's columns read their codes and elements as an earlier query read them.
  for (let j = 0; j < set.paths.length; j++) {
    o.keepCodes(set, j);
    o.keepElements(set, j);
  }
  const rows = set.memberRows;
  if (set.members.length > 1 && rows === null) return null;
  let out = new Int32Array(256);
  let count = 0;
  let first = 0;
  const ev = new ColumnFilterEval(sorted);
  for (const m of set.members) {
    const column = filterColumns(paths, m.cursors);
    let row = 0;
    for (let n = m.next(BATCH); n > 0; n = m.next(BATCH)) {
      const sel = ev.select(filter, column, n);
      if (count + sel.count > out.length) {
        const grown = new Int32Array(Math.max(count + sel.count, 2 * out.length));
        grown.set(out.subarray(0, count));
        out = grown;
      }
      for (let k = 0; k < sel.count; k++) {
        const local = first + row + sel.rows[k]!;
        out[count++] = rows === null ? local : rows[local]!;
      }
      row += n;
    }
    first += m.length;
  }
  const picked = out.subarray(0, count);
  // Several members' positions interleave.
  if (set.members.length > 1) picked.sort();
  return picked;
}

/** What keptValues needs of the query. */
export interface KeptOf {
  readonly zctx: TypeContext;
  readonly node: ColumnFilterNode;
  /**
   * The filter over values, for an object the columns cannot filter; null
   * in a scan thread, which has none: there `undone` is told instead, and
   * nothing of the object is kept.
   */
  readonly keep: ((v: Value) => boolean) | null;
  readonly undone?: () => void;
  readonly sorted: SortedKey;
  readonly span: KeySpan | undefined;
  readonly stats: ScanStats | undefined;
}

/** The values of object `o` that the filter keeps, in its order, with only the top-level fields `only` when given. */
export async function* keptValues(o: ColumnObject, only: ReadonlySet<string> | undefined, { zctx, node, keep, undone, sorted, span, stats }: KeptOf): AsyncGenerator<Value[]> {
  const reads = span === undefined ? null : await o.spanReads(span);
  // An object a pruned scan reads only in part is read so: the rows it
  // skips may pass the filter all the same (a null string compares as empty).
  const partial = span !== undefined && (reads === null || reads.rows !== null);
  const picked = partial ? null : await pickedRows(o, node, sorted);
  if (picked === null && keep === null) {
    undone?.();
    return;
  }
  if (picked === null) {
    // The columns cannot say: read as values (which counts them), those the filter keeps.
    for await (const b of o.rows(span)) {
      const out = b.filter(keep!);
      if (out.length > 0) yield out;
    }
    return;
  }
  let values: AsyncIterable<Value[]> | Value[][];
  if (picked === 'all') {
    // All of an object kept: with only some fields, from their columns.
    const some = only === undefined ? null : await valuesFromColumns(o, zctx, { fields: only });
    if (some === null) {
      yield* o.rows(span);
      return;
    }
    values = some;
  } else if (picked.length === 0) values = [];
  else {
    const held = columnsHeld(o, only);
    const share = only === undefined ? (held ? DENSE_HELD : DENSE) : held ? DENSE_SOME_HELD : DENSE_SOME;
    const dense = picked.length > share * o.object.count;
    const put = dense
      ? null
      : picked.length <= FEW
        ? [await o.rowsAt(Array.from(picked))]
        : await valuesFromColumns(o, zctx, { ...(only !== undefined ? { fields: only } : {}), positions: picked });
    // Many, or values the columns cannot put back together: read as values,
    // those at the positions picked. They are counted as the columns' are,
    // so that which read a query takes (which depends on what it finds
    // held) never shows in its statistics.
    if (put === null) {
      yield* countedValues(o, reads, atPositions(o.rows(span), picked), undefined, stats, { readCounted: true });
      return;
    }
    values = put;
  }
  yield* countedValues(o, reads, values, undefined, stats);
}

/** The values of an object's values (all of them, in order) at `positions` (ascending). */
async function* atPositions(values: AsyncIterable<Value[]>, positions: Int32Array): AsyncGenerator<Value[]> {
  let at = 0;
  let want = 0;
  for await (const b of values) {
    const out: Value[] = [];
    for (const v of b) {
      if (positions[want] === at) {
        out.push(v);
        want++;
      }
      at++;
    }
    if (out.length > 0) yield out;
  }
}
