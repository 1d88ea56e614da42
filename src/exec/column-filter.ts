// A scan's filter evaluated over columns (see ColumnFilter): each row's
// outcome is one of Zed's four for a boolean expression (true, false,
// error("missing"), another error), combined by `and` and `or` as the row
// path's makeLogicalAnd and makeLogicalOr combine them, so a row is kept
// exactly when the filter over its value is true. A coded column's
// comparison runs once per code.

import type { ColumnFilterNode } from '../compiler/index.js';
import type { ColumnBatch } from '../runtime/agg/index.js';
import { isMissing } from '../runtime/index.js';
import { readElement, underlying, Value } from '../zed/index.js';

const FALSE = 0;
const TRUE = 1;
const MISSING = 2;
const ERROR = 3;

const el = { start: 0, end: 0 };

/** The outcome of a comparison for one value. */
function outcome(pred: (v: Value) => boolean, v: Value): number {
  if (v.isError()) return isMissing(v) ? MISSING : ERROR;
  return pred(v) ? TRUE : FALSE;
}

/** The value of element b[s:...] of a column of type `col.type`. */
function valueAt(col: ColumnBatch, b: Uint8Array, s: number, e: number): Value {
  readElement(b, s, e, el);
  return new Value(col.type, el.start < 0 ? null : b.subarray(el.start, el.end));
}

/** Evaluates filters over the columns of one batch of rows. */
export class ColumnFilterEval {
  private states: Uint8Array[] = [];
  private sel = new Int32Array(0);

  /**
   * `column(path)` gives the filter's columns of the current member; the
   * rows kept of the next `n` are written to the returned array (its first
   * `count` entries, in order).
   */
  select(node: ColumnFilterNode, column: (path: readonly string[]) => ColumnBatch, n: number): { rows: Int32Array; count: number } {
    const out = this.eval(node, column, n, 0);
    if (this.sel.length < n) this.sel = new Int32Array(Math.max(n, 2 * this.sel.length));
    const sel = this.sel;
    let count = 0;
    for (let i = 0; i < n; i++) if (out[i] === TRUE) sel[count++] = i;
    return { rows: sel, count };
  }

  /** How many of the next `n` rows the filter keeps (for aggregates that need no row of them). */
  count(node: ColumnFilterNode, column: (path: readonly string[]) => ColumnBatch, n: number): number {
    if (node.kind === 'leaf') {
      const col = column(node.path);
      if (!col.missing && col.cardinality >= 0) {
        // One comparison per code, then a sum over the rows' codes.
        const kept = new Uint8Array(col.cardinality);
        for (let c = 0; c < col.cardinality; c++) {
          const e = col.element(c);
          kept[c] = outcome(node.pred, valueAt(col, e, 0, e.length)) === TRUE ? 1 : 0;
        }
        const codes = col.codes;
        let count = 0;
        for (let i = 0; i < n; i++) count += kept[codes[i]!]!;
        return count;
      }
    }
    const out = this.eval(node, column, n, 0);
    let count = 0;
    for (let i = 0; i < n; i++) count += out[i] === TRUE ? 1 : 0;
    return count;
  }

  private scratch(depth: number, n: number): Uint8Array {
    let s = this.states[depth];
    if (s === undefined || s.length < n) s = this.states[depth] = new Uint8Array(Math.max(n, 2 * (s?.length ?? 0)));
    return s;
  }

  private eval(node: ColumnFilterNode, column: (path: readonly string[]) => ColumnBatch, n: number, depth: number): Uint8Array {
    const out = this.scratch(depth, n);
    if (node.kind === 'leaf') {
      leaf(node.pred, column(node.path), n, out);
      return out;
    }
    const l = this.eval(node.lhs, column, n, depth + 1);
    // The right side is evaluated into the next slot, so l stays intact.
    const r = this.eval(node.rhs, column, n, depth + 2);
    if (node.kind === 'and') {
      // false if the left is false; the left's error; else the right.
      for (let i = 0; i < n; i++) out[i] = l[i] === TRUE ? r[i]! : l[i]!;
    } else {
      // true if the left is; the left's error unless it is missing; else the right.
      for (let i = 0; i < n; i++) {
        const a = l[i]!;
        out[i] = a === TRUE ? TRUE : a === ERROR ? ERROR : r[i]!;
      }
    }
    return out;
  }
}

function leaf(pred: (v: Value) => boolean, col: ColumnBatch, n: number, out: Uint8Array): void {
  if (col.missing) {
    out.fill(MISSING, 0, n);
    return;
  }
  if (col.cardinality >= 0) {
    const byCode = new Uint8Array(col.cardinality);
    for (let c = 0; c < col.cardinality; c++) {
      const e = col.element(c);
      byCode[c] = outcome(pred, valueAt(col, e, 0, e.length));
    }
    const codes = col.codes;
    for (let i = 0; i < n; i++) out[i] = byCode[codes[i]!]!;
    return;
  }
  const { bytes, starts, sizes } = col;
  // Values of a type that holds no errors cannot be one: only the comparison counts.
  const kind = underlying(col.type).kind;
  const errors = kind === 'error' || kind === 'union';
  for (let i = 0; i < n; i++) {
    const s = starts[i]!;
    const v = valueAt(col, bytes, s, s + sizes[i]!);
    out[i] = errors ? outcome(pred, v) : pred(v) ? TRUE : FALSE;
  }
}

/** The rows `rows[0..count)` of a column, as a column of their own (its dictionary and bytes shared). */
export function selectRows(col: ColumnBatch, rows: Int32Array, count: number): ColumnBatch {
  if (col.missing) return col;
  if (col.cardinality >= 0) {
    const codes = new Int32Array(count);
    const src = col.codes;
    for (let k = 0; k < count; k++) codes[k] = src[rows[k]!]!;
    return { type: col.type, cardinality: col.cardinality, codes, element: (c) => col.element(c), bytes: col.bytes, starts: col.starts, sizes: col.sizes, missing: false };
  }
  const starts = new Int32Array(count);
  const sizes = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    const r = rows[k]!;
    starts[k] = col.starts[r]!;
    sizes[k] = col.sizes[r]!;
  }
  return { type: col.type, cardinality: -1, codes: col.codes, element: (c) => col.element(c), bytes: col.bytes, starts, sizes, missing: false };
}
