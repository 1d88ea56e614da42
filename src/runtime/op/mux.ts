// mux: the outputs of a query, each on its named channel (Zed's channels:
// `main`, the names of `output` operators, `debug`), merged in arrival
// order as combine merges, each batch tagged with its channel, and an end
// marker when a channel's stream is done. Stopping early closes every input.

import { checkAbort, type Batch, type OpContext, type Stream } from './types.js';

/** A batch of a channel, or (batch null) the end of that channel. */
export interface ChannelBatch {
  readonly channel: string;
  readonly batch: Batch | null;
}

type Arrival = readonly [number, IteratorResult<Batch>];

export async function* muxOp(ctx: OpContext, channels: readonly { readonly name: string; readonly stream: Stream }[]): AsyncGenerator<ChannelBatch> {
  const its = channels.map((c) => c.stream[Symbol.asyncIterator]());
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
      const channel = channels[i]!.name;
      if (r.done === true) {
        pending.delete(i);
        yield { channel, batch: null };
        continue;
      }
      checkAbort(ctx);
      pull(i);
      if (r.value.length > 0) yield { channel, batch: r.value };
    }
  } finally {
    const open = [...pending.keys()];
    for (const p of pending.values()) p.catch(() => undefined);
    await Promise.allSettled(open.map((i) => its[i]!.return?.()));
  }
}
