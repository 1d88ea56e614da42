// Operators whose wiring needs more than one stream transformer or a scope of
// their own: fuse, shape, join, sample, over, load, output and debug.

import type * as ast from '../ast/index.js';
import { CAST, FILL, ORDER, ConstShaper } from '../../runtime/function/index.js';
import { fuseOp } from '../../runtime/op/fuse.js';
import { joinOp } from '../../runtime/op/join.js';
import { overOp } from '../../runtime/op/over.js';
import { sampleOp } from '../../runtime/op/sample.js';
import { shapeOp } from '../../runtime/op/shape.js';
import type { Assignment, LateralFn, PipelineFn, Stream } from '../../runtime/op/types.js';
import { CompileError } from './errors.js';
import type { Env } from './env.js';
import { compileExpr } from './expr.js';
import type { BuildContext } from './seq.js';
import { buildSeq } from './seq.js';

export interface SeqHelpers {
  one(streams: Stream[], bctx: BuildContext): Stream;
  pipelineFn(seq: ast.Seq | null, env: Env, bctx: BuildContext): PipelineFn;
  assignments(args: readonly ast.Assignment[], env: Env): Assignment[];
}

export function extraOps(
  op: ast.Fuse | ast.Shape | ast.Join | ast.Sample | ast.Over | ast.Load | ast.Output | ast.Debug,
  env: Env,
  bctx: BuildContext,
  inputs: Stream[],
  h: SeqHelpers,
): Stream[] {
  const ctx = bctx.op;
  switch (op.kind) {
    case 'Fuse': {
      const shapers = (t: Parameters<ConstShaper['shape']>[0]['type']) => {
        const s = new ConstShaper(env.ectx, t, CAST | FILL | ORDER);
        return (v: Parameters<ConstShaper['shape']>[0]) => s.shape(v);
      };
      return [fuseOp(ctx, h.one(inputs, bctx), shapers)];
    }
    case 'Shape':
      return [shapeOp(ctx, h.one(inputs, bctx))];
    case 'Sample':
      return [sampleOp(ctx, h.one(inputs, bctx), op.expr === null ? null : compileExpr(op.expr, env))];
    case 'Join': {
      let left: Stream;
      let right: Stream;
      if (op.rightInput !== null) {
        left = h.one(inputs, bctx);
        right = h.one(buildSeq(op.rightInput, env, bctx, []), bctx);
      } else {
        if (inputs.length !== 2) throw new CompileError('join requires two inputs', op.loc);
        left = inputs[0]!;
        right = inputs[1]!;
      }
      const leftKey = compileExpr(op.leftKey, env);
      const rightKey = op.rightKey === null ? leftKey : compileExpr(op.rightKey, env);
      return [joinOp(ctx, left, right, { style: op.style, leftKey, rightKey, assignments: h.assignments(op.args, env) })];
    }
    case 'Over': {
      const exprs = op.exprs.map((e) => compileExpr(e, env));
      if (op.body === null) return [overOp(ctx, h.one(inputs, bctx), exprs, null)];
      const body = op.body;
      const scope = env.child();
      const locals = op.locals.map((d) => ({ slot: scope.defineLocal(d.name.name), expr: compileExpr(d.expr, env) }));
      const vars = scope.frame.vars;
      // The body is built per outer value: its operators hold per-run state.
      const lateral: LateralFn = (input, outer) => {
        for (const l of locals) vars[l.slot] = l.expr(outer);
        return h.one(buildSeq(body, scope, bctx, [input]), bctx);
      };
      return [overOp(ctx, h.one(inputs, bctx), exprs, lateral)];
    }
    case 'Load': {
      const load = bctx.sources.load;
      if (load === undefined) throw new CompileError('load operator cannot be used without a lake', op.loc);
      const target = { pool: op.pool, branch: op.branch ?? 'main', author: op.author, message: op.message, meta: op.meta };
      return [load.call(bctx.sources, target, h.one(inputs, bctx))];
    }
    case 'Debug':
    case 'Output':
      return inputs;
  }
}
