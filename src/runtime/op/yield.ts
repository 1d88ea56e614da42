// yield: each expression's value for each input value, in order
// (runtime/sam/op/yield). error("quiet") results are dropped.

import type { Value } from '../../zed/index.js';
import type { Batch, Evaluator, OpContext, Stream } from './types.js';
import { isQuiet } from './values.js';

export async function* yieldOp(_ctx: OpContext, parent: Stream, exprs: readonly Evaluator[]): AsyncGenerator<Batch> {
  const n = exprs.length;
  for await (const batch of parent) {
    const out: Value[] = [];
    for (let i = 0; i < batch.length; i++) {
      const v = batch[i]!;
      for (let k = 0; k < n; k++) {
        const r = exprs[k]!(v);
        if (r.type.kind === 'error' && isQuiet(r)) continue;
        out.push(r);
      }
    }
    if (out.length > 0) yield out;
  }
}
