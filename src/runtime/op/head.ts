// head: the first n values, then the end of the sequence (runtime/sam/op/head).
// Upstream is closed (its finally blocks run) as soon as n values are in hand,
// before the last batch is handed on.

import type { Batch, OpContext, Stream } from './types.js';

/** The first `n` values; n <= 0 yields nothing without pulling (Zed's compiler turns 0 into 1). */
export async function* headOp(_ctx: OpContext, parent: Stream, n: number): AsyncGenerator<Batch> {
  if (n <= 0) return;
  let count = 0;
  let last: Batch | null = null;
  for await (const batch of parent) {
    const remaining = n - count;
    if (batch.length < remaining) {
      count += batch.length;
      if (batch.length > 0) yield batch;
      continue;
    }
    last = batch.length === remaining ? batch : batch.slice(0, remaining);
    break;
  }
  if (last !== null) yield last;
}
