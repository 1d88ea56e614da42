// Wires `summarize` (and bare aggregations like `count()`) to the summarize
// operator: key names are inferred as Zed infers them, and key, argument and
// where expressions are compiled once.

import type * as ast from '../ast/index.js';
import { resolveAggregate, lookupAggregate } from '../../runtime/agg/index.js';
import { summarizeOp } from '../../runtime/op/summarize.js';
import type { OpContext, Stream } from '../../runtime/op/types.js';
import { CompileError } from './errors.js';
import type { Env } from './env.js';
import { compileExpr } from './expr.js';
import { compileAssignmentLval, compileLval } from './path.js';

/** True when `e` calls an aggregate function (and no user function shadows it). */
export function isAggCall(e: ast.Expr, env: Env): e is ast.Call {
  if (e.kind !== 'Call') return false;
  const name = e.name.name;
  if (env.lookupFunc(name) !== undefined) return false;
  if (lookupAggregate(name) === undefined) return false;
  // max(a,b) and min(a,b) with two or more arguments are the functions.
  return e.args.length <= 1;
}

function keyPath(a: ast.Assignment, env: Env): string[] {
  if (a.lhs !== null) return compileAssignmentLval(a.lhs, env);
  const e = a.rhs;
  if (e.kind === 'ID' && e.name === 'this') throw new CompileError("cannot assign to 'this'", e.loc);
  if (e.kind === 'ID') return [e.name];
  if (e.kind === 'BinaryExpr' && e.op === '.') return compileLval(e, env);
  // Zed names a bucketing key after the time it buckets.
  if (e.kind === 'Call' && e.name.name === 'every') return ['ts'];
  if (e.kind === 'Call') return [e.name.name];
  throw new CompileError('group-by key name could not be inferred', e.loc);
}

export function buildSummarize(
  keys: readonly ast.Assignment[],
  aggs: readonly ast.AggAssignment[],
  limit: number,
  env: Env,
  ctx: OpContext,
  parent: Stream,
): Stream {
  const keySpecs = keys.map((k) => ({ path: keyPath(k, env), expr: compileExpr(k.rhs, env) }));
  const seen = new Set<string>(keySpecs.map((k) => k.path.join('.')));
  const aggSpecs = aggs.map((a) => {
    const def = resolveAggregate(a.rhs.name, a.rhs.expr !== null);
    const path = a.lhs === null ? [a.rhs.name] : compileAssignmentLval(a.lhs, env);
    const name = path.join('.');
    if (seen.has(name)) throw new CompileError(`duplicate field: "${name}"`, a.loc);
    seen.add(name);
    return {
      path,
      def,
      arg: a.rhs.expr === null ? null : compileExpr(a.rhs.expr, env),
      where: a.rhs.where === null ? null : compileExpr(a.rhs.where, env),
    };
  });
  return summarizeOp(ctx, parent, { keys: keySpecs, aggs: aggSpecs, ...(limit > 0 ? { groupLimit: limit } : {}) });
}
