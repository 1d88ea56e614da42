// An aggregate's argument that is arithmetic (+, - and * of int64 and
// float64 fields and numeric constants) worked out over a batch's columns
// into numbers, without a value per row: Zed's arithmetic (arith.ts) on
// these types, where a null operand counts as zero, an int64 result stays
// int64 and one with a float64 in it is float64. A row whose int64 result
// (or operand) is not exact as a float is marked for the values to decide,
// as is every row of a batch whose columns are of other types.

import type { dag } from '../compiler/index.js';
import { bodyStart, smallIntAt, sumExact, type ColumnBatch, type NumberVector } from '../runtime/agg/index.js';
import { decodeFloat, decodeIntNumber, ID, TypeContext, TypeFloat64, TypeInt64, type Type } from '../zed/index.js';
import { parseZsonValue } from '../zson/index.js';

type Node =
  | { readonly k: 'col'; readonly i: number }
  | { readonly k: 'const'; readonly x: number; readonly float: boolean }
  | { readonly k: 'bin'; readonly op: '+' | '-' | '*'; readonly l: Node; readonly r: Node };

const LIMIT = 2 ** 53;

/** Arithmetic as ArithColumns works it out. */
export type ArithProgram = Node;

/** Each aggregate argument's program (see argProgram), worked out once per query. */
const PROGRAMS = new WeakMap<object, ArithProgram | null>();

/** The program of an aggregate's argument expression (arithProgram of its expr over its paths), made once. */
export function argProgram(arg: { readonly expr: dag.Expr; readonly paths: readonly (readonly string[])[] }): ArithProgram | null {
  let p = PROGRAMS.get(arg);
  if (p === undefined) PROGRAMS.set(arg, (p = arithProgram(arg.expr, arg.paths)));
  return p;
}

/**
 * The arithmetic of `expr` over the fields at `paths` (column i is paths[i]),
 * or null when it is anything else.
 */
export function arithProgram(expr: dag.Expr, paths: readonly (readonly string[])[]): Node | null {
  switch (expr.kind) {
    case 'This': {
      const i = paths.findIndex((p) => p.length === expr.path.length && p.every((x, j) => x === expr.path[j]));
      return i < 0 || expr.path.length === 0 ? null : { k: 'col', i };
    }
    case 'Literal': {
      let v;
      try {
        v = parseZsonValue(expr.value, new TypeContext());
      } catch {
        return null;
      }
      const b = v.bytes;
      if (b === null) return null;
      if (v.type === TypeFloat64) return { k: 'const', x: new DataView(b.buffer, b.byteOffset, b.length).getFloat64(0, true), float: true };
      if (v.type === TypeInt64 && b.length <= 6) return { k: 'const', x: decodeIntNumber(b), float: false };
      return null;
    }
    case 'BinaryExpr': {
      const op = expr.op;
      if (op !== '+' && op !== '-' && op !== '*') return null;
      const l = arithProgram(expr.lhs, paths);
      const r = l === null ? null : arithProgram(expr.rhs, paths);
      return r === null ? null : { k: 'bin', op, l: l!, r };
    }
    default:
      return null;
  }
}

/** Whether a node's result is a float64 given which columns are. */
function isFloat(n: Node, floats: readonly boolean[]): boolean {
  if (n.k === 'col') return floats[n.i]!;
  if (n.k === 'const') return n.float;
  return isFloat(n.l, floats) || isFloat(n.r, floats);
}

/** Evaluates a program over the columns of batch after batch, reusing its arrays. */
export class ArithColumns {
  #xs: Float64Array[] = [];
  /** Per column, the numbers of the batch being worked out: its own or one of #xs. */
  #cur: Float64Array[] = [];
  /** Per column, the largest magnitude of its numbers in numbers mode; Infinity when read otherwise. */
  #bounds: number[] = [];
  #exact = new Uint8Array(0);
  #out = new Float64Array(0);
  #tmp: Float64Array[] = [];
  #depth = 0;

  constructor(
    private readonly program: Node,
    private readonly cols: readonly ColumnBatch[],
  ) {}

  /**
   * The results for rows k < count of the batch just read (row rows[k] of
   * it, or k without rows); null when a column is of a type other than
   * int64 or float64 or lacks the field (the values decide every row).
   */
  fill(count: number, rows: Int32Array | null): (NumberVector & { readonly hasNaN: boolean }) | null {
    const floats: boolean[] = [];
    for (const c of this.cols) {
      if (c.missing) return null;
      const id = c.type.kind === 'primitive' ? c.type.id : -1;
      if (id !== ID.int64 && id !== ID.float64) return null;
      floats.push(id === ID.float64);
    }
    if (this.#exact.length < count) {
      const cap = Math.max(count, 2 * this.#exact.length);
      this.#exact = new Uint8Array(cap);
      this.#out = new Float64Array(cap);
      this.#xs = [];
      this.#tmp = [];
    }
    const exact = this.#exact;
    exact.fill(1, 0, count);
    for (let i = 0; i < this.cols.length; i++) {
      const c = this.cols[i]!;
      this.#bounds[i] = c.numbers != null ? (c.numbersMax ?? Infinity) : Infinity;
      // A column read as numbers is used as it is (a null as 0, as readNumbers reads it).
      if (c.numbers != null && rows === null) {
        this.#cur[i] = c.numbers;
        continue;
      }
      let xs = this.#xs[i];
      if (xs === undefined || xs.length < count) xs = this.#xs[i] = new Float64Array(this.#out.length);
      readNumbers(c, floats[i]!, count, rows, xs, exact);
      this.#cur[i] = xs;
    }
    this.#depth = 0;
    const float = isFloat(this.program, floats);
    const out = this.#compute(this.program, floats, count, exact);
    let nan = false;
    if (float) for (let k = 0; k < count && !nan; k++) nan = out[k] !== out[k];
    // Every column read as numbers (no row of another kind) and, for
    // integers, no result that can pass 2^53 (a bound that says so is
    // finite: every column's is): every row is exact.
    const allExact = float ? this.#bounds.every((b) => b !== Infinity) : this.#bound(this.program) < LIMIT;
    return { type: float ? TypeFloat64 : TypeInt64, xs: out, exact, hasNaN: nan, allExact };
  }

  /**
   * The sum of the results for rows k < count of the batch just read, when
   * they are integers of columns read as numbers, none of whose partial
   * sums can pass 2^53 (by the columns' bounds), and the program is linear
   * (+, -, and * by a constant): the sum of each column's numbers then
   * decides it, and no row's result is worked out. Else null.
   */
  total(count: number): { readonly type: Type; readonly total: number } | null {
    const floats: boolean[] = [];
    for (let i = 0; i < this.cols.length; i++) {
      const c = this.cols[i]!;
      if (c.missing || c.numbers == null || c.type.kind !== 'primitive' || c.type.id !== ID.int64) return null;
      this.#bounds[i] = c.numbersMax ?? Infinity;
      floats.push(false);
    }
    if (isFloat(this.program, floats) || !(this.#bound(this.program) * count <= Number.MAX_SAFE_INTEGER)) return null;
    const t = this.#total(this.program, count);
    return t === null ? null : { type: TypeInt64, total: t + 0 };
  }

  #total(n: Node, count: number): number | null {
    if (n.k === 'col') return sumExact(this.cols[n.i]!.numbers!, count);
    if (n.k === 'const') return n.x * count;
    if (n.op === '*') {
      // A constant times a column (or what else is linear) only.
      const c = n.l.k === 'const' ? n.l.x : n.r.k === 'const' ? n.r.x : null;
      const t = c === null ? null : this.#total(n.l.k === 'const' ? n.r : n.l, count);
      return t === null ? null : c! * t;
    }
    const l = this.#total(n.l, count);
    const r = l === null ? null : this.#total(n.r, count);
    if (l === null || r === null) return null;
    return n.op === '+' ? l + r : l - r;
  }

  /** The largest magnitude a node's results can have, by its columns' (Infinity: unknown). */
  #bound(n: Node): number {
    if (n.k === 'col') return this.#bounds[n.i]!;
    if (n.k === 'const') return Math.abs(n.x);
    const l = this.#bound(n.l);
    const r = this.#bound(n.r);
    // (Infinity * 0 is NaN, which no comparison passes.)
    return n.op === '*' ? l * r : l + r;
  }

  /** A scratch array for a node's results. */
  #scratch(): Float64Array {
    const d = this.#depth++;
    let t = this.#tmp[d];
    if (t === undefined || t.length < this.#out.length) t = this.#tmp[d] = new Float64Array(this.#out.length);
    return t;
  }

  #compute(n: Node, floats: readonly boolean[], count: number, exact: Uint8Array): Float64Array {
    if (n.k === 'col') return this.#cur[n.i]!;
    if (n.k === 'const') return this.#scratch().fill(n.x, 0, count);
    const a = this.#compute(n.l, floats, count, exact);
    const b = this.#compute(n.r, floats, count, exact);
    const out = this.#scratch();
    if (isFloat(n, floats)) {
      if (n.op === '+') for (let k = 0; k < count; k++) out[k] = a[k]! + b[k]!;
      else if (n.op === '-') for (let k = 0; k < count; k++) out[k] = a[k]! - b[k]!;
      else for (let k = 0; k < count; k++) out[k] = a[k]! * b[k]!;
      return out;
    }
    // Integers past 2^53 are no longer exact (Zed's wrap at 2^63 included):
    // the values decide, unless their columns' bounds say none can pass it.
    // (And an int64 is never -0: + 0 makes -0 0.)
    if (this.#bound(n) < LIMIT) {
      if (n.op === '+') for (let k = 0; k < count; k++) out[k] = a[k]! + b[k]! + 0;
      else if (n.op === '-') for (let k = 0; k < count; k++) out[k] = a[k]! - b[k]! + 0;
      else for (let k = 0; k < count; k++) out[k] = a[k]! * b[k]! + 0;
      return out;
    }
    if (n.op === '+') {
      for (let k = 0; k < count; k++) {
        const x = a[k]! + b[k]! + 0;
        out[k] = x;
        exact[k]! &= +(Math.abs(x) < LIMIT);
      }
    } else if (n.op === '-') {
      for (let k = 0; k < count; k++) {
        const x = a[k]! - b[k]! + 0;
        out[k] = x;
        exact[k]! &= +(Math.abs(x) < LIMIT);
      }
    } else {
      for (let k = 0; k < count; k++) {
        const x = a[k]! * b[k]! + 0;
        out[k] = x;
        exact[k]! &= +(Math.abs(x) < LIMIT);
      }
    }
    return out;
  }
}

/** Rows k < count of an int64 or float64 column as numbers (a null as 0), clearing exact[k] for an integer past six bytes. */
function readNumbers(c: ColumnBatch, float: boolean, count: number, rows: Int32Array | null, xs: Float64Array, exact: Uint8Array): void {
  const numbers = c.numbers;
  if (numbers != null) {
    // (Without rows, fill uses such a column as it is.)
    for (let k = 0; k < count; k++) xs[k] = numbers[rows === null ? k : rows[k]!]!;
    return;
  }
  if (c.cardinality >= 0) {
    // Each code's number once.
    const byCode = new Float64Array(c.cardinality);
    const ok = new Uint8Array(c.cardinality);
    for (let code = 0; code < c.cardinality; code++) {
      const x = elementNumber(c.element(code), 0, float);
      // (A float NaN is exact: only an integer past six bytes reads as NaN here and is not.)
      if (x !== x && !float) continue;
      byCode[code] = x;
      ok[code] = 1;
    }
    for (let k = 0; k < count; k++) {
      const code = c.codes[rows === null ? k : rows[k]!]!;
      xs[k] = byCode[code]!;
      if (ok[code] === 0) exact[k] = 0;
    }
    return;
  }
  const { bytes, starts } = c;
  if (float) {
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let k = 0; k < count; k++) {
      const s = starts[rows === null ? k : rows[k]!]!;
      const tag = bytes[s]!;
      xs[k] = tag === 0 ? 0 : tag === 9 ? dv.getFloat64(s + 1, true) : elementNumber(bytes, s, true);
    }
    return;
  }
  for (let k = 0; k < count; k++) {
    const s = starts[rows === null ? k : rows[k]!]!;
    const x = bytes[s] === 0 ? 0 : smallIntAt(bytes, s);
    if (x === x) xs[k] = x;
    else exact[k] = 0;
  }
}

/** The number of the int64 or float64 element at b[s] (a null as 0); NaN for an integer past six bytes. */
function elementNumber(b: Uint8Array, s: number, float: boolean): number {
  if (b[s] === 0) return 0;
  if (!float) return smallIntAt(b, s);
  const body = bodyStart(b, s);
  return decodeFloat(b, body, body + 8);
}

