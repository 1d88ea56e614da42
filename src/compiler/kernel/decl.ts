// Declarations an Env records: `const` (evaluated once at compile time, as
// Zed's Scope.DefineConst does) and `type` (a named type in the context).

import { NullValue, type Type, type Value } from '../../zed/index.js';
import { isMissing } from '../../runtime/index.js';
import type { Expr, Type as AstType, Loc } from '../ast/index.js';
import type { Env } from './env.js';
import { CompileError } from './errors.js';
import { compileExpr } from './expr.js';
import { compileType } from './type.js';

/**
 * Evaluates `expr` with `this` null and binds the result to `name` in
 * `env`. An expression that needs input (a field reference) fails with
 * Zed's `const "name": cannot have variable dependency`.
 */
export function defineConst(env: Env, name: string, expr: Expr, loc: Loc): Value {
  const v = compileExpr(expr, env)(NullValue);
  if (v.isError()) {
    if (isMissing(v)) throw new CompileError(`const "${name}": cannot have variable dependency`, loc);
    const t = v.type.kind === 'error' ? v.type.type : null;
    throw new CompileError(`const "${name}": "${t !== null && t.kind === 'primitive' ? v.asString() : 'error'}"`, loc);
  }
  env.consts.set(name, v);
  return v;
}

/** `type name = T`: the named type, bound in `env` and in the type context. */
export function defineType(env: Env, name: string, t: AstType, loc: Loc): Type {
  const inner = compileType(t, env);
  let named: Type;
  try {
    named = env.ectx.zctx.lookupNamed(name, inner);
  } catch (e) {
    throw new CompileError(e instanceof Error ? e.message : String(e), loc, { cause: e });
  }
  env.types.set(name, named);
  return named;
}
