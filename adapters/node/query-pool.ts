// `zlake serve` runs each query in a worker thread of its own, so no query
// can hold the thread that answers requests: a pool of workers, each with
// the lake opened once, started as queries need them (SPARES kept warm)
// up to a maximum, after which queries wait their turn. A query stops
// within STOP_GRACE_MS of its client leaving or its time limit: the worker
// stops at its next batch, or is terminated (which also frees all it held).
// A worker that runs out of its heap fails its query with the memory error,
// and the server lives on.

import { rm, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setPriority, tmpdir } from 'node:os';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { randomBytes } from 'node:crypto';
import {
  QueryMemoryError,
  QueryTimeoutError,
  QueryWriter,
  reviveError,
  type QueryExecutor,
  type QueryJobControl,
  type QueryJobSpec,
} from '../../src/index.js';
import { CANCELED, CHUNK_WINDOW, TIMED_OUT, type JobControl, type JobMessage, type WorkerMessage, type WorkerSetup } from './query-protocol.js';
import type { ServedLakeConfig } from './served-lake.js';

/** How long a query may take to stop on its own before its worker is terminated. */
export const STOP_GRACE_MS = 100;
/** A worker that holds more than this after a query is retired, so the memory goes back. */
const RETIRE_MEMORY = 256 << 20;
/**
 * Idle workers kept warm once queries come: a burst of heavy queries takes
 * one, and the next short query finds the other ready instead of waiting
 * for a worker to start beside them.
 */
const SPARES = 2;
/** Idle workers past the spares are retired after this long. */
const IDLE_MS = 30_000;
/** Heap a worker needs beside what its query holds. */
const BASE_HEAP_MB = 256;
/**
 * A query that has run this long has its worker's thread lowered to
 * HEAVY_NICE, so the main thread, starting workers and short queries get
 * the CPU first (Linux schedules threads by nice value). Raising it back
 * takes a privilege: a worker whose priority cannot be restored is retired
 * after its query instead of serving short ones slowly.
 */
const HEAVY_MS = 50;
const HEAVY_NICE = 10;

export interface QueryPoolOptions {
  readonly lake: ServedLakeConfig;
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

/**
 * The worker script: the build's one-file bundle of query-worker.ts
 * (scripts/bundle-node.mjs), beside this file once built; tests that run
 * the sources use the build's.
 */
function workerUrl(): URL {
  const here = new URL(import.meta.url);
  if (here.pathname.endsWith('.ts')) return new URL('../../dist/adapters/node/query-worker.bundle.js', here);
  return new URL('./query-worker.bundle.js', here);
}

class PooledWorker {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  busy = false;
  dead = false;
  /** Started and holding the lake open. */
  started = false;
  /** The worker's thread id for setpriority, once it is ready (null where there is none). */
  tid: number | null = null;
  lowered = false;
  idleSince = Date.now();
  /** Why the worker died, for the query it was running. */
  death: string | null = null;
  readonly #onDeath = new Set<(why: string) => void>();

  constructor(
    readonly spillDir: string,
    setup: WorkerSetup,
    heapMb: number,
  ) {
    this.worker = new Worker(workerUrl(), {
      workerData: setup,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
      // The worker's stdout and stderr are the process's.
      stdout: false,
      stderr: false,
    });
    this.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: WorkerMessage) => {
        this.worker.off('message', onMessage);
        if (m.t === 'ready') {
          this.tid = m.tid;
          this.started = true;
          resolve();
        }
        else reject(new Error(`query worker failed to start: ${m.message}`));
      };
      this.worker.on('message', onMessage);
      this.worker.once('exit', () => reject(new Error(`query worker failed to start: ${this.death ?? 'it exited'}`)));
    });
    this.ready.catch(() => {});
    this.worker.on('error', (e: Error & { code?: string }) => {
      this.death = e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : e.message;
    });
    this.worker.once('exit', () => {
      this.dead = true;
      const why = this.death ?? 'the query worker exited';
      for (const f of this.#onDeath) f(why);
      this.#onDeath.clear();
    });
  }

  /** Lowers the thread's priority (a heavy query); false where that cannot be done. */
  lower(): void {
    if (this.tid === null || this.lowered || this.dead) return;
    try {
      setPriority(this.tid, HEAVY_NICE);
      this.lowered = true;
    } catch {
      // Not allowed here: the query runs at the usual priority.
    }
  }

  /** Gives the thread its priority back; false when it could not (then retire the worker). */
  restore(): boolean {
    if (!this.lowered || this.tid === null) return true;
    try {
      setPriority(this.tid, 0);
      this.lowered = false;
      return true;
    } catch {
      return false;
    }
  }

  onDeath(f: (why: string) => void): () => void {
    if (this.dead) {
      f(this.death ?? 'the query worker exited');
      return () => {};
    }
    this.#onDeath.add(f);
    return () => this.#onDeath.delete(f);
  }
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
  readonly #workers = new Set<PooledWorker>();
  readonly #waiting: ((w: PooledWorker) => void)[] = [];
  readonly #root = join(tmpdir(), `zlake-query-${process.pid}-${randomBytes(4).toString('hex')}`);
  readonly #idleTimer: ReturnType<typeof setInterval>;
  #closed = false;

  constructor(opts: QueryPoolOptions) {
    this.#opts = opts;
    this.#idleTimer = setInterval(() => this.#retireIdle(), IDLE_MS);
    this.#idleTimer.unref();
  }

  /** Workers now (for tests and metrics). */
  get size(): number {
    return this.#workers.size;
  }

  #spawn(): PooledWorker {
    const spillDir = join(this.#root, `w-${randomBytes(6).toString('hex')}`);
    const setup: WorkerSetup = {
      lake: this.#opts.lake,
      spillDir,
      memoryLimit: this.#opts.memoryLimit,
      getAllow: this.#opts.getAllow ?? [],
      ...(this.#opts.getTimeoutMs !== undefined ? { getTimeoutMs: this.#opts.getTimeoutMs } : {}),
      ...(this.#opts.timeoutMs !== undefined ? { timeoutMs: this.#opts.timeoutMs } : {}),
      ...(this.#opts.statsIntervalMs !== undefined ? { statsIntervalMs: this.#opts.statsIntervalMs } : {}),
    };
    const w = new PooledWorker(spillDir, setup, Math.ceil(this.#opts.memoryLimit / 2 ** 20) + BASE_HEAP_MB);
    this.#workers.add(w);
    w.onDeath((why) => {
      this.#workers.delete(w);
      void rm(spillDir, { recursive: true, force: true });
      if (why !== 'the query worker exited' && !this.#closed) this.#opts.log?.('warn', 'query worker died', { reason: why });
      // Someone may be waiting for a worker that this one's place can now hold.
      if (this.#waiting.length > 0 && !this.#closed) this.#handOff(this.#spareOrNew());
    });
    return w;
  }

  /** An idle live worker (a started one first), or a new one when there is room. */
  #spareOrNew(): PooledWorker | null {
    let starting: PooledWorker | null = null;
    for (const w of this.#workers) {
      if (w.busy || w.dead) continue;
      if (w.started) return w;
      starting ??= w;
    }
    if (starting !== null) return starting;
    return this.#workers.size < this.#opts.maxWorkers ? this.#spawn() : null;
  }

  #handOff(w: PooledWorker | null): void {
    if (w === null) return;
    const next = this.#waiting.shift();
    if (next === undefined) return;
    w.busy = true;
    next(w);
  }

  /** Keeps SPARES idle workers warm (when there is room), so the next query does not wait for a start. */
  #keepSpare(): void {
    if (this.#closed) return;
    let idle = 0;
    for (const w of this.#workers) if (!w.busy && !w.dead) idle++;
    for (; idle < SPARES && this.#workers.size < this.#opts.maxWorkers; idle++) this.#spawn();
  }

  async #acquire(signal: AbortSignal): Promise<PooledWorker> {
    await mkdir(this.#root, { recursive: true });
    for (;;) {
      const idle = this.#spareOrNew();
      let w: PooledWorker;
      if (idle !== null) {
        w = idle;
        w.busy = true;
      } else {
        w = await new Promise<PooledWorker>((resolve, reject) => {
          const waiter = (pw: PooledWorker) => {
            signal.removeEventListener('abort', onAbort);
            resolve(pw);
          };
          const onAbort = () => {
            const i = this.#waiting.indexOf(waiter);
            if (i >= 0) this.#waiting.splice(i, 1);
            reject(signal.reason);
          };
          signal.addEventListener('abort', onAbort, { once: true });
          this.#waiting.push(waiter);
        });
      }
      this.#keepSpare();
      try {
        await w.ready;
        await mkdir(w.spillDir, { recursive: true });
        return w;
      } catch (e) {
        // It died starting: try another (a lake that cannot open fails every one).
        w.busy = false;
        if (!w.dead) void w.worker.terminate();
        if (this.#closed) throw e;
        if (this.#workers.size === 0) throw e;
      }
    }
  }

  #release(w: PooledWorker, memory: number): void {
    w.busy = false;
    w.idleSince = Date.now();
    if (!w.restore() || memory > RETIRE_MEMORY || this.#closed) {
      this.#retire(w);
      this.#keepSpare();
      return;
    }
    this.#handOff(w);
  }

  /** Ends a worker: out of the pool at once (it takes no query while it exits). */
  #retire(w: PooledWorker): void {
    this.#workers.delete(w);
    void w.worker.terminate();
  }

  #retireIdle(): void {
    const now = Date.now();
    let spares = 0;
    for (const w of this.#workers) {
      if (w.busy || w.dead) continue;
      if (spares < SPARES) {
        spares++;
        continue;
      }
      if (now - w.idleSince > IDLE_MS) this.#retire(w);
    }
  }

  async start(spec: QueryJobSpec, ctl: QueryJobControl): Promise<AsyncGenerator<Uint8Array>> {
    if (ctl.signal.aborted) throw ctl.signal.reason;
    const w = await this.#acquire(ctl.signal);
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
      clearTimeout(heavyTimer);
      clearTimeout(stopTimer);
      clearTimeout(timeLimit);
      ctl.signal.removeEventListener('abort', onAbort);
      untilDeath();
      port.close();
      this.#release(w, memory);
    };
    const stop = (why: number) => {
      if (ended || Atomics.load(flag, 0) !== 0) return;
      Atomics.store(flag, 0, why);
      port.postMessage({ t: 'stop' } satisfies JobControl);
      // A worker that does not stop in time is terminated: its CPU and memory go with it.
      stopTimer = setTimeout(() => {
        if (!ended) void w.worker.terminate();
      }, STOP_GRACE_MS);
    };
    const onAbort = () => stop(CANCELED);
    // (The client may have left while a worker was being found.)
    if (ctl.signal.aborted) queueMicrotask(onAbort);
    else ctl.signal.addEventListener('abort', onAbort, { once: true });
    const heavyTimer = setTimeout(() => w.lower(), HEAVY_MS);
    const limit = this.#opts.timeoutMs;
    const timeLimit = limit !== undefined && limit > 0 ? setTimeout(() => stop(TIMED_OUT), limit) : undefined;
    const untilDeath = w.onDeath((why) => {
      if (ended) return;
      const timedOut = Atomics.load(flag, 0) === TIMED_OUT;
      failure = why === 'memory' ? new QueryMemoryError(this.#opts.memoryLimit).message : timedOut ? new QueryTimeoutError(limit ?? 0).message : `query worker failed: ${why}`;
      settle.fail(new Error(failure));
      inbox.push(null);
      ended = true;
      clearTimeout(heavyTimer);
      clearTimeout(stopTimer);
      clearTimeout(timeLimit);
      ctl.signal.removeEventListener('abort', onAbort);
      port.close();
    });

    port.on('message', (m: JobMessage) => {
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
          ctl.onError?.(m.message);
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
    w.worker.postMessage({ t: 'query', spec, port: port2, flag: flagBuffer }, [port2]);
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
            if (!ended) port.postMessage({ t: 'ack', n: unacked } satisfies JobControl);
            unacked = 0;
          }
          yield b;
        }
        if (failure !== null && !ctl.signal.aborted) {
          // The worker died mid-stream: say why where the client reads errors.
          ctl.onError?.(failure);
          for (const c of writer().error(failure)) yield typeof c === 'string' ? new TextEncoder().encode(c) : c;
        }
      } finally {
        if (!ended) stop(CANCELED);
      }
    })();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#idleTimer);
    await Promise.all([...this.#workers].map((w) => w.worker.terminate()));
    await rm(this.#root, { recursive: true, force: true });
  }
}
