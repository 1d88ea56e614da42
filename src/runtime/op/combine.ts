// combine: merges several inputs in arrival order (runtime/sam/op/combine).
// One pull is kept in flight per input (see mux.ts); whichever answers
// first is handed on. Stopping early closes every input.

import { muxOp } from './mux.js';
import type { Batch, OpContext, Stream } from './types.js';

export async function* combineOp(ctx: OpContext, parents: readonly Stream[]): AsyncGenerator<Batch> {
  if (parents.length === 1) {
    yield* parents[0]!;
    return;
  }
  for await (const c of muxOp(
    ctx,
    parents.map((stream) => ({ name: '', stream })),
  )) {
    if (c.batch !== null) yield c.batch;
  }
}
