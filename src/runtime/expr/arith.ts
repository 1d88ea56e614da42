// Arithmetic on values as Zed's runtime does it (Add, Subtract, Multiply,
// Divide, Modulo and UnaryMinus in runtime/sam/expr/eval.go): operands are
// promoted to one type (coerce.ts), integers wrap as Go's int64/uint64 do,
// a null operand counts as zero, + concatenates strings, time - time is a
// duration, and failures are error values.

import { formatType } from '../../zson/index.js';
import {
  ID,
  TypeDuration,
  TypeInt16,
  TypeInt32,
  TypeInt64,
  TypeInt8,
  Value,
  decodeIntNumber,
  decodeUintNumber,
  encodeFloat16,
  encodeFloat32,
  encodeFloat64,
  encodeInt,
  encodeUint,
  underlying,
  type Type,
} from '../../zed/index.js';
import {
  bodyAsFloat,
  bodyAsInt,
  bodyAsUint,
  enumToIndex,
  isFloatId,
  isNumberId,
  isSignedId,
  isUnsignedId,
  promote,
  under,
} from './coerce.js';
import type { EvalContext } from './context.js';
import { MAX_BUILT_VALUE_BYTES, valueTooLargeMessage } from './limits.js';

const EMPTY = new Uint8Array(0);

export type ArithOp = '+' | '-' | '*' | '/' | '%';

export const DIVIDE_BY_ZERO = 'divide by zero';

/** A float body of the width of float type `t`. */
export function encodeFloatFor(t: Type, x: number): Uint8Array {
  switch (underlying(t).id) {
    case ID.float16:
      return encodeFloat16(x);
    case ID.float32:
      return encodeFloat32(x);
    default:
      return encodeFloat64(x);
  }
}

/** The exact value of a short integer body (|n| < 2^48), else undefined. */
function small(id: number, b: Uint8Array | null): number | undefined {
  if (b === null) return 0;
  if (b.length > 6) return undefined;
  return isSignedId(id) ? decodeIntNumber(b) : decodeUintNumber(b);
}

function signed(op: ArithOp, ida: number, a: Uint8Array | null, idb: number, b: Uint8Array | null): bigint | number | null {
  const x = small(ida, a);
  const y = small(idb, b);
  if (x !== undefined && y !== undefined) {
    let r: number;
    switch (op) {
      case '+':
        return x + y;
      case '-':
        return x - y;
      case '*':
        r = x * y;
        if (Number.isSafeInteger(r)) return r;
        break;
      case '/':
        return y === 0 ? null : Math.trunc(x / y);
      case '%':
        return y === 0 ? null : x % y;
    }
  }
  const p = bodyAsInt(ida, a);
  const q = bodyAsInt(idb, b);
  switch (op) {
    case '+':
      return BigInt.asIntN(64, p + q);
    case '-':
      return BigInt.asIntN(64, p - q);
    case '*':
      return BigInt.asIntN(64, p * q);
    case '/':
      return q === 0n ? null : BigInt.asIntN(64, p / q);
    case '%':
      return q === 0n ? null : p % q;
  }
}

function unsigned(op: ArithOp, ida: number, a: Uint8Array | null, idb: number, b: Uint8Array | null): bigint | number | null {
  const x = small(ida, a);
  const y = small(idb, b);
  if (x !== undefined && y !== undefined) {
    switch (op) {
      case '+':
        return x + y;
      case '-':
        if (x >= y) return x - y;
        break;
      case '*': {
        const r = x * y;
        if (Number.isSafeInteger(r)) return r;
        break;
      }
      case '/':
        return y === 0 ? null : Math.trunc(x / y);
      case '%':
        return y === 0 ? null : x % y;
    }
  }
  const p = bodyAsUint(ida, a);
  const q = bodyAsUint(idb, b);
  switch (op) {
    case '+':
      return BigInt.asUintN(64, p + q);
    case '-':
      return BigInt.asUintN(64, p - q);
    case '*':
      return BigInt.asUintN(64, p * q);
    case '/':
      return q === 0n ? null : p / q;
    case '%':
      return q === 0n ? null : p % q;
  }
}

function float(op: ArithOp, x: number, y: number): number | null {
  switch (op) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      return y === 0 ? null : x / y;
    case '%':
      return null;
  }
}

/**
 * `a op b` for values. Errors pass through (the left one first); the caller
 * that evaluates operands lazily should return a left error before
 * evaluating the right operand, as Zed does.
 */
export function arith(ectx: EvalContext, op: ArithOp, a: Value, b: Value): Value {
  if (a.isError()) return a;
  if (b.isError()) return b;
  const ua = under(enumToIndex(a));
  const ub = under(enumToIndex(b));
  const p = promote(ua, ub);
  if (typeof p === 'string') return ectx.errors.message(p);
  const id = p.id;
  if (isNumberId(id)) {
    const ida = ua.type.id;
    const idb = ub.type.id;
    if (isFloatId(id)) {
      const r = float(op, bodyAsFloat(ida, ua.bytes), bodyAsFloat(idb, ub.bytes));
      if (r !== null) return new Value(p, encodeFloatFor(p, r));
      if (op === '/') return ectx.errors.message(DIVIDE_BY_ZERO);
    } else if (isUnsignedId(id)) {
      const r = unsigned(op, ida, ua.bytes, idb, ub.bytes);
      return r === null ? ectx.errors.message(DIVIDE_BY_ZERO) : new Value(p, encodeUint(r));
    } else {
      const r = signed(op, ida, ua.bytes, idb, ub.bytes);
      if (r === null) return ectx.errors.message(DIVIDE_BY_ZERO);
      // The difference of two times is a duration.
      const t = op === '-' && id === ID.time ? TypeDuration : p;
      return new Value(t, encodeInt(r));
    }
  } else if (id === ID.string && op === '+') {
    // Valid UTF-8 joined is valid UTF-8: no decoding needed.
    const x = ua.bytes ?? EMPTY;
    const y = ub.bytes ?? EMPTY;
    if (x.length + y.length > MAX_BUILT_VALUE_BYTES) return ectx.errors.message(valueTooLargeMessage("'+' operator"));
    const out = new Uint8Array(x.length + y.length);
    out.set(x, 0);
    out.set(y, x.length);
    return new Value(p, out);
  }
  return ectx.errors.message(`type ${formatType(p)} incompatible with '${op}' operator`);
}

/** A binary arithmetic function for one operator. */
export function makeArith(ectx: EvalContext, op: ArithOp): (a: Value, b: Value) => Value {
  return (a, b) => arith(ectx, op, a, b);
}

const NEGATE_TO: Readonly<Record<number, readonly [Type, bigint]>> = {
  [ID.int8]: [TypeInt8, -(1n << 7n)],
  [ID.int16]: [TypeInt16, -(1n << 15n)],
  [ID.int32]: [TypeInt32, -(1n << 31n)],
  [ID.int64]: [TypeInt64, -(1n << 63n)],
  [ID.uint8]: [TypeInt8, -(1n << 7n)],
  [ID.uint16]: [TypeInt16, -(1n << 15n)],
  [ID.uint32]: [TypeInt32, -(1n << 31n)],
  [ID.uint64]: [TypeInt64, -(1n << 63n)],
};

/**
 * Unary minus (Zed's UnaryMinus): floats keep their type, integers become
 * the signed type of their width and fail on overflow, null numbers pass
 * through. It does not pass errors through: -error("x") is an error about
 * the error, as in Zed.
 */
export function negate(ectx: EvalContext, v: Value): Value {
  const t = v.type;
  const id = underlying(t).id;
  if (v.bytes === null && isNumberId(id)) return v;
  if (isFloatId(id)) return new Value(t, encodeFloatFor(t, -bodyAsFloat(id, v.bytes)));
  const to = NEGATE_TO[id];
  if (to !== undefined && v.bytes !== null) {
    if (isSignedId(id)) {
      const x = bodyAsInt(id, v.bytes);
      if (x === to[1]) return ectx.errors.wrap("unary '-' underflow", v);
      return new Value(to[0], encodeInt(-x));
    }
    const x = bodyAsUint(id, v.bytes);
    if (x > -to[1] - 1n) return ectx.errors.wrap("unary '-' overflow", v);
    return new Value(to[0], encodeInt(-x));
  }
  return ectx.errors.wrap("type incompatible with unary '-' operator", v);
}
