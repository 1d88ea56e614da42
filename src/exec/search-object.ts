// One data object searched over its column copy for a keyword (the work of
// lake-search.ts, in whichever thread runs it): each value's leaf columns
// searched apart, the dictionary-coded ones once per code, and only the
// values that match put back together from their columns.

import type { ColumnObject, ScanStats } from '../lake/index.js';
import type { ColumnBatch } from '../runtime/agg/index.js';
import { makeStringSearchParts, makeValueSearchParts, type BodyWalker, type SearchParts } from '../runtime/index.js';
import { parseZsonValue } from '../zson/index.js';
import { readElement, TypeString, type TypeContext, type Value } from '../zed/index.js';
import { valuesFromColumns } from './column-values.js';
import { StringPairs } from './string-pairs.js';

/** A keyword search's term: a string's text, or a literal's text and value (as ZSON). */
export interface SearchTerm {
  readonly text: string;
  readonly literal: string | null;
}

/** The parts of a term's search, in the context of `zctx`. */
export function searchParts(term: SearchTerm, zctx: TypeContext): SearchParts {
  return term.literal === null ? makeStringSearchParts(term.text) : makeValueSearchParts(term.text, parseZsonValue(term.literal, zctx));
}

const el = { start: 0, end: 0 };

/**
 * The leaf columns' own matches: whether each row's element of column
 * `col` holds the term. A string column's bytes are searched all at once
 * (`index`, when the term allows it), and only the rows where the term
 * shows up are searched alone (a hit may straddle two strings).
 */
function leafMatches(walker: BodyWalker, index: ((b: Uint8Array, s: number, e: number) => number) | null, col: ColumnBatch, n: number, out: Uint8Array): void {
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

/**
 * The object's values that match, in its order; null when its columns
 * cannot say. A string column none of whose values can hold the term (by
 * its StringPairs, kept from an earlier search) is passed by; one without
 * them gets them as it is searched, kept once the whole object was.
 */
export async function searchObject(o: ColumnObject, parts: SearchParts, zctx: TypeContext): Promise<AsyncIterable<Value[]> | null> {
  const folded = parts.index === null || parts.folded === null || parts.folded.length === 0 ? null : parts.folded;
  const making = new Map<string, StringPairs>();
  const values = await valuesFromColumns(o, zctx, {
    pick(m, n, hit) {
      // A record type whose field names hold the term: every value matches.
      if (parts.typeMatches(m.type)) {
        hit.fill(1, 0, n);
        return;
      }
      // Else any field that does; leaves whose type holds no string nor a
      // matching field name never do.
      m.leaves.forEach((c, k) => {
        if (!parts.walker.canMatch(c.type)) return;
        if (folded !== null && c.cardinality < 0 && c.type === TypeString && n > 0) {
          const name = `string-pairs:${m.names[k]}`;
          const kept = o.kept<StringPairs>(name);
          if (kept !== undefined) {
            if (!kept.mayHold(folded)) return;
          } else {
            let pairs = making.get(name);
            if (pairs === undefined) making.set(name, (pairs = new StringPairs()));
            // The batch's elements back to back: a pair across two values
            // holds a tag between them, and only makes the pairs say "may" more.
            pairs.add(c.bytes, c.starts[0]!, c.starts[n - 1]! + c.sizes[n - 1]!);
          }
        }
        leafMatches(parts.walker, parts.index, c, n, hit);
      });
    },
  });
  if (values === null) return null;
  return (async function* () {
    yield* values;
    // The object was read whole: its columns' pairs are complete.
    for (const [name, pairs] of making) o.keep(name, pairs);
  })();
}

/** Adds what a scan would have counted for an object searched over columns: every value read. */
export async function countSearched(stats: ScanStats, o: ColumnObject): Promise<void> {
  stats.recordsRead += o.object.count;
  stats.bytesRead += await o.valueBytes();
}
