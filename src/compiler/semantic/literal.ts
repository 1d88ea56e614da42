// Literals: primitive literal text to values with Zed's compile-time error
// texts (zson/builder.go BuildPrimitive), and the compile-time constant an
// AST expression has when it depends on nothing at run time (literals, type
// values whose types resolve, consts, negated constants).

import { lookupPrimitive, NullValue, Value, type PrimitiveType } from '../../zed/index.js';
import { parsePrimitive } from '../../zson/index.js';
import { negate, typeValue } from '../../runtime/index.js';
import type { Expr, Primitive } from '../ast/index.js';
import type * as dag from '../dag/index.js';
import { CompileError } from '../errors.js';
import type { Sem } from './context.js';
import type { Scope } from './scope.js';
import { semType } from './type.js';

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
export function primitiveValue(p: Primitive, sem: Sem): Value {
  if (p.type === 'null') return NullValue;
  const t = lookupPrimitive(p.type) as PrimitiveType;
  const body = parsePrimitive(t, p.text, sem.zctx);
  if (body === null) throw new CompileError(literalError(p), p.loc);
  return new Value(t, body);
}

/** A Literal node for `v`. */
export function literal(v: Value, sem: Sem): dag.Literal {
  return { kind: 'Literal', value: sem.literals.text(v) };
}

/**
 * The value of `e` when it is a compile-time constant, else null. Covers
 * literals, type values whose types resolve, consts, and unary minus over
 * a constant (so `x > -1` still folds).
 */
export function constValue(e: Expr, scope: Scope, sem: Sem): Value | null {
  switch (e.kind) {
    case 'Primitive':
      return primitiveValue(e, sem);
    case 'TypeValue':
      try {
        return typeValue(sem.zctx, semType(e.value, scope, sem));
      } catch (err) {
        if (err instanceof CompileError) return null;
        throw err;
      }
    case 'ID':
      if (scope.lookupLocal(e.name) !== undefined) return null;
      return scope.lookupConst(e.name)?.value ?? null;
    case 'UnaryExpr': {
      if (e.op !== '-') return null;
      const v = constValue(e.operand, scope, sem);
      return v === null ? null : negate(sem.ectx, v);
    }
    default:
      return null;
  }
}
