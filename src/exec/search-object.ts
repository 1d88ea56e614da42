// One data object searched over its column copy for a keyword (the work of
// lake-search.ts, in whichever thread runs it): each value's leaf columns
// searched apart, the dictionary-coded ones once per code, and only the
// values that match put back together from their columns.

import type { ColumnObject, ScanStats } from '../lake/index.js';
import type { ColumnBatch } from '../runtime/agg/index.js';
import type { makeStringSearchParts, SearchWalker } from '../runtime/index.js';
import { readElement, TypeString, type TypeContext, type Value } from '../zed/index.js';
import { valuesFromColumns } from './column-values.js';

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
export function searchObject(o: ColumnObject, parts: ReturnType<typeof makeStringSearchParts>, zctx: TypeContext): Promise<AsyncIterable<Value[]> | null> {
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

/** Adds what a scan would have counted for an object searched over columns: every value read. */
export async function countSearched(stats: ScanStats, o: ColumnObject): Promise<void> {
  stats.recordsRead += o.object.count;
  stats.bytesRead += await o.valueBytes();
}
