// One upstream read by several downstream exits (Zed's op.Router, used by
// fork and switch). An exit that finds its queue empty pulls the next
// upstream batch, which the router's forward function spreads over the
// exits' queues; at most one upstream pull is in flight. Exits read at their
// own pace: a batch waits in a queue until its exit takes it, so memory
// grows when one exit is read far ahead of another. When every exit is
// closed, the upstream is closed (its finally blocks run); a closed exit's
// share is dropped.

import type { Batch, Stream } from './types.js';

/** Hands batch `b` to exit `exit`. */
export type Send = (exit: number, b: Batch) => void;

class Queue {
  items: Batch[] = [];
  head = 0;
  closed = false;

  take(): Batch | undefined {
    if (this.head >= this.items.length) return undefined;
    const b = this.items[this.head]!;
    this.items[this.head++] = [];
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    }
    return b;
  }
}

export class Router {
  private it: AsyncIterator<Batch> | null = null;
  private readonly queues: Queue[];
  private pulling: Promise<void> | null = null;
  private done = false;
  private failed = false;
  private error: unknown = undefined;
  private open: number;
  private readonly send: Send;

  constructor(
    private readonly parent: Stream,
    n: number,
    private readonly forward: (b: Batch, send: Send) => void,
  ) {
    this.queues = Array.from({ length: n }, () => new Queue());
    this.open = n;
    this.send = (exit, b) => {
      const q = this.queues[exit]!;
      if (!q.closed && b.length > 0) q.items.push(b);
    };
  }

  /** The stream of exit `i`; each exit is meant to be iterated once. */
  exit(i: number): Stream {
    const q = this.queues[i]!;
    const it: AsyncIterableIterator<Batch> = {
      next: async (): Promise<IteratorResult<Batch>> => {
        for (;;) {
          if (q.closed) return { done: true, value: undefined };
          const b = q.take();
          if (b !== undefined) return { done: false, value: b };
          if (this.failed) throw this.error;
          if (this.done) return { done: true, value: undefined };
          await this.pull();
        }
      },
      return: async (): Promise<IteratorResult<Batch>> => {
        await this.close(q);
        return { done: true, value: undefined };
      },
      [Symbol.asyncIterator]() {
        return it;
      },
    };
    return it;
  }

  private pull(): Promise<void> {
    if (this.pulling === null) {
      this.pulling = (async () => {
        try {
          this.it ??= this.parent[Symbol.asyncIterator]();
          const r = await this.it.next();
          if (r.done === true) this.done = true;
          else this.forward(r.value, this.send);
        } catch (e) {
          this.failed = true;
          this.error = e;
          this.done = true;
        } finally {
          this.pulling = null;
        }
      })();
    }
    return this.pulling;
  }

  private async close(q: Queue): Promise<void> {
    if (q.closed) return;
    q.closed = true;
    q.items = [];
    q.head = 0;
    if (--this.open > 0 || this.done) return;
    this.done = true;
    const it = this.it;
    if (it !== null && it.return !== undefined) await it.return();
  }
}
