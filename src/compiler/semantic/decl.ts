// Declarations a scope records: `const` (evaluated once, now, as Zed's
// Scope.DefineConst does), `type` (a named type in the context), `func`
// (analyzed on first call) and `op` (expanded at each call).

import { NullValue } from '../../zed/index.js';
import { formatType } from '../../zson/index.js';
import { isMissing } from '../../runtime/index.js';
import type * as ast from '../ast/index.js';
import { CompileError } from '../errors.js';
import { constEnv } from '../kernel/env.js';
import { compileExpr } from '../kernel/expr.js';
import type { Sem } from './context.js';
import { semExpr } from './expr.js';
import type { Scope } from './scope.js';
import { semType } from './type.js';

export function declare(d: ast.Decl, scope: Scope, sem: Sem): void {
  switch (d.kind) {
    case 'ConstDecl':
      defineConst(scope, d.name.name, d.expr, d.name.loc, sem);
      return;
    case 'TypeDecl':
      defineType(scope, d.name.name, d.type, d.name.loc, sem);
      return;
    case 'FuncDecl': {
      const info = { id: sem.nextFunc++, name: d.name.name, params: d.params, body: d.expr, scope, plan: null, analyzing: false };
      scope.funcs.set(d.name.name, info);
      scope.funcInfos.push(info);
      return;
    }
    case 'OpDecl':
      scope.ops.set(d.name.name, { decl: d, scope });
      return;
  }
}

/**
 * Evaluates `expr` with `this` null and binds the result to `name`. An
 * expression that needs input (a field reference) fails with Zed's
 * `const "name": cannot have variable dependency`.
 */
export function defineConst(scope: Scope, name: string, expr: ast.Expr, loc: ast.Loc, sem: Sem): void {
  const plan = semExpr(expr, scope, sem);
  const v = compileExpr(plan, constEnv(sem.ectx, sem.literals, sem.funcs, sem.slots.next))(NullValue);
  if (v.isError()) {
    if (isMissing(v)) throw new CompileError(`const "${name}": cannot have variable dependency`, loc);
    const t = v.type.kind === 'error' ? v.type.type : null;
    throw new CompileError(`const "${name}": "${t !== null && t.kind === 'primitive' ? v.asString() : 'error'}"`, loc);
  }
  const text = sem.literals.text(v);
  scope.consts.set(name, { value: v, text });
  scope.constDefs.push({ name, value: text });
}

/** `type name = T`: the named type, bound in the scope and in the type context. */
export function defineType(scope: Scope, name: string, t: ast.Type, loc: ast.Loc, sem: Sem): void {
  const inner = semType(t, scope, sem);
  let named;
  try {
    named = sem.zctx.lookupNamed(name, inner);
  } catch (e) {
    throw new CompileError(e instanceof Error ? e.message : String(e), loc, { cause: e });
  }
  scope.types.set(name, named);
  scope.typeDefs.push({ name, type: formatType(named) });
}
