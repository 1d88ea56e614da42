// `zlake serve` runs each load in a worker thread (worker-pool.ts) with a
// small heap: parsing a load makes garbage at the rate it reads, which the
// main thread's heap would let grow to gigabytes before collecting it,
// while a worker whose heap is capped collects it and stays small (a 64 MiB
// load of tiny records peaked at 375 MiB in the main thread, 245 MiB in a
// worker of 128 MiB). The main thread reads the request body and sends it
// to the worker a window of chunks at a time, so a slow load slows the
// client instead of filling memory. A client that leaves stops the load
// uncommitted.

import { MessageChannel } from 'node:worker_threads';
import { reviveError, type LoadExecutor, type LoadJobResult, type LoadJobSpec } from '../../src/index.js';
import { CHUNK_WINDOW, type JobStart, type LoadInput, type LoadMessage } from './job-protocol.js';
import type { LakeConfig } from './open-lake.js';
import { WorkerPool } from './worker-pool.js';

/** The old-generation heap of a load worker: small, so its garbage is collected early. */
export const LOAD_HEAP_MB = 160;
/**
 * The young generation of a load worker. V8's default (16 MiB semi-spaces)
 * is mostly garbage of parsed chunks at the peak: with 8 MiB a 1 GiB NDJSON
 * load over HTTP peaked 41-49 MiB lower (333 against 381 MiB with two
 * encode threads), at about the same speed.
 */
export const LOAD_YOUNG_MB = 8;

export interface LoadPoolOptions {
  readonly lake: LakeConfig;
  /** Most loads at once (loads past it wait, their bodies unread). */
  readonly maxWorkers: number;
  readonly log?: (level: 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>) => void;
}

/** The request body as a plain iterator. */
function iterate(body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | null): AsyncIterator<Uint8Array> | null {
  if (body === null) return null;
  if (body instanceof ReadableStream) {
    const reader = body.getReader();
    return {
      next: async () => {
        const r = await reader.read();
        return r.done === true ? { done: true, value: undefined } : { done: false, value: r.value };
      },
      return: async () => {
        await reader.cancel().catch(() => {});
        return { done: true, value: undefined };
      },
    };
  }
  return body[Symbol.asyncIterator]();
}

/** Bytes the worker can take as its own. */
function transferable(b: Uint8Array): Uint8Array {
  return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer ? b : b.slice();
}

export class LoadPool implements LoadExecutor {
  readonly #pool: WorkerPool;

  constructor(opts: LoadPoolOptions) {
    this.#pool = new WorkerPool({
      name: 'load',
      maxWorkers: opts.maxWorkers,
      heapMb: LOAD_HEAP_MB,
      youngMb: LOAD_YOUNG_MB,
      // A load is long next to a worker's start: none is kept warm beside
      // a running load (one that just ended stays a while, see WorkerPool).
      spares: 0,
      // (A load worker runs no query: the query settings are its defaults.)
      setup: { lake: opts.lake, memoryLimit: LOAD_HEAP_MB << 20, getAllow: [] },
      ...(opts.log !== undefined ? { log: opts.log } : {}),
    });
  }

  get size(): number {
    return this.#pool.size;
  }

  async load(spec: LoadJobSpec, body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | null, signal: AbortSignal): Promise<LoadJobResult> {
    if (signal.aborted) throw signal.reason;
    const lease = await this.#pool.acquire(signal);
    const w = lease.worker;
    const { port1: port, port2 } = new MessageChannel();
    const input = iterate(body);
    let credits = CHUNK_WINDOW;
    let wake: (() => void) | null = null;
    let over = false;
    const outcome = new Promise<LoadJobResult>((resolve, reject) => {
      const untilDeath = w.onDeath((why) => {
        over = true;
        wake?.();
        reject(new Error(why === 'memory' ? 'load worker ran out of memory' : `load worker failed: ${why}`));
      });
      port.on('message', (m: LoadMessage) => {
        switch (m.t) {
          case 'ack':
            credits += m.n;
            wake?.();
            return;
          case 'done':
            over = true;
            untilDeath();
            lease.end(m.memory);
            resolve(m.result);
            break;
          case 'failed':
            over = true;
            untilDeath();
            lease.end(m.memory);
            reject(reviveError(m.error));
            break;
          default: {
            const never: never = m;
            throw new Error(`unknown worker message ${JSON.stringify(never)}`);
          }
        }
        wake?.();
        port.close();
      });
    });
    outcome.catch(() => {});
    const onAbort = () => {
      if (!over) port.postMessage({ t: 'stop' } satisfies LoadInput);
      wake?.();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    w.worker.postMessage({ t: 'load', spec, port: port2 } satisfies JobStart, [port2]);
    // Send the body within the window; the worker's answer may come first (a bad body fails early).
    try {
      if (input !== null) {
        for (;;) {
          while (credits <= 0 && !over && !signal.aborted) await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          if (over || signal.aborted) break;
          let r: IteratorResult<Uint8Array>;
          try {
            r = await input.next();
          } catch (e) {
            // The connection broke: the load must not commit.
            if (!over) port.postMessage({ t: 'stop' } satisfies LoadInput);
            throw e;
          }
          if (r.done === true) break;
          if (over) break;
          credits--;
          const b = transferable(r.value);
          port.postMessage({ t: 'data', bytes: b } satisfies LoadInput, [b.buffer as ArrayBuffer]);
        }
      }
      if (!over && !signal.aborted) port.postMessage({ t: 'eof' } satisfies LoadInput);
      return await outcome;
    } finally {
      signal.removeEventListener('abort', onAbort);
      // What the worker did not read stays unread: stop the body's source.
      if (over) await input?.return?.(undefined)?.catch(() => {});
    }
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}
