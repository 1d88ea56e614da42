// Filter expressions that read one field of their input and nothing else
// (`!has(x)`, `is(x, <int64>)`, `x matches /re/`, `cidr_match(10.0.0.0/8, x)`,
// `len(x) > 3`, ...), or a few fields (`a > b`, `a + b > 100`): evaluated
// over columns of those fields' values rather than over whole records. Such
// an expression gives for a record what it gives for the record's values at
// the paths, so it is compiled with each path read from a local that its
// column fills, once per row (or, for one field, once per distinct value of
// a coded column).

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
 * The field paths `e` reads (at most `max`, each once, in first-read order),
 * when each of its evaluations depends on those fields' values alone: it
 * reads no other part of `this` (nor `this` itself), no local, no aggregate
 * state, no user function, no lateral query and no named type looked up at
 * run time; else null (and null when it reads no field).
 */
export function fieldPathsOf(e: dag.Expr, max: number): (readonly string[])[] | null {
  const paths: (readonly string[])[] = [];
  let ok = true;
  const visit = (x: dag.Expr): void => {
    switch (x.kind) {
      case 'This':
        if (x.path.length === 0) ok = false;
        else if (!paths.some((p) => samePath(p, x.path))) {
          if (paths.length >= max) ok = false;
          else paths.push(x.path);
        }
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
  return ok && paths.length > 0 ? paths : null;
}

/** The one field path `e` reads (see fieldPathsOf), or null. */
export function singlePathOf(e: dag.Expr): readonly string[] | null {
  return fieldPathsOf(e, 1)?.[0] ?? null;
}

/** `e` with each read of paths[k] a read of local k instead (the plan is plain data). */
function substituted(e: dag.Expr, paths: readonly (readonly string[])[]): dag.Expr {
  return JSON.parse(JSON.stringify(e), (_k, v: unknown) => {
    const x = v as { kind?: unknown; path?: unknown };
    if (x !== null && typeof x === 'object' && x.kind === 'This' && Array.isArray(x.path)) {
      const k = paths.findIndex((p) => samePath(x.path as string[], p));
      if (k >= 0) return { kind: 'Var', name: `$column${k}`, slot: k } satisfies dag.Expr;
    }
    return v;
  }) as dag.Expr;
}

/**
 * `e`, which reads only `path` (see singlePathOf), as a function of that
 * field's value; null stands for a record without the field, which reads
 * as error("missing") as the path would.
 */
export function compileColumnExpr(e: dag.Expr, path: readonly string[], env: Env): (v: Value | null) => Value {
  const ev = compileColumnExprs(e, [path], env);
  const args: (Value | null)[] = [null];
  return (v) => {
    args[0] = v;
    return ev(args);
  };
}

/**
 * `e`, which reads only `paths` (see fieldPathsOf), as a function of those
 * fields' values, in the order of `paths`; null stands for a record
 * without the field.
 */
export function compileColumnExprs(e: dag.Expr, paths: readonly (readonly string[])[], env: Env): (vs: readonly (Value | null)[]) => Value {
  // A frame of its own: the columns' values are its locals.
  const own = newEnv(env.ectx, env.literals, env.funcs, paths.length);
  const ev = compileExpr(substituted(e, paths), own);
  const vars = own.frame.vars;
  const missing = env.ectx.errors.missing();
  return (vs) => {
    for (let k = 0; k < vs.length; k++) vars[k] = vs[k] ?? missing;
    return ev(NullValue);
  };
}

/** compileColumnExpr for a plan's expression sent to another thread, over that thread's type context. */
export function compileColumnExprIn(e: dag.Expr, path: readonly string[], zctx: TypeContext): (v: Value | null) => Value {
  return compileColumnExpr(e, path, newEnv(createEvalContext(zctx), new Literals(zctx), new Map()));
}

/** compileColumnExprs for a plan's expression sent to another thread, over that thread's type context. */
export function compileColumnExprsIn(e: dag.Expr, paths: readonly (readonly string[])[], zctx: TypeContext): (vs: readonly (Value | null)[]) => Value {
  return compileColumnExprs(e, paths, newEnv(createEvalContext(zctx), new Literals(zctx), new Map()));
}
