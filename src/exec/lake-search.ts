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
import type { Meta } from '../formats/vng/index.js';
import { poolKeyOf, type ColumnObject, type Lake, type ScanStats } from '../lake/index.js';
import type { ColumnBatch } from '../runtime/agg/index.js';
import { makeStringSearchParts, type SearchWalker } from '../runtime/index.js';
import { Builder, readElement, TypeString, Value, type Type, type TypeContext } from '../zed/index.js';
import { disjoint } from './lake-topk.js';
import { scanPool } from './lake-source.js';

const BATCH = 8192;
const el = { start: 0, end: 0 };

/** How a member's records are put back together: each field a leaf column (its index) or a nested record. */
interface Shape {
  readonly type: Type;
  readonly fields: readonly (number | Shape)[];
}

function shapeOf(m: Extract<Meta, { kind: 'record' }>, prefix: readonly string[], index: ReadonlyMap<string, number>, cursors: readonly ColumnBatch[], zctx: TypeContext): Shape {
  const fields: (number | Shape)[] = [];
  const types: { name: string; type: Type }[] = [];
  for (const f of m.fields) {
    const path = [...prefix, f.name];
    if (f.values.kind === 'record') {
      const sub = shapeOf(f.values, path, index, cursors, zctx);
      fields.push(sub);
      types.push({ name: f.name, type: sub.type });
    } else {
      const i = index.get(JSON.stringify(path))!;
      fields.push(i);
      types.push({ name: f.name, type: cursors[i]!.type });
    }
  }
  return { type: zctx.lookupRecord(types), fields };
}

const BEGIN = -1;
const END = -2;

/** A shape as steps: a leaf column's index, or BEGIN and END around a nested record. */
function stepsOf(shape: Shape, out: number[] = []): number[] {
  for (const f of shape.fields) {
    if (typeof f === 'number') out.push(f);
    else {
      out.push(BEGIN);
      stepsOf(f, out);
      out.push(END);
    }
  }
  return out;
}

/** Row i's record body, built by `steps` from the leaf columns (a coded one's elements in `dicts`). */
function appendBody(b: Builder, steps: Int32Array, cursors: readonly ColumnBatch[], dicts: readonly (Uint8Array[] | null)[], i: number): void {
  for (let k = 0; k < steps.length; k++) {
    const f = steps[k]!;
    if (f === BEGIN) b.beginContainer();
    else if (f === END) b.endContainer();
    else {
      const dict = dicts[f];
      if (dict !== null && dict !== undefined) {
        const e = dict[cursors[f]!.codes[i]!]!;
        b.appendEncoded(e, 0, e.length);
      } else {
        const col = cursors[f]!;
        const s = col.starts[i]!;
        b.appendEncoded(col.bytes, s, s + col.sizes[i]!);
      }
    }
  }
}

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
async function searchObject(o: ColumnObject, parts: ReturnType<typeof makeStringSearchParts>, zctx: TypeContext): Promise<Value[] | null> {
  const set = await o.columns('all', { tags: true });
  if (set === null) return null;
  const members = set.members;
  const rows = set.memberRows;
  if (members.length > 1 && rows === null) return null;
  const index = new Map(set.paths.map((p, i) => [JSON.stringify(p), i]));
  const found: { row: number; value: Value }[] = [];
  let first = 0;
  const b = new Builder(1024);
  for (let mi = 0; mi < members.length; mi++) {
    const m = members[mi]!;
    const layout = set.layouts[mi]!;
    if (layout.kind !== 'record') return null;
    const cursors = m.cursors;
    const shape = shapeOf(layout, [], index, cursors, zctx);
    const steps = Int32Array.from(stepsOf(shape));
    // Each coded column's elements, by code (they are the same in every batch).
    const dicts = cursors.map((c) => (c.cardinality >= 0 ? Array.from({ length: c.cardinality }, (_, k) => c.element(k)) : null));
    // Leaves the member has (others are columns of error("missing") for it).
    const own = cursors.filter((c, i) => !c.missing && shapeHas(shape, i));
    const all = parts.typeMatches(shape.type);
    // Leaves whose type holds no string nor a matching field name never match.
    const searched = all ? [] : own.filter((c) => parts.walker.canMatch(c.type));
    const hit = new Uint8Array(BATCH);
    let row = 0;
    for (let n = m.next(BATCH); n > 0; row += n, n = m.next(BATCH)) {
      hit.fill(all ? 1 : 0, 0, n);
      for (const c of searched) leafMatches(parts.walker, parts.index, c, n, hit);
      // The batch's values are built back to back in one buffer, each a view of it.
      b.reset();
      const at: number[] = [];
      for (let i = 0; i < n; i++) {
        if (hit[i] !== 1) continue;
        at.push(i, b.len);
        appendBody(b, steps, cursors, dicts, i);
      }
      if (at.length === 0) continue;
      const buf = b.bytes();
      for (let k = 0; k < at.length; k += 2) {
        const j = row + at[k]!;
        const end = k + 3 < at.length ? at[k + 3]! : buf.length;
        found.push({ row: members.length === 1 || rows === null ? j : rows[first + j]!, value: new Value(shape.type, buf.subarray(at[k + 1]!, end)) });
      }
    }
    first += m.length;
  }
  if (members.length > 1) found.sort((a, c) => a.row - c.row);
  return found.map((f) => f.value);
}

function shapeHas(shape: Shape, i: number): boolean {
  return shape.fields.some((f) => (typeof f === 'number' ? f === i : shapeHas(f, i)));
}

/**
 * The values of a pool that a keyword search for `term` keeps (the
 * pushdown's filter, which this applies), searched over columns where it can.
 */
export function searchPool(lake: Lake, zctx: TypeContext, pool: string, commitish: string, term: string, pushdown: Pushdown, stats: ScanStats | undefined): AsyncIterable<Value[]> {
  return (async function* () {
    const key = poolKeyOf(await lake.getPool(pool));
    const objects = await lake.columnObjects(pool, commitish, { ctx: zctx, ...(stats !== undefined ? { stats } : {}) });
    if (!disjoint(objects, key.order)) {
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
      for (let i = 0; i < values.length; i += BATCH) yield values.slice(i, i + BATCH);
    }
  })();
}
