// sum(), min() and max() (agg/math.go with pkg/anymath). The running value
// takes the type of the first numeric input, widened to int64, uint64,
// float64, duration or time, and is promoted as later inputs require
// (coerce.Promote): ints with floats give float64, uints with ints int64,
// ints with durations duration. Inputs that cannot combine (strings, bools,
// errors, uint64 above 2^63-1 against signed values) are skipped. With no
// non-null input the result is a null of the running type, or plain null
// when no numeric input arrived at all.

import {
  NullValue,
  TypeDuration,
  TypeFloat64,
  TypeInt64,
  TypeTime,
  TypeUint64,
  Value,
  decodeFloat,
  encodeInt,
  encodeUint,
  newFloat64,
  underlying,
  type PrimitiveType,
  type Type,
} from '../../zed/index.js';
import { FIXED_AGG_BYTES, type AggregateDef, type Aggregator } from './aggregator.js';
import { intToFloat, normInt, promote, readIntBody, readUintBody, toFloat, toInt, toUint, uintToInt, type Int } from './numeric.js';

const enum Kind {
  None,
  Int,
  Uint,
  Float,
  Duration,
  Time,
}

const kindType: readonly (PrimitiveType | null)[] = [null, TypeInt64, TypeUint64, TypeFloat64, TypeDuration, TypeTime];

/** The running kind a value of primitive type `id` starts (math.go consumeVal's switch). */
function kindOf(id: number): Kind {
  if (id <= 3) return Kind.Uint;
  if (id >= 6 && id <= 9) return Kind.Int;
  if (id >= 14 && id <= 16) return Kind.Float;
  if (id === 12) return Kind.Duration;
  if (id === 13) return Kind.Time;
  return Kind.None;
}

/**
 * The type of the running value that arguments of type `t` give sum, min
 * and max (int64, uint64, float64, duration or time); null when they are
 * not numbers.
 */
export function runningType(t: Type): PrimitiveType | null {
  return kindType[kindOf(underlying(t).id)]!;
}

interface MathOp {
  readonly name: string;
  readonly initFloat: number;
  readonly initInt: Int;
  readonly initUint: Int;
  float(a: number, b: number): number;
  int(a: Int, b: Int): Int;
  uint(a: Int, b: Int): Int;
}

function addInt(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const s = a + b;
    if (Number.isSafeInteger(s)) return s;
  }
  return normInt(BigInt.asIntN(64, BigInt(a) + BigInt(b)));
}

function addUint(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const s = a + b;
    if (Number.isSafeInteger(s)) return s;
  }
  return normInt(BigInt.asUintN(64, BigInt(a) + BigInt(b)));
}

// Mixed number/bigint comparisons are exact in JavaScript.
const lower = (a: Int, b: Int): Int => (a < b ? a : b);
const higher = (a: Int, b: Int): Int => (a > b ? a : b);

const SUM: MathOp = {
  name: 'sum',
  initFloat: 0,
  initInt: 0,
  initUint: 0,
  float: (a, b) => a + b,
  int: addInt,
  uint: addUint,
};

// anymath.Min and Max: the float forms return b unless a wins outright, so
// NaN propagates from the right, and the initial values are the type's extremes.
const MIN: MathOp = {
  name: 'min',
  initFloat: Number.MAX_VALUE,
  initInt: (1n << 63n) - 1n,
  initUint: (1n << 64n) - 1n,
  float: (a, b) => (a < b ? a : b),
  int: lower,
  uint: lower,
};

const MAX: MathOp = {
  name: 'max',
  initFloat: -Number.MAX_VALUE,
  initInt: -(1n << 63n),
  initUint: 0,
  float: (a, b) => (a > b ? a : b),
  int: higher,
  uint: higher,
};

class MathReducer implements Aggregator {
  private kind = Kind.None;
  private type: PrimitiveType | null = null;
  private hasval = false;
  private f = 0;
  private i: Int = 0;

  constructor(private readonly op: MathOp) {}

  /** Starts or converts the running value to `k`, carrying the state over (math.go NewFloat64 etc.). */
  private switchTo(k: Kind): void {
    const from = this.kind;
    const op = this.op;
    if (k === Kind.Float) {
      this.f = from === Kind.None ? op.initFloat : intToFloat(this.i);
    } else if (k === Kind.Uint) {
      this.i = from === Kind.None ? op.initUint : normInt(BigInt.asUintN(64, BigInt(this.i)));
    } else if (from === Kind.None) {
      this.i = op.initInt;
    } else if (from === Kind.Uint) {
      this.i = uintToInt(this.i);
    }
    this.kind = k;
    this.type = kindType[k]!;
  }

  consume(v: Value): void {
    const t = v.type;
    const cur = this.type;
    const op = this.op;
    if (t === cur) {
      // The common case: an input of the running type itself.
      const b = v.bytes;
      if (b === null) return;
      this.hasval = true;
      const k = this.kind;
      if (k === Kind.Float) this.f = op.float(this.f, decodeFloat(b));
      else if (k === Kind.Uint) this.i = op.uint(this.i, readUintBody(b));
      else this.i = op.int(this.i, readIntBody(b));
      return;
    }
    let id: number;
    if (cur === null) {
      // The first value picks the kind by its type ID; Zed takes a named
      // type's ID from its underlying type but does not look inside unions.
      id = underlying(t).id;
    } else {
      id = promote(cur.id, v);
      if (id < 0) return;
    }
    if (cur === null || cur.id !== id) {
      const k = kindOf(id);
      if (k === Kind.None) return;
      this.switchTo(k);
    }
    if (v.bytes === null) return;
    this.hasval = true;
    switch (this.kind) {
      case Kind.Float: {
        const x = toFloat(v);
        if (x !== undefined) this.f = op.float(this.f, x);
        return;
      }
      case Kind.Uint: {
        const x = toUint(v);
        if (x !== undefined) this.i = op.uint(this.i, x);
        return;
      }
      default: {
        const x = toInt(v);
        if (x !== undefined) this.i = op.int(this.i, x);
      }
    }
  }

  consumeNumber(t: Type, x: number): void {
    // Of the running type: folded as consume folds it; else through a value.
    if (t !== this.type) {
      this.consume(t === TypeFloat64 ? newFloat64(x) : new Value(t, encodeInt(x)));
      return;
    }
    this.hasval = true;
    if (this.kind === Kind.Float) this.f = this.op.float(this.f, x);
    else this.i = this.op.int(this.i, x);
  }

  consumeTotal(t: Type, total: number, n: number): boolean {
    // A sum of the running type (or the first numbers) adds the total as it
    // would each integer (exactly); other running types fold each in turn.
    if (this.op.int !== addInt || (this.hasval && t !== this.type)) return false;
    if (n > 0) this.consumeNumber(t, total);
    return true;
  }

  consumeNumbers(t: Type, xs: Float64Array, rows: Int32Array | undefined, n: number): void {
    let k = 0;
    // The first number may set the running type; of another type, each goes through consumeNumber.
    if (t !== this.type && n > 0) {
      this.consumeNumber(t, xs[rows === undefined ? 0 : rows[0]!]!);
      k = 1;
    }
    if (t !== this.type) {
      for (; k < n; k++) this.consumeNumber(t, xs[rows === undefined ? k : rows[k]!]!);
      return;
    }
    if (k >= n) return;
    this.hasval = true;
    if (this.kind === Kind.Float) {
      const op = this.op.float;
      let f = this.f;
      for (; k < n; k++) f = op(f, xs[rows === undefined ? k : rows[k]!]!);
      this.f = f;
    } else {
      const op = this.op.int;
      let i = this.i;
      if (op === addInt && typeof i === 'number') {
        // Exact integers added as numbers while the sum stays exact; from the first past 2^53 on, as addInt adds them.
        let acc: number = i;
        for (; k < n; k++) {
          const s = acc + xs[rows === undefined ? k : rows[k]!]!;
          if (!(s <= Number.MAX_SAFE_INTEGER && s >= -Number.MAX_SAFE_INTEGER)) break;
          acc = s;
        }
        i = acc;
      }
      for (; k < n; k++) i = op(i, xs[rows === undefined ? k : rows[k]!]!);
      this.i = i;
    }
  }

  consumeAsPartial(v: Value): void {
    this.consume(v);
  }

  result(): Value {
    const t = this.type;
    if (t === null) return NullValue;
    if (!this.hasval) return new Value(t, null);
    switch (this.kind) {
      case Kind.Float:
        return newFloat64(this.f);
      case Kind.Uint:
        return new Value(t, encodeUint(this.i));
      default:
        return new Value(t, encodeInt(this.i));
    }
  }

  resultAsPartial(): Value {
    return this.result();
  }

  memory(): number {
    return FIXED_AGG_BYTES;
  }
}

function mathDef(op: MathOp): AggregateDef {
  return { name: op.name, needsArg: true, growing: false, make: () => new MathReducer(op) };
}

export const sumDef = mathDef(SUM);
export const minDef = mathDef(MIN);
export const maxDef = mathDef(MAX);
