// Aggregates over argument columns for column-groups.ts: count() needs no
// column; sum, min and max keep, per type of argument, a slot per group in
// typed arrays (ColumnAggState), and one aggregate holds a state per
// argument type (ColumnAgg), whose partials math.ts combines as it would
// the values.

import { InternalError } from '../../errors/index.js';
import {
  Builder,
  ID,
  NullValue,
  TypeFloat64,
  TypeUint64,
  Value,
  decodeFloat,
  decodeInt,
  decodeUint,
  encodeFloat64,
  encodeInt,
  encodeUint,
  newFloat64,
  underlying,
  type Type,
} from '../../zed/index.js';
import { bodyStart, type ColumnBatch } from './column-batch.js';
import { runningType } from './math.js';
import { normInt, type Int } from './numeric.js';

export type ColumnAggKind = 'count' | 'sum' | 'min' | 'max' | 'avg';

/** avg's partial, {sum:float64,count:uint64} (avg.ts), and its result with no input. */
const NULL_FLOAT64 = new Value(TypeFloat64, null);

const SAFE = Number.MAX_SAFE_INTEGER;

/** What a row of an argument column holds, in ColumnAggState.addRows. */
const NUMBER = 0;
const NULL = 1;
const OTHER = 2;

const enum Num {
  Int,
  Uint,
  Float,
}

/** How an argument column's bodies read as numbers, and the running type they give (math.ts). */
function numericOf(t: Type): { num: Num; result: Type } | null {
  const result = runningType(t);
  if (result === null) return null;
  return { num: result === TypeFloat64 ? Num.Float : result === TypeUint64 ? Num.Uint : Num.Int, result };
}

/**
 * Whether aggregate `kind` skips every argument of type `t` whatever came
 * before: a null of type null, and for sum, min and max (math.ts) a bool,
 * bytes, string, ip, net or type (a named one too), which neither starts a
 * running value nor promotes one; for avg (avg.ts), which takes numeric
 * strings, a bool, ip, net or type. Not a union, whose value inside may be
 * a number.
 */
function skippedArgument(kind: ColumnAggKind, t: Type): boolean {
  const u = underlying(t);
  if (u.kind !== 'primitive') return false;
  if (u.id === ID.null) return true;
  if (kind === 'avg') return u.id === ID.bool || u.id === ID.ip || u.id === ID.net || u.id === ID.type;
  return u.id >= ID.bool && u.id <= ID.type;
}

/** Whether aggregate `kind` adds nothing of this argument column: missing, or of a type it skips. */
export function addsNothing(kind: ColumnAggKind, col: ColumnBatch): boolean {
  return col.missing || skippedArgument(kind, col.type);
}

/** Whether aggregate `kind` can take this argument column here: numbers, arguments it skips, or missing. */
export function isAggregableArgument(kind: ColumnAggKind, col: ColumnBatch): boolean {
  return col.missing || skippedArgument(kind, col.type) || numericOf(col.type) !== null;
}

/**
 * The sum of xs[0:n], exact integers none of whose partial sums passes
 * 2^53 (then exact in any order): eight running sums (1M numbers: 0.41 ms,
 * against 0.48 with four and 0.81 with one).
 */
export function sumExact(xs: Float64Array, n: number): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let e = 0;
  let f = 0;
  let g = 0;
  let h = 0;
  let i = 0;
  for (; i + 7 < n; i += 8) {
    a += xs[i]!;
    b += xs[i + 1]!;
    c += xs[i + 2]!;
    d += xs[i + 3]!;
    e += xs[i + 4]!;
    f += xs[i + 5]!;
    g += xs[i + 6]!;
    h += xs[i + 7]!;
  }
  for (; i < n; i++) a += xs[i]!;
  return a + b + c + d + (e + f + g + h);
}

/**
 * avg's fold of rows from..n-1 of a batch of numbers (xk: NULL for a
 * null): the running float sums and counts of their groups; returns the
 * first row of a group whose state is an Int (has 3), which the caller
 * folds, or n.
 */
function foldAvg(xs: Float64Array, xk: Uint8Array, n: number, gids: Int32Array, val: Float64Array, cnt: Float64Array, has: Uint8Array, from: number): number {
  for (let i = from; i < n; i++) {
    const g = gids[i]!;
    if (xk[i] === NULL) {
      if (has[g] === 0) has[g] = 1;
    } else if (has[g] !== 3) {
      val[g]! += xs[i]!;
      cnt[g]!++;
      has[g] = 2;
    } else return i;
  }
  return n;
}

/** sum's fold likewise; also returns the first row whose sum would pass 2^53 when `exact`. */
function foldSum(xs: Float64Array, xk: Uint8Array, n: number, gids: Int32Array, val: Float64Array, has: Uint8Array, exact: boolean, from: number): number {
  for (let i = from; i < n; i++) {
    const g = gids[i]!;
    if (xk[i] === NULL) {
      if (has[g] === 0) has[g] = 1;
      continue;
    }
    const h = has[g];
    const r = val[g]! + xs[i]!;
    if (h === 3 || (exact && (r > SAFE || r < -SAFE))) return i;
    val[g] = r;
    has[g] = 2;
  }
  return n;
}

/**
 * sum's and avg's folds of the same numbers at once (see
 * ColumnAggState.addSumAvg): one pass, where the two read each row's
 * number and group once; returns the first row either's own fold must
 * take (a sum past 2^53, a group whose state is an Int), or n.
 */
function foldSumAvg(
  xs: Float64Array,
  xk: Uint8Array,
  n: number,
  gids: Int32Array,
  sv: Float64Array,
  sh: Uint8Array,
  av: Float64Array,
  ac: Float64Array,
  ah: Uint8Array,
  exact: boolean,
): number {
  for (let i = 0; i < n; i++) {
    const g = gids[i]!;
    if (xk[i] === NULL) {
      if (sh[g] === 0) sh[g] = 1;
      if (ah[g] === 0) ah[g] = 1;
      continue;
    }
    const x = xs[i]!;
    const r = sv[g]! + x;
    if (sh[g] === 3 || ah[g] === 3 || (exact && (r > SAFE || r < -SAFE))) return i;
    sv[g] = r;
    sh[g] = 2;
    av[g]! += x;
    ac[g]!++;
    ah[g] = 2;
  }
  return n;
}

/**
 * The state of one aggregate over arguments of one type, a slot per group.
 * Values are numbers while exact; a group whose running integer would pass
 * 2^53, or that gets an integer too wide for a number, keeps its running
 * value as an Int (number or bigint) in `slow`, folded as math.ts folds.
 */
export class ColumnAggState {
  val: Float64Array;
  /** 1 once the group has an argument of this type, 2 once a non-null one, 3 when its value is in `slow`. */
  has: Uint8Array;
  private readonly slow = new Map<number, Int>();
  /** avg: the count of numbers in each group (val holds their float sum). */
  private cnt: Float64Array;
  private codeVals = new Float64Array(0);
  /** A batch's numbers and what each row holds (NUMBER, NULL, OTHER), decoded before they are folded. */
  private xs = new Float64Array(0);
  private xk = new Uint8Array(0);
  /** Per code: 0 a number in codeVals, 1 a null, 2 too wide (decoded each time). */
  private codeKind = new Uint8Array(0);
  private readonly init: number;

  constructor(
    private readonly kind: ColumnAggKind,
    readonly type: Type,
    private readonly num: Num,
    private readonly result: Type,
    cap: number,
    /** avg's partial type, {sum:float64,count:uint64}. */
    private readonly avgType: Type | null = null,
  ) {
    this.init = kind === 'min' ? Infinity : kind === 'max' ? -Infinity : 0;
    this.val = new Float64Array(cap).fill(this.init);
    this.has = new Uint8Array(cap);
    this.cnt = new Float64Array(kind === 'avg' ? cap : 0);
  }

  grow(cap: number): void {
    if (cap <= this.val.length) return;
    const val = new Float64Array(cap).fill(this.init);
    val.set(this.val);
    const has = new Uint8Array(cap);
    has.set(this.has);
    this.val = val;
    this.has = has;
    if (this.kind === 'avg') {
      const cnt = new Float64Array(cap);
      cnt.set(this.cnt);
      this.cnt = cnt;
    }
  }

  /** The number a body b[s:e] holds, or undefined for an integer that needs an Int. */
  private number(b: Uint8Array, s: number, e: number): number | undefined {
    if (this.num === Num.Float) return decodeFloat(b, s, e);
    const n = e - s;
    if (n > 6) return undefined;
    let u = 0;
    for (let k = n - 1; k >= 0; k--) u = u * 256 + b[s + k]!;
    if (this.num === Num.Uint) return u;
    if (u % 2 === 0) return u / 2;
    if (u === 1) return undefined;
    return -(u - 1) / 2;
  }

  /** An integer body too wide for number(), as an Int. */
  private wide(b: Uint8Array, s: number, e: number): Int {
    return this.num === Num.Uint ? normInt(decodeUint(b, s, e)) : normInt(decodeInt(b, s, e));
  }

  private fold(g: number, x: number): void {
    const val = this.val;
    const v = val[g]!;
    if (this.has[g] === 3) {
      this.foldSlow(g, x);
      return;
    }
    if (this.kind === 'avg') {
      // As avg.ts: the float sum of the numbers, and their count.
      val[g] = v + x;
      this.cnt[g]!++;
      this.has[g] = 2;
      return;
    }
    // As math.ts: a NaN argument wins over the running value.
    if (this.kind === 'sum') {
      const r = v + x;
      if (this.num !== Num.Float && (r > SAFE || r < -SAFE)) {
        this.has[g] = 3;
        this.slow.set(g, v);
        this.foldSlow(g, x);
        return;
      }
      val[g] = r;
    } else if (this.kind === 'min') val[g] = v < x ? v : x;
    else val[g] = v > x ? v : x;
    this.has[g] = 2;
  }

  private foldSlow(g: number, x: Int): void {
    if (this.kind === 'avg') {
      // avg adds every number as a float.
      this.fold(g, Number(x));
      return;
    }
    if (this.has[g] !== 3) {
      const has = this.has[g]!;
      const start: Int = has === 2 ? this.val[g]! : this.kind === 'sum' ? 0 : x;
      this.has[g] = 3;
      this.slow.set(g, start);
      if (has !== 2 && this.kind !== 'sum') return;
    }
    const cur = this.slow.get(g)!;
    let r: Int;
    if (this.kind === 'sum') {
      const s = BigInt(cur) + BigInt(x);
      r = normInt(this.num === Num.Uint ? BigInt.asUintN(64, s) : BigInt.asIntN(64, s));
    } else if (this.kind === 'min') r = cur < x ? cur : x;
    else r = cur > x ? cur : x;
    this.slow.set(g, r);
  }

  private row(g: number, b: Uint8Array, s: number, e: number): void {
    const x = this.number(b, s, e);
    if (x !== undefined) this.fold(g, x);
    else this.foldSlow(g, this.wide(b, s, e));
  }

  /**
   * Adds the next `n` rows of `col`, row i to group gids[i]; `oneGroup`:
   * every row's group is 0.
   */
  add(col: ColumnBatch, n: number, gids: Int32Array, oneGroup = false): void {
    const has = this.has;
    const numbers = col.numbers;
    if (numbers != null) {
      // Numbers decoded before: each a NUMBER or (numberNulls 1) a NULL.
      if (oneGroup && (this.kind === 'sum' || this.kind === 'avg') && has[0] !== 3) this.sumNumbers(numbers, col.numberNulls!, n, col.numbersMax ?? Infinity, col.numbersNullFree === true);
      else this.foldNumbers(numbers, col.numberNulls!, n, gids);
      return;
    }
    if (oneGroup && col.cardinality < 0 && (this.kind === 'sum' || this.kind === 'avg') && has[0] !== 3) {
      this.sumOne(col, n);
      return;
    }
    if (col.cardinality >= 0) {
      if (this.codeVals.length !== col.cardinality) {
        this.codeVals = new Float64Array(col.cardinality);
        this.codeKind = new Uint8Array(col.cardinality);
        for (let c = 0; c < col.cardinality; c++) {
          const el = col.element(c);
          const body = bodyStart(el, 0);
          if (body < 0) this.codeKind[c] = 1;
          else {
            const x = this.number(el, body, el.length);
            if (x === undefined) this.codeKind[c] = 2;
            else this.codeVals[c] = x;
          }
        }
      }
      const codes = col.codes;
      for (let i = 0; i < n; i++) {
        const c = codes[i]!;
        const g = gids[i]!;
        const k = this.codeKind[c];
        if (k === 0) this.fold(g, this.codeVals[c]!);
        else if (k === 1) {
          if (has[g] === 0) has[g] = 1;
        } else {
          const el = col.element(c);
          this.foldSlow(g, this.wide(el, bodyStart(el, 0), el.length));
        }
      }
      return;
    }
    this.addRows(col, n, gids);
  }

  /**
   * Adds the next `n` rows of `col` to this sum's state and to `avg`'s (an
   * avg of the same argument type), row i to group gids[i], as add() on
   * each would; true when it could (the column's numbers are decoded, and
   * not all rows are in group 0), else false with nothing added.
   */
  addSumAvg(avg: ColumnAggState, col: ColumnBatch, n: number, gids: Int32Array, oneGroup: boolean): boolean {
    const xs = col.numbers;
    if (xs == null || oneGroup || this.kind !== 'sum' || avg.kind !== 'avg') return false;
    const xk = col.numberNulls!;
    const i = foldSumAvg(xs, xk, n, gids, this.val, this.has, avg.val, avg.cnt, avg.has, this.num !== Num.Float);
    if (i < n) {
      // The rest, each aggregate on its own (the two states are independent).
      this.foldNumbers(xs.subarray(i), xk.subarray(i), n - i, gids.subarray(i));
      avg.foldNumbers(xs.subarray(i), xk.subarray(i), n - i, gids.subarray(i));
    }
    return true;
  }

  /**
   * Decodes rows 0..n of an elements column into xs, with what each holds
   * in xk (NUMBER, NULL, or OTHER for one the fold must read itself): the
   * common elements, a short integer and a float64, inline.
   */
  private decode(col: ColumnBatch, n: number): void {
    const b = col.bytes;
    const st = col.starts;
    const num = this.num;
    const view = num === Num.Float ? new DataView(b.buffer, b.byteOffset, b.byteLength) : null;
    if (this.xs.length < n) {
      this.xs = new Float64Array(Math.max(n, 2 * this.xs.length));
      this.xk = new Uint8Array(this.xs.length);
    }
    const xs = this.xs;
    const xk = this.xk;
    for (let i = 0; i < n; i++) {
      const s = st[i]!;
      const tag = b[s]!;
      if (tag === 0) xk[i] = NULL;
      else if (num === Num.Float && tag === 9) {
        xs[i] = view!.getFloat64(s + 1, true);
        xk[i] = NUMBER;
      } else if (num !== Num.Float && tag > 1 && tag < 8) {
        let u = 0;
        for (let k = s + tag - 1; k > s; k--) u = u * 256 + b[k]!;
        if (num === Num.Uint) {
          xs[i] = u;
          xk[i] = NUMBER;
        } else if (u !== 1) {
          xs[i] = u % 2 === 0 ? u / 2 : -(u - 1) / 2;
          xk[i] = NUMBER;
        } else xk[i] = OTHER;
      } else xk[i] = OTHER;
    }
  }

  /** Folds row i's element, one decode() could not take, into group g. */
  private other(col: ColumnBatch, i: number, g: number): void {
    const s = col.starts[i]!;
    const body = bodyStart(col.bytes, s);
    if (body >= 0) this.row(g, col.bytes, body, s + col.sizes[i]!);
    else if (this.has[g] === 0) this.has[g] = 1;
  }

  /**
   * sum or avg of n rows into group 0 in a local sum: its partial sums are
   * exact integers (one past 2^53 goes to the group first), or floats
   * summed in another order, which may round differently as any other
   * order of the values would. One pass, decoding as decode() does: this is
   * the hot loop of a plain sum, and a pass through xs would cost a third
   * more.
   */
  private sumOne(col: ColumnBatch, n: number): void {
    const b = col.bytes;
    const st = col.starts;
    const num = this.num;
    const float = num === Num.Float;
    const view = float ? new DataView(b.buffer, b.byteOffset, b.byteLength) : null;
    let acc = 0;
    let cnt = 0;
    const flush = (): void => {
      this.sumTo(acc, cnt);
      acc = 0;
      cnt = 0;
    };
    for (let i = 0; i < n; i++) {
      const s = st[i]!;
      const tag = b[s]!;
      let x: number;
      if (tag === 0) {
        if (this.has[0] === 0) this.has[0] = 1;
        continue;
      }
      if (float && tag === 9) x = view!.getFloat64(s + 1, true);
      else if (!float && tag > 1 && tag < 8) {
        let u = 0;
        for (let k = s + tag - 1; k > s; k--) u = u * 256 + b[k]!;
        if (num === Num.Uint) x = u;
        else if (u !== 1) x = u % 2 === 0 ? u / 2 : -(u - 1) / 2;
        else {
          flush();
          this.other(col, i, 0);
          continue;
        }
      } else {
        flush();
        this.other(col, i, 0);
        continue;
      }
      const r = acc + x;
      if (!float && (r > SAFE || r < -SAFE)) {
        flush();
        this.fold(0, x);
        continue;
      }
      acc = r;
      cnt++;
    }
    flush();
  }

  /**
   * sum or avg of n numbers (or nulls, 0 in xs, where xk[i] is NULL; none
   * is when `nullFree`) into group 0 in a local sum, as sumOne sums; `max`
   * bounds their magnitudes.
   */
  private sumNumbers(xs: Float64Array, xk: Uint8Array, n: number, max: number, nullFree: boolean): void {
    const exact = this.num !== Num.Float;
    // No partial sum can pass 2^53: plain passes.
    const plain = !exact || max * n <= SAFE;
    if (nullFree && plain && exact) {
      this.sumTo(sumExact(xs, n), n);
      return;
    }
    if (nullFree && plain) {
      // Floats with no null: in their order, as the values would be summed.
      let acc = 0;
      for (let i = 0; i < n; i++) acc += xs[i]!;
      this.sumTo(acc, n);
      return;
    }
    if (plain) {
      // One pass (a null adds its 0).
      let acc = 0;
      let nulls = 0;
      for (let i = 0; i < n; i++) {
        acc += xs[i]!;
        nulls += xk[i]!;
      }
      this.sumTo(acc, n - nulls);
      if (nulls > 0 && this.has[0] === 0) this.has[0] = 1;
      return;
    }
    let acc = 0;
    let cnt = 0;
    let nulls = 0;
    for (let i = 0; i < n; i++) {
      if (xk[i] === NULL) {
        nulls++;
        continue;
      }
      const x = xs[i]!;
      const r = acc + x;
      if (exact && (r > SAFE || r < -SAFE)) {
        // Past 2^53 the group's own fold takes over, for this batch's rest too.
        this.sumTo(acc, cnt);
        this.foldRows(xs.subarray(i), xk.subarray(i), n - i, new Int32Array(n - i), null);
        return;
      }
      acc = r;
      cnt++;
    }
    this.sumTo(acc, cnt);
    if (nulls > 0 && this.has[0] === 0) this.has[0] = 1;
  }

  /** Adds a local sum of `cnt` numbers to group 0. */
  private sumTo(acc: number, cnt: number): void {
    if (cnt === 0) return;
    if (this.kind === 'avg') {
      this.val[0]! += acc;
      this.cnt[0]! += cnt;
      this.has[0] = 2;
    } else this.fold(0, acc);
  }

  /** Adds n rows of an elements column, row i to group gids[i]: decoded first, then each folded with its aggregate's rule inlined. */
  private addRows(col: ColumnBatch, n: number, gids: Int32Array): void {
    this.decode(col, n);
    this.foldRows(this.xs, this.xk, n, gids, col);
  }

  /** Folds n decoded rows (xs, with what each holds in xk), row i into group gids[i]; OTHER rows are read from `col`. */
  private foldRows(xs: Float64Array, xk: Uint8Array, n: number, gids: Int32Array, col: ColumnBatch | null): void {
    const has = this.has;
    const val = this.val;
    const avg = this.kind === 'avg';
    const exactSum = this.kind === 'sum' && this.num !== Num.Float;
    const floatSum = this.kind === 'sum' && this.num === Num.Float;
    for (let i = 0; i < n; i++) {
      const g = gids[i]!;
      const k = xk[i]!;
      if (k === NUMBER) {
        const x = xs[i]!;
        if (avg && has[g] !== 3) {
          val[g]! += x;
          this.cnt[g]!++;
          has[g] = 2;
        } else if (floatSum) {
          val[g]! += x;
          has[g] = 2;
        } else if (exactSum && has[g] !== 3) {
          const r = val[g]! + x;
          if (r > SAFE || r < -SAFE) this.fold(g, x);
          else {
            val[g] = r;
            has[g] = 2;
          }
        } else this.fold(g, x);
      } else if (k === NULL) {
        if (has[g] === 0) has[g] = 1;
      } else this.other(col!, i, g);
    }
  }

  /**
   * foldRows for numbers decoded before (each a NUMBER or a NULL, never
   * OTHER), with a loop per kind: over many groups each row's reads of its
   * group's slots miss the cache, and a loop that tests only what its kind
   * needs keeps those reads apart from the tests.
   */
  private foldNumbers(xs: Float64Array, xk: Uint8Array, n: number, gids: Int32Array): void {
    const has = this.has;
    const val = this.val;
    if (this.kind === 'avg') {
      // (Loops of their own, outside the class: compiled tighter, and each
      // row of a few sends it back here.)
      for (let i = foldAvg(xs, xk, n, gids, val, this.cnt, has, 0); i < n; i = foldAvg(xs, xk, n, gids, val, this.cnt, has, i + 1)) this.fold(gids[i]!, xs[i]!);
      return;
    }
    if (this.kind === 'sum') {
      const exact = this.num !== Num.Float;
      for (let i = foldSum(xs, xk, n, gids, val, has, exact, 0); i < n; i = foldSum(xs, xk, n, gids, val, has, exact, i + 1)) this.fold(gids[i]!, xs[i]!);
      return;
    }
    this.foldRows(xs, xk, n, gids, null);
  }

  /** Forgets codes decoded for the last column. */
  reset(): void {
    this.codeVals = new Float64Array(0);
  }

  /** The first `n` groups' state, as plain data another thread can absorb (see ColumnGroups.export). */
  export(n: number): AggStateExport {
    return {
      val: this.val.slice(0, n),
      has: this.has.slice(0, n),
      cnt: this.kind === 'avg' ? this.cnt.slice(0, n) : null,
      slow: [...this.slow].filter(([g]) => g < n),
    };
  }

  /**
   * Folds group g of an exported state (of the same aggregate and argument
   * type) into group `into`, as its partial would be folded: a sum, minimum
   * or maximum as one more number, avg's sum and count added.
   */
  absorb(x: AggStateExport, slow: ReadonlyMap<number, Int>, g: number, into: number): void {
    const h = x.has[g]!;
    if (h === 0) return;
    if (h === 1) {
      if (this.has[into] === 0) this.has[into] = 1;
      return;
    }
    if (this.kind === 'avg') {
      this.val[into] = this.val[into]! + x.val[g]!;
      this.cnt[into] = this.cnt[into]! + x.cnt![g]!;
      this.has[into] = 2;
      return;
    }
    if (h === 3) this.foldSlow(into, slow.get(g)!);
    else this.fold(into, x.val[g]!);
  }

  /** Group g's result when this is its aggregate's only state, as the math aggregates' result() makes it. */
  final(g: number): Value {
    const has = this.has[g];
    if (this.kind === 'avg') return has === 2 ? newFloat64(this.val[g]! / this.cnt[g]!) : NULL_FLOAT64;
    if (has === 0 || has === undefined) return NullValue;
    if (has === 1) return new Value(this.result, null);
    return this.partial(g)!;
  }

  /** Appends final(g)'s element to b; returns its type. */
  writeFinal(g: number, b: Builder): Type {
    const has = this.has[g];
    if (this.kind === 'avg') {
      if (has === 2) b.appendFloat64(this.val[g]! / this.cnt[g]!);
      else b.append(null);
      return TypeFloat64;
    }
    if (has === 2) {
      const x = this.val[g]!;
      if (this.num === Num.Float) {
        b.appendFloat64(x);
        return this.result;
      }
      // (val holds a number while it is exact: below 2^53.)
      if (this.num === Num.Uint && x >= 0) {
        b.appendUint(x);
        return this.result;
      }
      if (this.num === Num.Int && Math.abs(x) < 2 ** 52) {
        b.appendInt(x);
        return this.result;
      }
    }
    const v = this.final(g);
    b.append(v.bytes);
    return v.type;
  }

  /** Group g's partial, as the math aggregates' resultAsPartial makes it; undefined when it had no argument here. */
  partial(g: number): Value | undefined {
    const has = this.has[g];
    if (has === 0 || has === undefined) return undefined;
    if (this.kind === 'avg') {
      if (has !== 2) return undefined;
      const b = new Builder(24);
      b.append(encodeFloat64(this.val[g]!));
      b.append(encodeUint(this.cnt[g]!));
      return new Value(this.avgType!, b.bytes());
    }
    if (has === 1) return new Value(this.type, null);
    if (this.num === Num.Float) return newFloat64(this.val[g]!);
    const x: Int = has === 3 ? this.slow.get(g)! : this.val[g]!;
    return new Value(this.result, this.num === Num.Uint ? encodeUint(x) : encodeInt(x));
  }
}

/** A ColumnAggState's groups as plain data (typed arrays and the groups whose running value is an Int). */
export interface AggStateExport {
  readonly val: Float64Array;
  readonly has: Uint8Array;
  /** avg's counts. */
  readonly cnt: Float64Array | null;
  readonly slow: readonly (readonly [number, Int])[];
}

/** One aggregate: a state per type of argument (math.ts combines their partials as it would the values). */
export class ColumnAgg {
  readonly states: ColumnAggState[] = [];
  private readonly byType = new Map<Type, ColumnAggState>();
  current: ColumnAggState | null = null;
  private cap = 256;

  constructor(
    readonly kind: ColumnAggKind,
    /** avg's partial type (avg only). */
    private readonly avgType: Type | null = null,
  ) {}

  /** The result of a group that had no argument of any type. */
  get empty(): Value {
    return this.kind === 'avg' ? NULL_FLOAT64 : NullValue;
  }

  grow(cap: number): void {
    this.cap = Math.max(this.cap, cap);
    for (const s of this.states) s.grow(cap);
  }

  /** Starts a column; false when it adds nothing (a column of type null, which math.ts ignores). */
  begin(col: ColumnBatch): boolean {
    const t = col.type;
    // Missing arguments and those skipped add nothing to sum, avg, min and max.
    if (col.missing || skippedArgument(this.kind, t)) {
      this.current = null;
      return false;
    }
    const st = this.stateFor(t);
    st.reset();
    this.current = st;
    return true;
  }

  /** The state for arguments of type `t` (numeric), made on first use. */
  stateFor(t: Type): ColumnAggState {
    let st = this.byType.get(t);
    if (st === undefined) {
      const k = numericOf(t);
      if (k === null) throw new InternalError('column aggregation: a non-numeric argument column got past accepts()');
      st = new ColumnAggState(this.kind, t, k.num, k.result, this.cap, this.avgType);
      this.byType.set(t, st);
      this.states.push(st);
    }
    return st;
  }
}

/** Whether a column holds floats (whose NaNs make min and max order-dependent). */
export function isFloatColumn(col: ColumnBatch): boolean {
  return !col.missing && numericOf(col.type)?.num === Num.Float;
}

/**
 * Whether any of the next `n` rows of a float column is NaN. min and max
 * are then order-dependent (a NaN wins over the running value, and the next
 * value over it), and only the values in their order give Zed's answer.
 */
export function hasNaN(col: ColumnBatch, n: number): boolean {
  const k = numericOf(col.type);
  if (col.missing || k === null || k.num !== Num.Float) return false;
  const numbers = col.numbers;
  if (numbers != null) {
    for (let i = 0; i < n; i++) if (numbers[i] !== numbers[i] && col.numberNulls![i] === 0) return true;
    return false;
  }
  const check = (b: Uint8Array, s: number, e: number): boolean => {
    const body = bodyStart(b, s);
    return body >= 0 && Number.isNaN(decodeFloat(b, body, e));
  };
  if (col.cardinality >= 0) {
    for (let c = 0; c < col.cardinality; c++) {
      const el = col.element(c);
      if (check(el, 0, el.length)) return true;
    }
    return false;
  }
  for (let i = 0; i < n; i++) if (check(col.bytes, col.starts[i]!, col.starts[i]! + col.sizes[i]!)) return true;
  return false;
}
