// fuse: reads all input, fuses the types seen (agg's fusion schema: records
// merge field by field, other clashes become unions) and shapes every value
// to the fused type (runtime/sam/op/fuse). The shaping is Zed's ConstShaper
// with cast, fill and order, which the compiler passes in as `shaperFor`.
// The input is held in memory or, past the limit, in a spill file.

import type { Type } from '../../zed/index.js';
import { FusedSchema } from '../agg/index.js';
import { Stash } from './stash.js';
import { checkAbort, type Batch, type Evaluator, type OpContext, type Stream } from './types.js';

/** `shaperFor(t)` shapes a value to `t` (Zed's NewConstShaper(t, Cast|Fill|Order)). */
export async function* fuseOp(ctx: OpContext, parent: Stream, shaperFor: (t: Type) => Evaluator): AsyncGenerator<Batch> {
  const schema = new FusedSchema(ctx.zctx);
  const seen = new Set<Type>();
  const stash = new Stash(ctx);
  try {
    for await (const batch of parent) {
      checkAbort(ctx);
      for (const v of batch) {
        if (!seen.has(v.type)) {
          seen.add(v.type);
          schema.mixin(v.type);
        }
      }
      await stash.add(batch);
    }
    const t = schema.type;
    if (t === null) return;
    const shape = shaperFor(t);
    for await (const batch of stash.read()) yield batch.map(shape);
  } finally {
    await stash.close();
  }
}
