// drop: removes fields from records; other values pass unchanged, and a
// record that would be left empty is dropped (runtime/sam/op/apply.go with
// expr.Dropper).

import type { Value } from '../../zed/index.js';
import { Dropper } from './dropper.js';
import type { FieldPath } from './paths.js';
import type { Batch, OpContext, Stream } from './types.js';
import { ErrorValues, isQuiet } from './values.js';

export async function* dropOp(ctx: OpContext, parent: Stream, fields: readonly FieldPath[]): AsyncGenerator<Batch> {
  const errs = new ErrorValues(ctx.zctx);
  const dropper = new Dropper(ctx.zctx, errs, fields);
  for await (const batch of parent) {
    const out: Value[] = [];
    for (let i = 0; i < batch.length; i++) {
      const r = dropper.eval(batch[i]!);
      if (r.type.kind === 'error' && isQuiet(r)) continue;
      out.push(r);
    }
    if (out.length > 0) yield out;
  }
}
