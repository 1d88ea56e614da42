// combine: merges several inputs in arrival order (runtime/sam/op/combine).
// One pull is kept in flight per input; whichever answers first is handed
// on. Stopping early closes every input.

import { checkAbort, type Batch, type OpContext, type Stream } from './types.js';

type Arrival = readonly [number, IteratorResult<Batch>];

export async function* combineOp(ctx: OpContext, parents: readonly Stream[]): AsyncGenerator<Batch> {
  if (parents.length === 1) {
    yield* parents[0]!;
    return;
  }
  const its = parents.map((p) => p[Symbol.asyncIterator]());
  const pending = new Map<number, Promise<Arrival>>();
  const pull = (i: number): void => {
    pending.set(
      i,
      its[i]!.next().then((r): Arrival => [i, r]),
    );
  };
  try {
    for (let i = 0; i < its.length; i++) pull(i);
    while (pending.size > 0) {
      const [i, r] = await Promise.race(pending.values());
      if (r.done === true) {
        pending.delete(i);
        continue;
      }
      checkAbort(ctx);
      pull(i);
      if (r.value.length > 0) yield r.value;
    }
  } finally {
    const open = [...pending.keys()];
    // Pulls still in flight settle unobserved; their failures do not matter now.
    for (const p of pending.values()) p.catch(() => undefined);
    await Promise.allSettled(open.map((i) => its[i]!.return?.()));
  }
}
