// Summarize (and bare aggregations like `count()`): key and output names
// are inferred as Zed infers them, duplicates are refused, and aggregate
// names are checked.

import { lookupAggregate, resolveAggregate } from '../../runtime/agg/index.js';
import type * as ast from '../ast/index.js';
import type * as dag from '../dag/index.js';
import { CompileError } from '../errors.js';
import type { Sem } from './context.js';
import { semExpr } from './expr.js';
import { assignmentPath, lvalPath, thisNode } from './lval.js';
import type { Scope } from './scope.js';

/** True when `e` calls an aggregate function (and no user function shadows it). */
export function isAggCall(e: ast.Expr, scope: Scope): e is ast.Call {
  if (e.kind !== 'Call') return false;
  const name = e.name.name;
  if (scope.lookupFunc(name) !== undefined) return false;
  if (lookupAggregate(name) === undefined) return false;
  // max(a,b) and min(a,b) with two or more arguments are the functions.
  return e.args.length <= 1;
}

/** `lhs := f(x) where w` as a summarize output. */
export function toAggAssignment(a: ast.Assignment): ast.AggAssignment {
  const call = a.rhs as ast.Call;
  return {
    kind: 'Assignment',
    lhs: a.lhs,
    rhs: { kind: 'Agg', name: call.name.name, expr: call.args[0] ?? null, where: call.where, loc: call.loc },
    loc: a.loc,
  };
}

function keyPath(a: ast.Assignment, scope: Scope, sem: Sem): string[] {
  if (a.lhs !== null) return assignmentPath(a.lhs, scope, sem);
  const e = a.rhs;
  if (e.kind === 'ID' && e.name === 'this') throw new CompileError("cannot assign to 'this'", e.loc);
  if (e.kind === 'ID') return [e.name];
  if (e.kind === 'BinaryExpr' && e.op === '.') return lvalPath(e, scope, sem);
  // Zed names a bucketing key after the time it buckets.
  if (e.kind === 'Call' && e.name.name === 'every') return ['ts'];
  if (e.kind === 'Call') return [e.name.name];
  throw new CompileError('group-by key name could not be inferred', e.loc);
}

export function semSummarize(
  keys: readonly ast.Assignment[],
  aggs: readonly ast.AggAssignment[],
  limit: number,
  scope: Scope,
  sem: Sem,
): dag.Summarize {
  const keyPlans: dag.Assignment[] = keys.map((k) => {
    const path = keyPath(k, scope, sem);
    return { kind: 'Assignment', lhs: thisNode(path), rhs: semExpr(k.rhs, scope, sem) };
  });
  const seen = new Set<string>(keyPlans.map((k) => k.lhs.path.join('.')));
  const aggPlans: dag.AggAssignment[] = aggs.map((a) => {
    resolveAggregate(a.rhs.name, a.rhs.expr !== null);
    const path = a.lhs === null ? [a.rhs.name] : assignmentPath(a.lhs, scope, sem);
    const name = path.join('.');
    if (seen.has(name)) throw new CompileError(`duplicate field: "${name}"`, a.loc);
    seen.add(name);
    return {
      kind: 'AggAssignment',
      lhs: thisNode(path),
      rhs: {
        kind: 'Agg',
        name: a.rhs.name,
        expr: a.rhs.expr === null ? null : semExpr(a.rhs.expr, scope, sem),
        where: a.rhs.where === null ? null : semExpr(a.rhs.where, scope, sem),
      },
    };
  });
  return { kind: 'Summarize', keys: keyPlans, aggs: aggPlans, limit };
}
