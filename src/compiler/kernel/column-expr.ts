// Filter expressions that read one field of their input and nothing else
// (`!has(x)`, `is(x, <int64>)`, `x matches /re/`, `cidr_match(10.0.0.0/8, x)`,
// `len(x) > 3`, ...): evaluated over a column of that field's values
// rather than over whole records. Such an expression gives for a record
// what it gives for the record's value at the path, so it is compiled with
// the path read from a local that the column fills, once per value (or
// once per distinct value of a coded column).

import type * as dag from '../dag/index.js';
import { exprChildren } from '../dag/walk.js';
import { createEvalContext } from '../../runtime/index.js';
import { samePath } from '../../runtime/op/index.js';
import { NullValue, type TypeContext, type Value } from '../../zed/index.js';
import { newEnv, type Env } from './env.js';
import { compileExpr } from './expr.js';
import { Literals } from './literals.js';

/**
 * Calls whose result is not a function of their arguments alone: the clock,
 * random bytes, and the named types the data has defined so far.
 */
const IMPURE: ReadonlySet<string> = new Set(['now', 'ksuid', 'typename']);

/**
 * The one field path `e` reads, when each of its evaluations depends on
 * that field's value alone: it reads no other part of `this` (nor `this`
 * itself), no local, no aggregate state, no user function, no lateral
 * query and no named type looked up at run time; else null.
 */
export function singlePathOf(e: dag.Expr): readonly string[] | null {
  let path: readonly string[] | null = null;
  let ok = true;
  const visit = (x: dag.Expr): void => {
    switch (x.kind) {
      case 'This':
        if (x.path.length === 0 || (path !== null && !samePath(path, x.path))) ok = false;
        else path = x.path;
        return;
      case 'Var':
      case 'Agg':
      case 'UdfCall':
      case 'MapCall':
      case 'OverExpr':
      case 'TypeName':
        ok = false;
        return;
      case 'Call':
        if (IMPURE.has(x.name)) {
          ok = false;
          return;
        }
        // is(v, <t>) gets `this` first as well, and reads only v.
        if (x.name === 'is' && x.args.length === 3 && x.args[0]!.kind === 'This' && x.args[0]!.path.length === 0) {
          for (const c of x.args.slice(1)) if (ok) visit(c);
          return;
        }
        break;
      default:
        break;
    }
    for (const c of exprChildren(x)) {
      if (!ok) return;
      visit(c);
    }
  };
  visit(e);
  return ok ? path : null;
}

const SLOT = 0;

/** `e` with each read of `path` a read of local SLOT instead (the plan is plain data). */
function substituted(e: dag.Expr, path: readonly string[]): dag.Expr {
  const local: dag.Expr = { kind: 'Var', name: '$column', slot: SLOT };
  return JSON.parse(JSON.stringify(e), (_k, v: unknown) => {
    const x = v as { kind?: unknown; path?: unknown };
    if (x !== null && typeof x === 'object' && x.kind === 'This' && Array.isArray(x.path) && samePath(x.path as string[], path)) return local;
    return v;
  }) as dag.Expr;
}

/**
 * `e`, which reads only `path` (see singlePathOf), as a function of that
 * field's value; null stands for a record without the field, which reads
 * as error("missing") as the path would.
 */
export function compileColumnExpr(e: dag.Expr, path: readonly string[], env: Env): (v: Value | null) => Value {
  // A frame of its own: the column's value is its one local.
  const own = newEnv(env.ectx, env.literals, env.funcs, SLOT + 1);
  const ev = compileExpr(substituted(e, path), own);
  const vars = own.frame.vars;
  const missing = env.ectx.errors.missing();
  return (v) => {
    vars[SLOT] = v ?? missing;
    return ev(NullValue);
  };
}

/** compileColumnExpr for a plan's expression sent to another thread, over that thread's type context. */
export function compileColumnExprIn(e: dag.Expr, path: readonly string[], zctx: TypeContext): (v: Value | null) => Value {
  return compileColumnExpr(e, path, newEnv(createEvalContext(zctx), new Literals(zctx), new Map()));
}
