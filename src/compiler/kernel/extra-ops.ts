// Operators whose wiring needs more than one stream transformer or a body
// of their own: fuse, shape, sample, join and over.

import { InvalidError } from '../../errors/index.js';
import type * as dag from '../dag/index.js';
import { CAST, FILL, ORDER, ConstShaper } from '../../runtime/function/index.js';
import { fuseOp, joinOp, overOp, sampleOp, shapeOp, type Stream } from '../../runtime/op/index.js';
import { assignments, buildSeq, one, type BuildContext } from './build.js';
import { compileExpr } from './expr.js';
import { lateralBody } from './lateral.js';

export function buildExtraOp(op: dag.Fuse | dag.Shape | dag.Sample | dag.Join | dag.Over, bctx: BuildContext, inputs: Stream[]): Stream[] {
  const ctx = bctx.op;
  const env = bctx.env;
  switch (op.kind) {
    case 'Fuse': {
      const shapers = (t: Parameters<ConstShaper['shape']>[0]['type']) => {
        const s = new ConstShaper(env.ectx, t, CAST | FILL | ORDER);
        return (v: Parameters<ConstShaper['shape']>[0]) => s.shape(v);
      };
      return [fuseOp(ctx, one(inputs, bctx), shapers)];
    }
    case 'Shape':
      return [shapeOp(ctx, one(inputs, bctx))];
    case 'Sample':
      return [sampleOp(ctx, one(inputs, bctx), op.expr === null ? null : compileExpr(op.expr, env))];
    case 'Join': {
      // The semantic pass made sure two streams come in (left, right).
      const [left, right] = inputs;
      if (left === undefined || right === undefined || inputs.length !== 2) throw new InvalidError('join requires two inputs');
      const leftKey = compileExpr(op.leftKey, env);
      const rightKey = op.rightKey === op.leftKey ? leftKey : compileExpr(op.rightKey, env);
      return [joinOp(ctx, left, right, { style: op.style, leftKey, rightKey, assignments: assignments(op.args, env) })];
    }
    case 'Over': {
      const exprs = op.exprs.map((e) => compileExpr(e, env));
      if (op.body === null) return [overOp(ctx, one(inputs, bctx), exprs, null)];
      // The body is built per outer value: its operators hold per-run state.
      const lateral = lateralBody(op.defs, op.body, env, (body, input) => one(buildSeq(body, bctx, [input]), bctx));
      return [overOp(ctx, one(inputs, bctx), exprs, lateral)];
    }
  }
}
