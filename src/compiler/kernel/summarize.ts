// Builds the summarize operator from its plan: key, argument and where
// expressions compiled once; names were inferred by the semantic pass.

import type * as dag from '../dag/index.js';
import { resolveAggregate } from '../../runtime/agg/index.js';
import {
  type OpContext,
  type PartialSink,
  type Stream,
  summarizeOp,
  summarizeWithPartials,
} from '../../runtime/op/index.js';
import type { Env } from './env.js';
import { compileExpr } from './expr.js';

/** With `feed`, the input comes from it, partly as partials (see summarizeWithPartials); `parent` is then unused. */
export function buildSummarize(op: dag.Summarize, env: Env, ctx: OpContext, parent: Stream | null, feed?: (sink: PartialSink) => Stream): Stream {
  const keys = op.keys.map((k) => ({ path: [...k.lhs.path], expr: compileExpr(k.rhs, env) }));
  const aggs = op.aggs.map((a) => ({
    path: [...a.lhs.path],
    def: resolveAggregate(a.rhs.name, a.rhs.expr !== null),
    arg: a.rhs.expr === null ? null : compileExpr(a.rhs.expr, env),
    where: a.rhs.where === null ? null : compileExpr(a.rhs.where, env),
  }));
  const opts = { keys, aggs, ...(op.limit > 0 ? { groupLimit: op.limit } : {}) };
  if (feed !== undefined) return summarizeWithPartials(ctx, opts, feed);
  return summarizeOp(ctx, parent!, opts);
}
