// tail: the last n values (runtime/sam/op/tail). Whole batches are kept
// until they hold more than n values, then the oldest is dropped.

import { checkAbort, type Batch, type OpContext, type Stream } from './types.js';

/** The last `n` values; n <= 0 drains the input and yields nothing. */
export async function* tailOp(ctx: OpContext, parent: Stream, n: number): AsyncGenerator<Batch> {
  const kept: Batch[] = [];
  let first = 0;
  let count = 0;
  for await (const batch of parent) {
    checkAbort(ctx);
    if (batch.length === 0) continue;
    kept.push(batch);
    count += batch.length;
    while (first < kept.length && count - kept[first]!.length >= n) {
      count -= kept[first]!.length;
      kept[first++] = [];
    }
    if (first > 1024) {
      kept.splice(0, first);
      first = 0;
    }
  }
  if (n <= 0) return;
  for (let i = first; i < kept.length; i++) {
    let b = kept[i]!;
    if (i === first && count > n) b = b.slice(count - n);
    yield b;
  }
}
