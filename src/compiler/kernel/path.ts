// Field access: `this`, identifiers, `a.b.c` chains (Zed's DotExpr, dot.go)
// and assignment targets (lvalues). A dot caches the field's position per
// record type, so a stream of one shape never searches field names twice.

import {
  ID,
  TypeString,
  Value,
  underlying,
  type RecordType,
  type Type,
} from '../../zed/index.js';
import { typeValue, under, type EvalContext } from '../../runtime/index.js';
import { encodeUtf8 } from '../../util/utf8.js';
import type { Expr } from '../ast/index.js';
import type { Env, Evaluator } from './env.js';
import { CompileError, UnsupportedExprError } from './errors.js';
import { constValue } from './literal.js';
import { lookupMapKey, nthElement } from './index-expr.js';

export const identity: Evaluator = (self) => self;

/** `rec.name` for values of any type: records by field, maps by string key, type values by field type. */
export function makeDot(ectx: EvalContext, rec: Evaluator, name: string): Evaluator {
  const positions = new Map<Type, number>();
  const key = new Value(TypeString, encodeUtf8(name));
  const missing = ectx.errors.missing();
  return (self) => {
    let v = rec(self);
    let t = v.type;
    if (t.kind === 'named' || t.kind === 'union') {
      v = under(v);
      t = v.type;
    }
    if (t.kind === 'record') {
      let i = positions.get(t);
      if (i === undefined) {
        i = t.indexOf(name);
        positions.set(t, i);
      }
      if (i < 0) return missing;
      const ft = t.fields[i]!.type;
      return new Value(ft, v.bytes === null ? null : nthElement(v.bytes, i));
    }
    if (t.kind === 'map') return lookupMapKey(ectx, t, v.bytes, key);
    if (t.kind === 'primitive' && t.id === ID.type && v.bytes !== null) {
      const inner = underlying(ectx.zctx.decodeTypeValue(v.bytes));
      if (inner.kind === 'record') {
        const i = (inner as RecordType).indexOf(name);
        if (i >= 0) return typeValue(ectx.zctx, inner.fields[i]!.type);
      }
    }
    return missing;
  };
}

/** `this.p[0].p[1]...` */
export function makePath(ectx: EvalContext, path: readonly string[]): Evaluator {
  let ev = identity;
  for (const name of path) ev = makeDot(ectx, ev, name);
  return ev;
}

/** An identifier: `this`, a local, a const, a declared type, or a field of `this`. */
export function compileId(name: string, env: Env): Evaluator {
  if (name === 'this') return identity;
  const slot = env.lookupLocal(name);
  if (slot !== undefined) {
    const vars = env.frame.vars;
    return () => vars[slot]!;
  }
  const c = env.lookupConst(name);
  if (c !== undefined) return () => c;
  // A declared type's name is its type value, as in Zed.
  const t = env.lookupType(name);
  if (t !== undefined) {
    const v = typeValue(env.ectx.zctx, t);
    return () => v;
  }
  return makeDot(env.ectx, identity, name);
}

/**
 * The field path an assignment target names: `a.b.c`, `this.a`, `this["x"]`,
 * `a[K]` with K a constant string; `this` alone is the empty path. Throws
 * Zed's "illegal left-hand side of assignment" for other expressions.
 */
export function compileLval(e: Expr, env: Env): string[] {
  switch (e.kind) {
    case 'ID':
      if (e.name === 'this') return [];
      if (env.lookupLocal(e.name) !== undefined || env.lookupConst(e.name) !== undefined) break;
      return [e.name];
    case 'BinaryExpr': {
      if (e.op !== '.') break;
      if (e.rhs.kind !== 'ID') throw new CompileError('RHS of dot operator is not an identifier', e.loc);
      return [...compileLval(e.lhs, env), e.rhs.name];
    }
    case 'IndexExpr': {
      const path = compileLval(e.expr, env);
      const k = constValue(e.index, env);
      if (k === null || underlying(k.type) !== TypeString || k.bytes === null) {
        throw new UnsupportedExprError('assignment to a computed index is not supported', e.loc);
      }
      path.push(k.asString());
      return path;
    }
    default:
      break;
  }
  throw new CompileError('illegal left-hand side of assignment', e.loc);
}

/** compileLval for `lhs:=rhs` targets, where `this` itself is refused as Zed refuses it. */
export function compileAssignmentLval(e: Expr, env: Env): string[] {
  const path = compileLval(e, env);
  if (path.length === 0) throw new CompileError("cannot assign to 'this'", e.loc);
  return path;
}
