// `zlake serve` runs each query in a worker thread (worker-pool.ts), so no
// query can hold the thread that answers requests. A query stops within
// STOP_GRACE_MS of its client leaving or its time limit: the worker stops at
// its next batch, or is terminated (which also frees all it held). A worker
// that runs out of its heap fails its query with the memory error, and the
// server lives on.

import { MessageChannel } from 'node:worker_threads';
import {
  QueryMemoryError,
  QueryTimeoutError,
  QueryWriter,
  reviveError,
  type QueryExecutor,
  type QueryJobControl,
  type QueryJobSpec,
} from '../../src/index.js';
import { CANCELED, CHUNK_WINDOW, TIMED_OUT, type JobStart, type QueryControl, type QueryMessage } from './job-protocol.js';
import type { LakeConfig } from './open-lake.js';
import { WorkerPool } from './worker-pool.js';

/** How long a query may take to stop on its own before its worker is terminated. */
export const STOP_GRACE_MS = 100;
/** The most column copy bytes a query worker keeps between its queries. */
const COLUMN_CACHE_MAX = 256 * 1024 * 1024;
/** Heap a worker needs beside what its query holds. */
const BASE_HEAP_MB = 256;

export interface QueryPoolOptions {
  readonly lake: LakeConfig;
  /** Most workers at once (queries past it wait). */
  readonly maxWorkers: number;
  /** Bytes one query may hold: its operators' budget, and (plus a base) its worker's heap. */
  readonly memoryLimit: number;
  /** Wall time one query may run, in ms (none when absent). */
  readonly timeoutMs?: number;
  readonly statsIntervalMs?: number;
  /** Hosts a query's `get URL` may reach (-query.get.allow). */
  readonly getAllow?: readonly string[];
  readonly getTimeoutMs?: number;
  readonly log?: (level: 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>) => void;
}

/** The chunks the client reads, as the worker sends them. */
class Inbox {
  readonly #items: (Uint8Array | null)[] = [];
  #wake: (() => void) | null = null;

  push(b: Uint8Array | null): void {
    this.#items.push(b);
    this.#wake?.();
    this.#wake = null;
  }

  async next(): Promise<Uint8Array | null> {
    while (this.#items.length === 0) await new Promise<void>((resolve) => (this.#wake = resolve));
    return this.#items.shift()!;
  }
}

export class QueryPool implements QueryExecutor {
  readonly #opts: QueryPoolOptions;
  readonly #pool: WorkerPool;

  constructor(opts: QueryPoolOptions) {
    this.#opts = opts;
    this.#pool = new WorkerPool({
      name: 'query',
      maxWorkers: opts.maxWorkers,
      heapMb: Math.ceil(opts.memoryLimit / 2 ** 20) + BASE_HEAP_MB,
      setup: {
        // Each worker keeps column bytes of its own: at most half a query's memory, and 256 MiB.
        lake: { columnCacheBytes: Math.min(COLUMN_CACHE_MAX, Math.floor(opts.memoryLimit / 2)), ...opts.lake },
        memoryLimit: opts.memoryLimit,
        getAllow: opts.getAllow ?? [],
        ...(opts.getTimeoutMs !== undefined ? { getTimeoutMs: opts.getTimeoutMs } : {}),
        ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
        ...(opts.statsIntervalMs !== undefined ? { statsIntervalMs: opts.statsIntervalMs } : {}),
      },
      ...(opts.log !== undefined ? { log: opts.log } : {}),
    });
  }

  /** Workers now (for tests and metrics). */
  get size(): number {
    return this.#pool.size;
  }

  async start(spec: QueryJobSpec, ctl: QueryJobControl): Promise<AsyncGenerator<Uint8Array>> {
    if (ctl.signal.aborted) throw ctl.signal.reason;
    const lease = await this.#pool.acquire(ctl.signal);
    const w = lease.worker;
    const { port1: port, port2 } = new MessageChannel();
    const flagBuffer = new SharedArrayBuffer(4);
    const flag = new Int32Array(flagBuffer);
    const inbox = new Inbox();
    let ended = false;
    let stopTimer: ReturnType<typeof setTimeout> | undefined;
    let failure: string | null = null;
    let settle!: { ok: () => void; fail: (e: Error) => void };
    const started = new Promise<void>((ok, fail) => (settle = { ok, fail }));

    const finish = (memory: number) => {
      if (ended) return;
      ended = true;
      clearTimeout(stopTimer);
      clearTimeout(timeLimit);
      ctl.signal.removeEventListener('abort', onAbort);
      untilDeath();
      port.close();
      lease.end(memory);
    };
    const stop = (why: number) => {
      if (ended || Atomics.load(flag, 0) !== 0) return;
      Atomics.store(flag, 0, why);
      port.postMessage({ t: 'stop' } satisfies QueryControl);
      // A worker that does not stop in time is terminated: its CPU and memory go with it.
      stopTimer = setTimeout(() => {
        if (!ended) w.terminate();
      }, STOP_GRACE_MS);
    };
    const onAbort = () => stop(CANCELED);
    // (The client may have left while a worker was being found.)
    if (ctl.signal.aborted) queueMicrotask(onAbort);
    else ctl.signal.addEventListener('abort', onAbort, { once: true });
    const limit = this.#opts.timeoutMs;
    const timeLimit = limit !== undefined && limit > 0 ? setTimeout(() => stop(TIMED_OUT), limit) : undefined;
    const untilDeath = w.onDeath((why) => {
      if (ended) return;
      const timedOut = Atomics.load(flag, 0) === TIMED_OUT;
      failure = why === 'memory' ? new QueryMemoryError(this.#opts.memoryLimit).message : timedOut ? new QueryTimeoutError(limit ?? 0).message : `query worker failed: ${why}`;
      settle.fail(new Error(failure));
      inbox.push(null);
      ended = true;
      clearTimeout(stopTimer);
      clearTimeout(timeLimit);
      ctl.signal.removeEventListener('abort', onAbort);
      port.close();
      lease.end(0);
    });

    port.on('message', (m: QueryMessage) => {
      switch (m.t) {
        case 'started':
          settle.ok();
          break;
        case 'failed':
          settle.fail(reviveError(m.error));
          break;
        case 'data':
          inbox.push(m.bytes);
          break;
        case 'error':
          ctl.onError?.(m.message, m.stage);
          break;
        case 'end':
          finish(m.memory);
          inbox.push(null);
          break;
        default: {
          const never: never = m;
          throw new Error(`unknown worker message ${JSON.stringify(never)}`);
        }
      }
    });
    w.worker.postMessage({ t: 'query', spec, port: port2, flag: flagBuffer } satisfies JobStart, [port2]);
    try {
      await started;
    } catch (e) {
      // (A worker that fails a query's compile ends the job right after.)
      if (failure !== null && ctl.signal.aborted) throw ctl.signal.reason;
      throw e;
    }
    const writer = () => new QueryWriter({ format: spec.format, ctrl: spec.ctrl, channel: spec.channel });
    return (async function* () {
      let unacked = 0;
      try {
        for (;;) {
          const b = await inbox.next();
          if (b === null) break;
          if (++unacked >= CHUNK_WINDOW / 4) {
            if (!ended) port.postMessage({ t: 'ack', n: unacked } satisfies QueryControl);
            unacked = 0;
          }
          yield b;
        }
        if (failure !== null && !ctl.signal.aborted) {
          // The worker died mid-stream: say why where the client reads errors.
          ctl.onError?.(failure, 'pull');
          for (const c of writer().error(failure)) yield typeof c === 'string' ? new TextEncoder().encode(c) : c;
        }
      } finally {
        if (!ended) stop(CANCELED);
      }
    })();
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}
