// top: the n greatest values by the keys, greatest first (runtime/sam/op/
// top). Keys compare ascending with nulls smallest and missing as null; a
// min-heap of n values drops the rest as they come. With no keys the key is
// guessed from the first value, as sort does. With flush, each input batch
// ends a round.

import type { Value } from '../../zed/index.js';
import { guessSortKey, keysComparator } from './compare.js';
import { Heap } from './heap.js';
import { fieldGetter } from './paths.js';
import { checkAbort, type Batch, type Evaluator, type OpContext, type Stream } from './types.js';
import { ErrorValues } from './values.js';

/** Zed's default when top is given no count. */
export const DEFAULT_TOP_LIMIT = 100;

export async function* topOp(
  ctx: OpContext,
  parent: Stream,
  limit: number,
  keys: readonly Evaluator[] | null,
  flush = false,
): AsyncGenerator<Batch> {
  const n = limit === 0 ? DEFAULT_TOP_LIMIT : limit;
  let exprs: readonly Evaluator[] | null = keys !== null && keys.length > 0 ? keys : null;
  let cmp: ((a: Value, b: Value) => number) | null = null;
  let heap: Heap<Value> | null = null;
  const sorted = (): Value[] => {
    if (heap === null) return [];
    const out = new Array<Value>(heap.size);
    for (let i = out.length - 1; i >= 0; i--) out[i] = heap.pop()!;
    heap = null;
    return out;
  };
  for await (const batch of parent) {
    checkAbort(ctx);
    for (let i = 0; i < batch.length; i++) {
      const v = batch[i]!;
      if (exprs === null) exprs = [fieldGetter(new ErrorValues(ctx.zctx), guessSortKey(v) ?? [])];
      if (cmp === null) cmp = keysComparator(exprs.map((expr) => ({ expr, order: 'asc' })), false);
      if (heap === null) {
        const c = cmp;
        heap = new Heap<Value>((a, b) => c(a, b) < 0);
      }
      if (heap.size < n || cmp(heap.peek()!, v) < 0) heap.push(v);
      if (heap.size > n) heap.pop();
    }
    if (flush) {
      const out = sorted();
      if (out.length > 0) yield out;
    }
  }
  const out = sorted();
  if (out.length > 0) yield out;
}
