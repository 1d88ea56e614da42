// A keyword search straight over a pool (`from pool | RSTOS0`), run on the
// column copies: each value's leaf columns are searched apart, the
// dictionary-coded ones once per code, and only the values that match are
// put back together from their columns (no data object is decompressed).
// The answer is the row path's: a record matches when its type's field
// names hold the term, or one of its fields does (the same walk of each
// field as over the whole record), and the values come out in the scan's
// order, object by object (objects whose key ranges do not touch) and in
// each object's order. Objects without a usable copy, or whose values are
// not all records of plain records, are read as values.

import type { Pushdown } from '../compiler/index.js';
import type { ColumnObject, Lake, ScanStats } from '../lake/index.js';
import type { ColumnBatch } from '../runtime/agg/index.js';
import { makeStringSearchParts, type SearchWalker } from '../runtime/index.js';
import { readElement, TypeString, type TypeContext, type Value } from '../zed/index.js';
import { valuesFromColumns } from './column-values.js';
import { poolObjects } from './pool-objects.js';
import { scanPool } from './lake-source.js';

const el = { start: 0, end: 0 };

/**
 * The leaf columns' own matches: whether each row's element of column
 * `col` holds the term. A string column's bytes are searched all at once
 * (`index`, when the term allows it), and only the rows where the term
 * shows up are searched alone (a hit may straddle two strings).
 */
function leafMatches(walker: SearchWalker, index: ((b: Uint8Array, s: number, e: number) => number) | null, col: ColumnBatch, n: number, out: Uint8Array): void {
  const search = walker.of(col.type);
  if (index !== null && col.cardinality < 0 && col.type === TypeString && n > 0) {
    const { bytes, starts, sizes } = col;
    const end = starts[n - 1]! + sizes[n - 1]!;
    let at = starts[0]!;
    let row = 0;
    for (;;) {
      const p = index(bytes, at, end);
      if (p < 0) return;
      // The row whose element holds p: starts ascend.
      let lo = row;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (starts[mid]! <= p) lo = mid;
        else hi = mid - 1;
      }
      row = lo;
      const s = starts[row]!;
      readElement(bytes, s, s + sizes[row]!, el);
      if (out[row] !== 1 && search(bytes, el.start, el.end)) out[row] = 1;
      row++;
      if (row >= n) return;
      at = starts[row]!;
    }
  }
  if (col.cardinality >= 0) {
    const byCode = new Uint8Array(col.cardinality);
    let any = false;
    for (let c = 0; c < col.cardinality; c++) {
      const e = col.element(c);
      readElement(e, 0, e.length, el);
      if (search(e, el.start, el.end)) byCode[c] = 1;
      any ||= byCode[c] === 1;
    }
    // No code matches: no row does.
    if (!any) return;
    const codes = col.codes;
    for (let i = 0; i < n; i++) out[i] = out[i]! | byCode[codes[i]!]!;
    return;
  }
  const { bytes, starts, sizes } = col;
  for (let i = 0; i < n; i++) {
    if (out[i] === 1) continue;
    const s = starts[i]!;
    readElement(bytes, s, s + sizes[i]!, el);
    if (search(bytes, el.start, el.end)) out[i] = 1;
  }
}

/** The object's values that match, in its order; null when its columns cannot say. */
function searchObject(o: ColumnObject, parts: ReturnType<typeof makeStringSearchParts>, zctx: TypeContext): Promise<AsyncIterable<Value[]> | null> {
  return valuesFromColumns(o, zctx, {
    pick(m, n, hit) {
      // A record type whose field names hold the term: every value matches.
      if (parts.typeMatches(m.type)) {
        hit.fill(1, 0, n);
        return;
      }
      // Else any field that does; leaves whose type holds no string nor a
      // matching field name never do.
      for (const c of m.leaves) if (parts.walker.canMatch(c.type)) leafMatches(parts.walker, parts.index, c, n, hit);
    },
  });
}

/**
 * The values of a pool that a keyword search for `term` keeps (the
 * pushdown's filter, which this applies), searched over columns where it can.
 */
export function searchPool(lake: Lake, zctx: TypeContext, pool: string, commitish: string, term: string, pushdown: Pushdown, stats: ScanStats | undefined): AsyncIterable<Value[]> {
  return (async function* () {
    const { objects, inOrder } = await poolObjects(lake, zctx, pool, commitish, stats);
    if (!inOrder) {
      yield* scanPool(lake, zctx, pool, commitish, pushdown, stats);
      return;
    }
    pushdown.applied();
    const parts = makeStringSearchParts(term);
    const keep = pushdown.predicate;
    for (const o of objects) {
      const values = await searchObject(o, parts, zctx);
      if (values === null) {
        for await (const batch of o.rows()) {
          const kept = batch.filter(keep);
          if (kept.length > 0) yield kept;
        }
        continue;
      }
      if (stats !== undefined) {
        // As the scan would have counted them: every value read.
        stats.recordsRead += o.object.count;
        stats.bytesRead += await o.valueBytes();
      }
      yield* values;
    }
  })();
}
