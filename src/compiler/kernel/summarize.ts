// Wires `summarize` (and bare aggregations like `count()`) to the group table:
// key and argument expressions are compiled once; each batch is consumed
// synchronously, spilling between batches when the table asks to.

import type * as ast from '../ast/index.js';
import { GroupTable, resolveAggregate, lookupAggregate, type AggregateSpec } from '../../runtime/agg/index.js';
import type { Batch, OpContext, Stream } from '../../runtime/op/types.js';
import type { Value } from '../../zed/index.js';
import { CompileError } from './errors.js';
import type { Env, Evaluator } from './env.js';
import { compileBool, compileExpr } from './expr.js';
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
  const keyPaths = keys.map((k) => keyPath(k, env));
  const keyExprs: Evaluator[] = keys.map((k) => compileExpr(k.rhs, env));
  const specs: AggregateSpec[] = [];
  const args: (Evaluator | null)[] = [];
  const wheres: (((v: Value) => boolean) | null)[] = [];
  const seen = new Set<string>(keyPaths.map((p) => p.join('.')));
  for (const a of aggs) {
    const def = resolveAggregate(a.rhs.name, a.rhs.expr !== null);
    const path = a.lhs === null ? [a.rhs.name] : compileAssignmentLval(a.lhs, env);
    const name = path.join('.');
    if (seen.has(name)) throw new CompileError(`duplicate field: "${name}"`, a.loc);
    seen.add(name);
    specs.push({ path, def });
    args.push(a.rhs.expr === null ? null : compileExpr(a.rhs.expr, env));
    wheres.push(a.rhs.where === null ? null : compileBool(a.rhs.where, env));
  }
  return run();

  async function* run(): AsyncGenerator<Batch> {
    const table = new GroupTable({
      zctx: ctx.zctx,
      keys: keyPaths,
      aggs: specs,
      ...(limit > 0 ? { groupLimit: limit } : {}),
      ...(ctx.memoryLimit !== undefined ? { memoryLimit: ctx.memoryLimit } : {}),
      ...(ctx.spillStore !== undefined ? { spillStore: ctx.spillStore } : {}),
    });
    const keyVals: Value[] = new Array(keyExprs.length);
    const argVals: (Value | undefined)[] = new Array(args.length);
    try {
      for await (const batch of parent) {
        for (const v of batch) {
          for (let i = 0; i < keyExprs.length; i++) keyVals[i] = keyExprs[i]!(v);
          for (let j = 0; j < args.length; j++) {
            const w = wheres[j];
            if (w !== null && w !== undefined && !w(v)) {
              argVals[j] = undefined;
              continue;
            }
            const e = args[j];
            argVals[j] = e === null || e === undefined ? v : e(v);
          }
          table.consume(keyVals, argVals);
        }
        if (table.shouldSpill) await table.spill();
      }
      yield* table.results();
    } finally {
      await table.close();
    }
  }
}
