// A scan's filter evaluated over columns (see ColumnFilter): each row's
// outcome is one of Zed's four for a boolean expression (true, false,
// error("missing"), another error), combined by `and`, `or` and `not` as
// the row path's makeLogicalAnd, makeLogicalOr and logicalNot combine them,
// so a row is kept exactly when the filter over its value is true. A coded
// column's comparison (or expression) runs once per code.

import type { ColumnFilterNode, dag } from '../compiler/index.js';
import { elementValue, numberValue, smallIntAt, type ColumnBatch } from '../runtime/agg/index.js';
export { selectRows } from '../runtime/agg/index.js';
import { isMissing } from '../runtime/index.js';
import { samePath } from '../runtime/op/index.js';
import { decodeIntNumber, ID, readElement, TypeBool, TypeInt64, underlying, type Value } from '../zed/index.js';
import { readUvarint } from '../util/uvarint.js';
import { InternalError } from '../errors/index.js';

/** Primitive types whose comparisons with a constant follow the values' sort order. */
const ORDERED = new Set<number>([ID.string, ID.bytes, ID.int8, ID.int16, ID.int32, ID.int64, ID.duration, ID.time]);

/** Types whose values are equal exactly when their bodies are (as the comparisons of literalPredicate have it). */
const BYTEWISE: ReadonlySet<number> = new Set([ID.string, ID.bytes, ID.ip]);

/** The comparisons that hold over a run of values in order (not ==, != nor in). */
const RANGE_OPS: ReadonlySet<string> = new Set(['<', '<=', '>', '>=']);

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

/**
 * The outcome of an expression's result, as asBool sees it: a bool (a null
 * one reads as false), an error, or anything else (an error, "not type bool").
 */
function boolOutcome(r: Value): number {
  if (underlying(r.type) === TypeBool) return r.asBool() ? TRUE : FALSE;
  if (r.isError()) return isMissing(r) ? MISSING : ERROR;
  return ERROR;
}

/** `not` of an outcome, as logicalNot: errors stay. */
function negate(a: number): number {
  return a === TRUE ? FALSE : a === FALSE ? TRUE : a;
}

type Leaf = Extract<ColumnFilterNode, { kind: 'leaf' }>;
type ExprLeaf = Extract<ColumnFilterNode, { kind: 'expr' }>;
type ExprsLeaf = Extract<ColumnFilterNode, { kind: 'exprs' }>;


/** A filter as evaluated over one object: a comparison known for all its rows is a constant outcome. */
export type EvalNode =
  | { readonly kind: 'and' | 'or'; readonly lhs: EvalNode; readonly rhs: EvalNode }
  | { readonly kind: 'not'; readonly node: EvalNode }
  | Leaf
  | ExprLeaf
  | ExprsLeaf
  | { readonly kind: 'const'; readonly outcome: number };

/** Whether a filter, as resolved for an object, keeps every row (true), none (false), or depends on them (null). */
export function constantFilter(node: EvalNode): boolean | null {
  return node.kind === 'const' ? node.outcome === TRUE : null;
}

/** The field paths a filter's comparisons read (none for constants). */
export function leafPaths(node: EvalNode): (readonly string[])[] {
  if (node.kind === 'const') return [];
  if (node.kind === 'not') return leafPaths(node.node);
  if (node.kind === 'exprs') return [...node.paths];
  return node.kind === 'leaf' || node.kind === 'expr' ? [node.path] : [...leafPaths(node.lhs), ...leafPaths(node.rhs)];
}

/**
 * The filter over an object whose keys (at `key`) run from min to max: a
 * range comparison on the key that min and max answer alike answers so for
 * every row, when both are non-null values of one type whose comparisons
 * follow the sort order (then every key of the object is of that type and
 * lies between them). Constants combine as rows would.
 */
export function resolveOnObject(node: EvalNode, key: readonly string[], min: Value, max: Value): EvalNode {
  if (node.kind === 'const' || node.kind === 'exprs') return node;
  if (node.kind === 'expr') {
    // Presence and nullness of the key say the same of every key of an
    // object whose bounds are two non-null keys of one type.
    if (!samePath(node.path, key) || !presenceOnly(node.expr, key) || !plainBounds(min, max)) return node;
    return { kind: 'const', outcome: boolOutcome(node.eval(min)) };
  }
  if (node.kind === 'not') {
    const inner = resolveOnObject(node.node, key, min, max);
    if (inner.kind === 'const') return { kind: 'const', outcome: negate(inner.outcome) };
    return inner === node.node ? node : { kind: 'not', node: inner };
  }
  if (node.kind === 'leaf') {
    if (!samePath(node.path, key)) return node;
    if ((node.op === '==' || node.op === '!=') && node.value.bytes === null && plainBounds(min, max)) {
      return { kind: 'const', outcome: outcome(node.pred, min) };
    }
    if (!RANGE_OPS.has(node.op) || !plainBounds(min, max) || !ORDERED.has(underlying(min.type).id)) return node;
    const a = node.pred(min);
    return a === node.pred(max) ? { kind: 'const', outcome: a ? TRUE : FALSE } : node;
  }
  const lhs = resolveOnObject(node.lhs, key, min, max);
  const rhs = resolveOnObject(node.rhs, key, min, max);
  if (lhs.kind === 'const' && rhs.kind === 'const') return { kind: 'const', outcome: combine(node.kind, lhs.outcome, rhs.outcome) };
  return { kind: node.kind, lhs, rhs };
}

/**
 * Whether an object's key bounds are two non-null keys of one primitive
 * type: nulls and missing keys sort to an end, and keys of other types
 * apart, so every key of the object is then a non-null value of that type.
 */
export function plainBounds(min: Value, max: Value): boolean {
  const t = underlying(min.type);
  return min.type === max.type && min.bytes !== null && max.bytes !== null && t.kind === 'primitive';
}

/** Whether `e` asks only whether the key is there and whether it is null: has(key), missing(key), key == null, key != null. */
function presenceOnly(e: dag.Expr, key: readonly string[]): boolean {
  const isKey = (x: dag.Expr | undefined): boolean => x !== undefined && x.kind === 'This' && samePath(x.path, key);
  if (e.kind === 'Call') return (e.name === 'has' || e.name === 'missing') && e.args.length === 1 && isKey(e.args[0]);
  if (e.kind === 'BinaryExpr' && (e.op === '==' || e.op === '!=')) {
    const isNull = (x: dag.Expr): boolean => x.kind === 'Literal' && (x.value === 'null' || /^null\(/.test(x.value));
    return (isKey(e.lhs) && isNull(e.rhs)) || (isKey(e.rhs) && isNull(e.lhs));
  }
  return false;
}

/** `and` and `or` of two outcomes, as makeLogicalAnd and makeLogicalOr combine them. */
function combine(op: 'and' | 'or', a: number, b: number): number {
  // and: false if the left is false; the left's error; else the right.
  if (op === 'and') return a === TRUE ? b : a;
  // or: true if the left is; the left's error unless it is missing; else the right.
  return a === TRUE ? TRUE : a === ERROR ? ERROR : b;
}

/**
 * The filter's columns by path, for ColumnFilterEval: the cursors from
 * `at` on are those of `paths` in order (a path may come twice; its first
 * cursor serves).
 */
export function filterColumns(paths: readonly (readonly string[])[], cursors: readonly ColumnBatch[], at = 0): (path: readonly string[]) => ColumnBatch {
  const byPath = new Map<string, ColumnBatch>();
  paths.forEach((p, j) => {
    const k = JSON.stringify(p);
    if (!byPath.has(k)) byPath.set(k, cursors[at + j]!);
  });
  return (p) => byPath.get(JSON.stringify(p))!;
}

/** The pool key, by which an object's values are sorted (one way or the other). */
export interface SortedKey {
  readonly path: readonly string[];
}

/** Evaluates filters over the columns of one batch of rows. */
export class ColumnFilterEval {
  private states: Uint8Array[] = [];
  private sel = new Int32Array(0);

  /** `sorted`: the pool key, whose columns hold each type's values in order. */
  constructor(private readonly sorted?: SortedKey) {}

  /**
   * `column(path)` gives the filter's columns of the current member; the
   * rows kept of the next `n` are written to the returned array (its first
   * `count` entries, in order).
   */
  select(node: EvalNode, column: (path: readonly string[]) => ColumnBatch, n: number): { rows: Int32Array; count: number } {
    const out = this.eval(node, column, n, 0);
    if (this.sel.length < n) this.sel = new Int32Array(Math.max(n, 2 * this.sel.length));
    const sel = this.sel;
    let count = 0;
    // No branch per row: each row is written, and the count moves past it where it is kept.
    for (let i = 0; i < n; i++) {
      sel[count] = i;
      count += +(out[i] === TRUE);
    }
    return { rows: sel, count };
  }

  /** How many of the next `n` rows the filter keeps (for aggregates that need no row of them). */
  count(node: EvalNode, column: (path: readonly string[]) => ColumnBatch, n: number): number {
    if (node.kind === 'leaf') {
      const col = column(node.path);
      if (!col.missing && col.cardinality >= 0) {
        // One comparison per code, then a count of the rows whose code it keeps.
        const byCode = codeOutcomes(node, col);
        const codes = col.codes;
        let count = 0;
        for (let i = 0; i < n; i++) count += +(byCode[codes[i]!] === TRUE);
        return count;
      }
    }
    const out = this.eval(node, column, n, 0);
    let count = 0;
    for (let i = 0; i < n; i++) count += +(out[i] === TRUE);
    return count;
  }

  /**
   * How many rows of a whole coded column one comparison keeps, given how
   * many rows have each code (see the VNG ColumnCursor.codeCounts): one
   * comparison per code. Null when `node` is not one comparison.
   */
  countByCodes(node: EvalNode, col: ColumnBatch, counts: Int32Array): number | null {
    if (node.kind !== 'leaf' || col.missing || col.cardinality < 0) return null;
    const byCode = codeOutcomes(node, col);
    let count = 0;
    for (let c = 0; c < byCode.length && c < counts.length; c++) if (byCode[c] === TRUE) count += counts[c]!;
    return count;
  }

  /**
   * A range comparison on the pool key's column: its values (of one type)
   * are in order, so the rows the comparison keeps are a run at one end,
   * found by a binary search. Only for types whose comparison follows that
   * order (strings and bytes bytewise, integers, times and durations; not
   * floats, whose NaN breaks it, nor unsigned integers, which compare as
   * int64) and batches without nulls (which compare as empty, out of order;
   * they sort to one end, so the batch's ends show them). False when it
   * does not apply.
   */
  private onSorted(node: Leaf, col: ColumnBatch, n: number, out: Uint8Array): boolean {
    const key = this.sorted;
    if (key === undefined || n === 0 || col.missing || col.cardinality >= 0 || col.numbers != null) return false;
    if (!RANGE_OPS.has(node.op)) return false;
    if (!samePath(node.path, key.path)) return false;
    const t = underlying(col.type);
    if (t.kind !== 'primitive' || !ORDERED.has(t.id)) return false;
    const { bytes, starts, sizes } = col;
    if (bytes[starts[0]!] === 0 || bytes[starts[n - 1]!] === 0) return false;
    const at = (i: number): boolean => node.pred(elementValue(col.type, bytes, starts[i]!, starts[i]! + sizes[i]!));
    const first = at(0);
    let lo = 0;
    let hi = n - 1;
    if (at(hi) === first) lo = hi;
    else {
      // at(lo) === first, at(hi) !== first.
      while (hi - lo > 1) {
        const mid = (lo + hi) >>> 1;
        if (at(mid) === first) lo = mid;
        else hi = mid;
      }
    }
    out.fill(first ? TRUE : FALSE, 0, lo + 1);
    out.fill(first ? FALSE : TRUE, lo + 1, n);
    return true;
  }

  private scratch(depth: number, n: number): Uint8Array {
    let s = this.states[depth];
    if (s === undefined || s.length < n) s = this.states[depth] = new Uint8Array(Math.max(n, 2 * (s?.length ?? 0)));
    return s;
  }

  private eval(node: EvalNode, column: (path: readonly string[]) => ColumnBatch, n: number, depth: number): Uint8Array {
    const out = this.scratch(depth, n);
    if (node.kind === 'const') {
      out.fill(node.outcome, 0, n);
      return out;
    }
    if (node.kind === 'leaf') {
      const col = column(node.path);
      if (!this.onSorted(node, col, n, out)) leaf(node, col, n, out);
      return out;
    }
    if (node.kind === 'expr') {
      exprLeaf(node, column(node.path), n, out);
      return out;
    }
    if (node.kind === 'exprs') {
      exprsLeaf(node, node.paths.map(column), n, out);
      return out;
    }
    if (node.kind === 'not') {
      const x = this.eval(node.node, column, n, depth + 1);
      for (let i = 0; i < n; i++) out[i] = negate(x[i]!);
      return out;
    }
    const l = this.eval(node.lhs, column, n, depth + 1);
    // The right side is evaluated into the next slot, so l stays intact.
    const r = this.eval(node.rhs, column, n, depth + 2);
    if (node.kind === 'and') {
      // As combine, row by row.
      for (let i = 0; i < n; i++) out[i] = l[i] === TRUE ? r[i]! : l[i]!;
    } else {
      for (let i = 0; i < n; i++) {
        const a = l[i]!;
        out[i] = a === TRUE ? TRUE : a === ERROR ? ERROR : r[i]!;
      }
    }
    return out;
  }
}

/**
 * Each comparison's outcomes by code, per source of codes (a dictionary the
 * pool's objects share, or a column's own codes): worked out once per query
 * rather than per batch, and only for codes new since, as a shared
 * dictionary grows.
 */
const OUTCOMES = new WeakMap<object, WeakMap<object, Uint8Array>>();

/**
 * The outcome of a comparison or an expression of one field for each code
 * of a coded column (the array is shared: not to be changed).
 */
function codeOutcomes(node: Leaf | ExprLeaf, col: ColumnBatch): Uint8Array {
  // Keyed by the compiled test, which a query's nodes share however they are rebuilt.
  const key: object = node.kind === 'leaf' ? node.pred : node.eval;
  let bySource = OUTCOMES.get(key);
  if (bySource === undefined) OUTCOMES.set(key, (bySource = new WeakMap()));
  const source: object = col.source ?? col;
  const known = bySource.get(source);
  if (known !== undefined && known.length >= col.cardinality) return known;
  const byCode = new Uint8Array(col.cardinality);
  let c = 0;
  if (known !== undefined) {
    byCode.set(known);
    c = known.length;
  }
  for (; c < col.cardinality; c++) {
    const e = col.element(c);
    const v = elementValue(col.type, e, 0, e.length);
    byCode[c] = node.kind === 'leaf' ? outcome(node.pred, v) : boolOutcome(node.eval(v));
  }
  bySource.set(source, byCode);
  return byCode;
}

/**
 * A leaf over a column the values lack (one outcome for every row) or a
 * coded one (once per code); false, having written nothing, for any other.
 */
function missingOrCoded(node: Leaf | ExprLeaf, col: ColumnBatch, n: number, out: Uint8Array): boolean {
  if (col.missing) {
    out.fill(node.kind === 'leaf' ? MISSING : boolOutcome(node.eval(null)), 0, n);
    return true;
  }
  if (col.cardinality < 0) return false;
  const byCode = codeOutcomes(node, col);
  const codes = col.codes;
  for (let i = 0; i < n; i++) out[i] = byCode[codes[i]!]!;
  return true;
}

/** An expression of one field over its column: once per code, else once per row. */
function exprLeaf(node: ExprLeaf, col: ColumnBatch, n: number, out: Uint8Array): void {
  if (missingOrCoded(node, col, n, out)) return;
  if (lengthLeaf(node, col, n, out)) return;
  const { bytes, starts, sizes } = col;
  for (let i = 0; i < n; i++) {
    const s = starts[i]!;
    out[i] = boolOutcome(node.eval(elementValue(col.type, bytes, s, s + sizes[i]!)));
  }
}

/** An expression of a few fields over their columns, once per row (a field the values lack reads as missing). */
function exprsLeaf(node: ExprsLeaf, cols: readonly ColumnBatch[], n: number, out: Uint8Array): void {
  const vs: (Value | null)[] = cols.map(() => null);
  const pair = numbersPair(node, cols);
  if (pair !== null) {
    // Two columns read as numbers: compared as numbers, but where either is a null, which the expression decides.
    const [a, b] = pair;
    compareColumns((node.expr as dag.BinaryExpr).op, a.numbers!, b.numbers!, n, out);
    if (a.numbersNullFree !== true || b.numbersNullFree !== true) {
      const an = a.numberNulls!;
      const bn = b.numberNulls!;
      for (let i = 0; i < n; i++) {
        if ((an[i]! | bn[i]!) === 0) continue;
        for (let k = 0; k < cols.length; k++) vs[k] = valueAt(cols[k]!, i);
        out[i] = boolOutcome(node.eval(vs));
      }
    }
    return;
  }
  const fast = intComparison(node, cols, n);
  for (let i = 0; i < n; i++) {
    if (fast !== null) {
      const l = fast.xs[i]!;
      const r = fast.ys[i]!;
      // Both non-null and exact: compared as numbers.
      if (l === l && r === r) {
        out[i] = fast.outcomes[l < r ? 0 : l === r ? 1 : 2]!;
        continue;
      }
    }
    for (let k = 0; k < cols.length; k++) vs[k] = valueAt(cols[k]!, i);
    out[i] = boolOutcome(node.eval(vs));
  }
}

/** The sides of a comparison `a op b` (lhs first) of two fields, or null when `node` is no such comparison. */
function comparedPaths(node: ExprsLeaf): [readonly string[], readonly string[]] | null {
  const e = node.expr;
  if (e.kind !== 'BinaryExpr' || e.lhs.kind !== 'This' || e.rhs.kind !== 'This' || node.paths.length !== 2 || NUMERIC_OUTCOMES[e.op] === undefined) return null;
  return [e.lhs.path, e.rhs.path];
}

/**
 * For `a op b` of two fields whose columns are read as numbers, both of
 * signed integers: their columns, lhs first; else null. (Not floats: the
 * expression orders a NaN before every number, as Go's cmp.Compare does,
 * where a comparison with a constant holds for a NaN only under !=.)
 */
function numbersPair(node: ExprsLeaf, cols: readonly ColumnBatch[]): [ColumnBatch, ColumnBatch] | null {
  const sides = comparedPaths(node);
  if (sides === null || cols.length !== 2) return null;
  const [a, b] = samePath(sides[0], node.paths[0]!) ? [cols[0]!, cols[1]!] : [cols[1]!, cols[0]!];
  if (a.numbers == null || b.numbers == null) return null;
  const x = underlying(a.type).id;
  const y = underlying(b.type).id;
  return SIGNED.has(x) && SIGNED.has(y) ? [a, b] : null;
}

/** out[i] = TRUE where xs[i] op ys[i] holds, else FALSE, for numbers none of which is NaN (as compareNumbers). */
function compareColumns(op: string, xs: Float64Array, ys: Float64Array, n: number, out: Uint8Array): void {
  switch (op) {
    case '<':
      for (let i = 0; i < n; i++) out[i] = +(xs[i]! < ys[i]!);
      return;
    case '<=':
      for (let i = 0; i < n; i++) out[i] = +(xs[i]! <= ys[i]!);
      return;
    case '>':
      for (let i = 0; i < n; i++) out[i] = +(xs[i]! > ys[i]!);
      return;
    case '>=':
      for (let i = 0; i < n; i++) out[i] = +(xs[i]! >= ys[i]!);
      return;
    case '==':
      for (let i = 0; i < n; i++) out[i] = +(xs[i]! === ys[i]!);
      return;
    case '!=':
      for (let i = 0; i < n; i++) out[i] = +(xs[i]! !== ys[i]!);
      return;
    default:
      throw new InternalError(`column filter: no numeric comparison ${op}`);
  }
}

/**
 * For `a op b` of two int64 fields: the first `n` rows' numbers of each
 * (NaN for a null or a body past six bytes, which the expression then
 * decides) and the comparison's outcomes (see NUMERIC_OUTCOMES); null when
 * the leaf is not such a comparison.
 */
function intComparison(node: ExprsLeaf, cols: readonly ColumnBatch[], n: number): { readonly xs: Float64Array; readonly ys: Float64Array; readonly outcomes: Uint8Array } | null {
  const e = node.expr;
  if (e.kind !== 'BinaryExpr' || e.lhs.kind !== 'This' || e.rhs.kind !== 'This' || cols.length !== 2) return null;
  const outcomes = NUMERIC_OUTCOMES[e.op];
  if (outcomes === undefined) return null;
  const [a, b] = samePath(e.lhs.path, node.paths[0]!) ? [cols[0]!, cols[1]!] : [cols[1]!, cols[0]!];
  if (!plainInts(a) || !plainInts(b)) return null;
  return { xs: intsOf(a, n, scratchNumbers(0, n)), ys: intsOf(b, n, scratchNumbers(1, n)), outcomes };
}

const SCRATCH: Float64Array[] = [new Float64Array(0), new Float64Array(0)];

/** Scratch array `k` of at least `n` numbers (its contents are overwritten by the caller). */
function scratchNumbers(k: number, n: number): Float64Array {
  if (SCRATCH[k]!.length < n) SCRATCH[k] = new Float64Array(Math.max(n, 8192));
  return SCRATCH[k]!;
}

/** Whether a column is one of plain int64s. */
function plainInts(c: ColumnBatch): boolean {
  return !c.missing && c.type === TypeInt64;
}

/** A column of plain int64s' first `n` rows as numbers in `xs`: NaN for a null or a body past six bytes. */
function intsOf(c: ColumnBatch, n: number, xs: Float64Array): Float64Array {
  const numbers = c.numbers;
  if (numbers != null) {
    const nulls = c.numberNulls!;
    for (let i = 0; i < n; i++) xs[i] = nulls[i] === 1 ? Number.NaN : numbers[i]!;
    return xs;
  }
  if (c.cardinality >= 0) {
    const byCode = new Float64Array(c.cardinality);
    for (let code = 0; code < c.cardinality; code++) byCode[code] = smallIntAt(c.element(code), 0);
    const codes = c.codes;
    for (let i = 0; i < n; i++) xs[i] = byCode[codes[i]!]!;
    return xs;
  }
  const { bytes, starts } = c;
  for (let i = 0; i < n; i++) xs[i] = smallIntAt(bytes, starts[i]!);
  return xs;
}

/** Row i's value of a column; null when the values lack the field. */
export function valueAt(col: ColumnBatch, i: number): Value | null {
  if (col.missing) return null;
  if (col.numbers != null) return numberValue(col, i);
  if (col.cardinality >= 0) {
    const e = col.element(col.codes[i]!);
    return elementValue(col.type, e, 0, e.length);
  }
  const s = col.starts[i]!;
  return elementValue(col.type, col.bytes, s, s + col.sizes[i]!);
}

function leaf(node: Leaf, col: ColumnBatch, n: number, out: Uint8Array): void {
  if (missingOrCoded(node, col, n, out)) return;
  if (col.numbers != null) {
    numbersLeaf(node, col, n, out);
    return;
  }
  const pred = node.pred;
  const { bytes, starts, sizes } = col;
  const lit = node.value.bytes;
  const u = underlying(col.type);
  if ((node.op === '==' || node.op === '!=') && lit !== null && u === underlying(node.value.type) && BYTEWISE.has(u.id)) {
    // Equal exactly when the bodies are: compared in place (a null is left to the comparison).
    const hit = node.op === '==' ? TRUE : FALSE;
    const miss = node.op === '==' ? FALSE : TRUE;
    const m = lit.length;
    for (let i = 0; i < n; i++) {
      const s = starts[i]!;
      const e = s + sizes[i]!;
      readElement(bytes, s, e, el);
      if (el.start < 0) {
        out[i] = pred(elementValue(col.type, bytes, s, e)) ? TRUE : FALSE;
        continue;
      }
      let same = el.end - el.start === m;
      for (let k = 0; same && k < m; k++) same = bytes[el.start + k] === lit[k];
      out[i] = same ? hit : miss;
    }
    return;
  }
  if (numericLeaf(node, col, u.id, n, out)) return;
  // Values of a type that holds no errors cannot be one: only the comparison counts.
  const kind = u.kind;
  const errors = kind === 'error' || kind === 'union';
  for (let i = 0; i < n; i++) {
    const s = starts[i]!;
    const v = elementValue(col.type, bytes, s, s + sizes[i]!);
    out[i] = errors ? outcome(pred, v) : pred(v) ? TRUE : FALSE;
  }
}


/**
 * Per comparison, its outcome for a number compared with the constant:
 * less, equal, greater, or unordered (a NaN: Go's operators hold only !=).
 */
const NUMERIC_OUTCOMES: Readonly<Record<string, Uint8Array>> = {
  '==': Uint8Array.of(FALSE, TRUE, FALSE, FALSE),
  '!=': Uint8Array.of(TRUE, FALSE, TRUE, TRUE),
  '<': Uint8Array.of(TRUE, FALSE, FALSE, FALSE),
  '<=': Uint8Array.of(TRUE, TRUE, FALSE, FALSE),
  '>': Uint8Array.of(FALSE, FALSE, TRUE, FALSE),
  '>=': Uint8Array.of(FALSE, TRUE, TRUE, FALSE),
};

/** Signed integer types (ZNG's zigzag bodies), whose bodies of up to six bytes are exact as floats. */
const SIGNED: ReadonlySet<number> = new Set([ID.int8, ID.int16, ID.int32, ID.int64, ID.duration, ID.time]);

/**
 * A comparison of a column of signed integers or float64s with a number,
 * worked out from the elements in place as literalPredicate would (a null
 * compares as 0, a float column with an integer constant as floats);
 * false, having written nothing, for any other column or constant. A row
 * whose number is not exact as a float (an integer past six bytes) is left
 * to the predicate.
 */
function numericLeaf(node: Leaf, col: ColumnBatch, colId: number, n: number, out: Uint8Array): boolean {
  // The constant as the predicate reads it: an int64 (or time or duration) exactly, a float64 as a float.
  const p = numericConstant(node);
  if (p === null) return false;
  const outcomes = NUMERIC_OUTCOMES[node.op]!;
  const float = colId === ID.float64;
  if (!float && !SIGNED.has(colId)) return false;
  const pred = node.pred;
  const { bytes, starts, sizes } = col;
  const slow = (i: number, s: number): number => (pred(elementValue(col.type, bytes, s, s + sizes[i]!)) ? TRUE : FALSE);
  if (float) {
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < n; i++) {
      const s = starts[i]!;
      const tag = bytes[s]!;
      if (tag !== 9 && tag !== 0) {
        out[i] = slow(i, s);
        continue;
      }
      const x = tag === 0 ? 0 : dv.getFloat64(s + 1, true);
      out[i] = outcomes[x < p ? 0 : x === p ? 1 : x > p ? 2 : 3]!;
    }
    return true;
  }
  for (let i = 0; i < n; i++) {
    const s = starts[i]!;
    const x = bytes[s] === 0 ? 0 : smallIntAt(bytes, s);
    out[i] = x === x ? outcomes[x < p ? 0 : x === p ? 1 : 2]! : slow(i, s);
  }
  return true;
}

/**
 * The number a comparison of a column of signed integers or float64s
 * compares its rows with, as numericLeaf reads the constant; null when it
 * is no such comparison.
 */
function numericConstant(node: Leaf): number | null {
  const lb = node.value.bytes;
  if (NUMERIC_OUTCOMES[node.op] === undefined || lb === null) return null;
  const litId = underlying(node.value.type).id;
  if (litId === ID.float64 && lb.length === 8) return new DataView(lb.buffer, lb.byteOffset, 8).getFloat64(0, true);
  if ((litId === ID.int64 || litId === ID.time || litId === ID.duration) && lb.length <= 6) return decodeIntNumber(lb);
  return null;
}

/**
 * Whether every comparison of `node` on the column at `path` is one
 * numericLeaf works out, and there is one: the column may then be read as
 * numbers decoded before (see ColumnBatch.numbers), which numbersLeaf
 * compares as numericLeaf compares elements.
 */
export function comparesAsNumbers(node: EvalNode, path: readonly string[]): boolean {
  let some = false;
  const walk = (x: EvalNode): boolean => {
    switch (x.kind) {
      case 'and':
      case 'or':
        return walk(x.lhs) && walk(x.rhs);
      case 'not':
        return walk(x.node);
      case 'const':
        return true;
      case 'exprs': {
        if (x.paths.every((q) => !samePath(q, path))) return true;
        // A comparison of two fields, of integers compared as numbers where neither is a null (see exprsLeaf).
        if (comparedPaths(x) === null) return false;
        some = true;
        return true;
      }
      default: {
        if (!samePath(x.path, path)) return true;
        if (x.kind !== 'leaf' || numericConstant(x) === null) return false;
        some = true;
        return true;
      }
    }
  };
  return walk(node) && some;
}

/**
 * out[i] = TRUE where xs[i] op p holds, else FALSE, as NUMERIC_OUTCOMES
 * says (JavaScript's operators hold for a NaN exactly where Go's do: only
 * !=). A loop per operator, each row's outcome the comparison's truth as a
 * number (TRUE is 1, FALSE 0): no branch per row.
 */
function compareNumbers(op: string, xs: Float64Array, p: number, n: number, out: Uint8Array): void {
  switch (op) {
    case '<':
      for (let i = 0; i < n; i++) out[i] = +(xs[i]! < p);
      return;
    case '<=':
      for (let i = 0; i < n; i++) out[i] = +(xs[i]! <= p);
      return;
    case '>':
      for (let i = 0; i < n; i++) out[i] = +(xs[i]! > p);
      return;
    case '>=':
      for (let i = 0; i < n; i++) out[i] = +(xs[i]! >= p);
      return;
    case '==':
      for (let i = 0; i < n; i++) out[i] = +(xs[i]! === p);
      return;
    case '!=':
      for (let i = 0; i < n; i++) out[i] = +(xs[i]! !== p);
      return;
    default:
      throw new InternalError(`column filter: no numeric comparison ${op}`);
  }
}

/**
 * A leaf over a column read as numbers (a null as 0, as numericLeaf reads
 * it): of signed integers or float64s compared with a number, from the
 * numbers; else row by row from each row's value.
 */
function numbersLeaf(node: Leaf, col: ColumnBatch, n: number, out: Uint8Array): void {
  const u = underlying(col.type);
  const p = numericConstant(node);
  if (p !== null && (u.id === ID.float64 || SIGNED.has(u.id))) {
    compareNumbers(node.op, col.numbers!, p, n, out);
    return;
  }
  const pred = node.pred;
  const errors = u.kind === 'error' || u.kind === 'union';
  for (let i = 0; i < n; i++) {
    const v = valueAt(col, i)!;
    out[i] = errors ? outcome(pred, v) : pred(v) ? TRUE : FALSE;
  }
}

/** Per comparison, the one that holds with its sides swapped (c < len(s) is len(s) > c). */
const SWAPPED: Readonly<Record<string, string>> = { '==': '==', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/**
 * `len(f) op n` (or `n op len(f)`) over a column of strings or bytes, for
 * an int64 constant n: each length read from its element's tag (len counts
 * a string's bytes, and a null's as 0); false, having written nothing, for
 * any other expression or column.
 */
function lengthLeaf(node: ExprLeaf, col: ColumnBatch, n: number, out: Uint8Array): boolean {
  const t = col.type;
  if (t.kind !== 'primitive' || (t.id !== ID.string && t.id !== ID.bytes)) return false;
  const e = node.expr;
  if (e.kind !== 'BinaryExpr') return false;
  let call = e.lhs;
  let lit = e.rhs;
  let op: string | undefined = e.op;
  if (call.kind !== 'Call') {
    [call, lit] = [e.rhs, e.lhs];
    op = SWAPPED[e.op];
  }
  if (call.kind !== 'Call' || call.name !== 'len' || call.args.length !== 1 || call.args[0]!.kind !== 'This' || lit.kind !== 'Literal' || op === undefined) return false;
  const outcomes = NUMERIC_OUTCOMES[op];
  if (outcomes === undefined || !/^-?\d{1,15}$/.test(lit.value)) return false;
  const p = Number(lit.value);
  const { bytes, starts } = col;
  const next = { pos: 0 };
  for (let i = 0; i < n; i++) {
    // The tag: the body's length plus one, 0 for a null.
    const tag = readUvarint(bytes, starts[i]!, next);
    const x = tag === 0 ? 0 : tag - 1;
    out[i] = outcomes[x < p ? 0 : x === p ? 1 : 2]!;
  }
  return true;
}
