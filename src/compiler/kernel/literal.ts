// Literals: primitive literal text to values with Zed's compile-time error
// texts (zson/builder.go BuildPrimitive), and the compile-time constant an
// expression has when it depends on nothing at run time (consts, literals,
// type values, negated literals): Zed folds such operands into predicates.

import { lookupPrimitive, NullValue, Value, type PrimitiveType } from '../../zed/index.js';
import { parsePrimitive } from '../../zson/index.js';
import { negate, typeValue } from '../../runtime/index.js';
import type { Expr, Primitive } from '../ast/index.js';
import type { Env } from './env.js';
import { CompileError } from './errors.js';
import { compileType } from './type.js';

/** nano.MaxTs as Zed prints it in "time overflow" errors. */
const MAX_TIME_TEXT = '2262-04-11T23:47:16Z';

function literalError(p: Primitive): string {
  const text = p.text;
  switch (p.type) {
    case 'int64':
      return `invalid integer: ${text}`;
    case 'float64':
      return `invalid floating point: ${text}`;
    case 'duration':
      return `invalid duration: ${text}`;
    case 'time': {
      const year = /^(\d{4,})-\d\d-\d\dT/.exec(text);
      if (year !== null && Number(year[1]) >= 2262) return `time overflow: ${text} (max: ${MAX_TIME_TEXT})`;
      return `invalid ISO time: ${text}`;
    }
    case 'ip':
      return `invalid IP address: ${text}`;
    case 'net':
      return `invalid network: ${text}`;
    case 'bytes':
      return `invalid bytes: ${text}`;
    default:
      return `invalid ${p.type}: ${text}`;
  }
}

/** The value of a primitive literal; throws CompileError with Zed's text when the literal is invalid. */
export function primitiveValue(p: Primitive, env: Env): Value {
  if (p.type === 'null') return NullValue;
  const t = lookupPrimitive(p.type) as PrimitiveType;
  const body = parsePrimitive(t, p.text, env.ectx.zctx);
  if (body === null) throw new CompileError(literalError(p), p.loc);
  return new Value(t, body);
}

/**
 * The value of `e` when it is a compile-time constant, else null. Covers
 * literals, type values whose types resolve, consts, and unary minus over
 * a constant (so `x > -1` still folds).
 */
export function constValue(e: Expr, env: Env): Value | null {
  switch (e.kind) {
    case 'Primitive':
      return primitiveValue(e, env);
    case 'TypeValue':
      try {
        return typeValue(env.ectx.zctx, compileType(e.value, env));
      } catch (err) {
        if (err instanceof CompileError) return null;
        throw err;
      }
    case 'ID':
      if (env.lookupLocal(e.name) !== undefined) return null;
      return env.lookupConst(e.name) ?? null;
    case 'UnaryExpr': {
      if (e.op !== '-') return null;
      const v = constValue(e.operand, env);
      return v === null ? null : negate(env.ectx, v);
    }
    default:
      return null;
  }
}
