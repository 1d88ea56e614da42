// Operators whose wiring needs more than one stream transformer: fuse,
// shape, join, sample, over, load, output and debug.

import type * as ast from '../ast/index.js';
import type { Assignment, PipelineFn, Stream } from '../../runtime/op/types.js';
import { CompileError, UnsupportedExprError } from './errors.js';
import type { Env } from './env.js';
import type { BuildContext } from './seq.js';

export interface SeqHelpers {
  one(streams: Stream[], bctx: BuildContext): Stream;
  pipelineFn(seq: ast.Seq | null, env: Env, bctx: BuildContext): PipelineFn;
  assignments(args: readonly ast.Assignment[], env: Env): Assignment[];
}

export function extraOps(
  op: ast.Fuse | ast.Shape | ast.Join | ast.Sample | ast.Over | ast.Load | ast.Output | ast.Debug,
  _env: Env,
  _bctx: BuildContext,
  inputs: Stream[],
  _h: SeqHelpers,
): Stream[] {
  switch (op.kind) {
    case 'Load':
      throw new CompileError('load operator cannot be used without a lake', null);
    case 'Debug':
    case 'Output':
      return inputs;
    default:
      throw new UnsupportedExprError(`${op.kind.toLowerCase()}: operator not supported yet`, null);
  }
}
