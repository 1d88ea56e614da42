// A small pool of worker threads that each run one job at a time, for the
// lake's helpers (encode-pool.ts, scan-pool.ts): threads start as jobs come,
// up to a maximum (jobs past it wait), stay for later jobs, and stop after
// IDLE_MS (or the pool's idleMs) without one; an idle thread does not keep
// the process alive. A
// thread that dies (an uncaught error, its heap exhausted) fails the job it
// ran with a clear error and leaves the pool; the next job starts another.
// A job whose signal aborts has its thread stopped: its work is wasted
// CPU once no one waits for it. In a pool made `cancelable`, the thread is
// told instead (a flag in shared memory it reads, see answerJobs), and its
// job fails at once; the thread returns to the pool once it answers, and is
// stopped only if it has not within CANCEL_MS.

import { parentPort, Worker } from 'node:worker_threads';
import { plainError, reviveError, type PlainError } from '../../src/index.js';

/** What a thread answers a job with. */
export type ThreadReply<R> = { readonly result: R } | { readonly error: PlainError };

/** An idle thread stops after this long. */
const IDLE_MS = 10_000;

/**
 * What the pool posts an idle thread it ends: the thread closes what it
 * opened (a lake's metastore connection: libSQL's native module aborts the
 * process when a terminated thread's connection is finalized) and ends.
 */
export const CLOSE_THREAD = 'close';

/** How long a thread has to end after being told to close before it is terminated. */
const CLOSE_MS = 2_000;

/** How long a cancelable pool's thread has to answer after its job is canceled before it is stopped. */
const CANCEL_MS = 1_000;

/**
 * The key of what a cancelable pool posts a thread it starts, before any
 * job: a shared Int32Array whose element 0 is 1 while the thread's job is
 * canceled (see answerJobs).
 */
export const CANCEL_FLAG = 'zlake.cancelFlag';

export interface ThreadPoolOptions {
  /** The thread's script (an ES module). */
  readonly script: URL;
  readonly workerData: unknown;
  /** Most threads at once. */
  readonly threads: number;
  /** Old-generation heap of each thread, in MiB. */
  readonly heapMb: number;
  /** Young generation of each thread, in MiB (default V8's). */
  readonly youngMb?: number;
  /** What the threads are for, in error messages ("writing a data object"). */
  readonly what: string;
  /** How long an idle thread stays (default IDLE_MS). */
  readonly idleMs?: number;
  /** Its threads answer jobs with answerJobs, which lets a job see that it was canceled (see CANCEL_FLAG). */
  readonly cancelable?: boolean;
}

interface Thread {
  readonly worker: Worker;
  timer: ReturnType<typeof setTimeout> | null;
  /** Settles the job it runs, if any. */
  job: { resolve(r: unknown): void; reject(e: Error): void } | null;
  /** In a cancelable pool: element 0 is 1 while its job is canceled. */
  readonly cancel: Int32Array | null;
  /** Set while a canceled job's thread has yet to answer: stops it then. */
  draining: ReturnType<typeof setTimeout> | null;
}

export class ThreadPool<J, R> {
  readonly #opts: ThreadPoolOptions;
  readonly #idle: Thread[] = [];
  readonly #all = new Set<Thread>();
  /** Jobs waiting for a thread. */
  readonly #queue: (() => void)[] = [];
  #closed = false;

  constructor(opts: ThreadPoolOptions) {
    this.#opts = { ...opts, threads: Math.max(1, opts.threads) };
  }

  get threads(): number {
    return this.#opts.threads;
  }

  /** Runs `job` in a thread (moving the `transfer` buffers there); aborting `signal` stops the thread. */
  async run(job: J, transfer: readonly ArrayBuffer[] = [], signal?: AbortSignal): Promise<R> {
    if (signal?.aborted) throw new Error(`${this.#opts.what} was canceled`);
    const t = await this.#take();
    if (signal?.aborted) {
      this.#release(t);
      throw new Error(`${this.#opts.what} was canceled`);
    }
    return new Promise<R>((resolve, reject) => {
      const stop = (): void => {
        const cancel = t.cancel;
        if (cancel === null) {
          // The thread leaves the pool (die settles the job), and the next job starts another.
          this.#die(t, 'was stopped: its job was canceled');
          void t.worker.terminate();
          return;
        }
        // The job fails now; the thread, told, stays in the pool once it answers (see #spawn), or is stopped.
        Atomics.store(cancel, 0, 1);
        const job = t.job;
        t.job = null;
        job?.reject(new Error(`${this.#opts.what} failed: its job was canceled`));
        t.draining = setTimeout(() => {
          this.#die(t, 'was stopped: its job was canceled');
          void t.worker.terminate();
        }, CANCEL_MS);
        t.draining.unref();
      };
      signal?.addEventListener('abort', stop, { once: true });
      const done = (): void => signal?.removeEventListener('abort', stop);
      t.job = {
        resolve: (r) => {
          done();
          resolve(r as R);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      };
      t.worker.ref();
      if (t.cancel !== null) Atomics.store(t.cancel, 0, 0);
      t.worker.postMessage(job, [...transfer]);
    });
  }

  /**
   * Starts a thread ahead of its first job when none is idle and the pool
   * has room, so that its start (the script loaded and compiled, about a
   * tenth of a second) overlaps the caller's work. It stays idle as any
   * other thread does.
   */
  warm(): void {
    if (this.#closed || this.#idle.length > 0 || this.#all.size >= this.#opts.threads) return;
    this.#release(this.#spawn());
  }

  /** Threads running or idle. */
  get size(): number {
    return this.#all.size;
  }

  /** Stops every thread: an idle one ends (see CLOSE_THREAD); one running a job is terminated, and the job fails. */
  async close(): Promise<void> {
    this.#closed = true;
    const all = [...this.#all];
    this.#all.clear();
    this.#idle.length = 0;
    await Promise.all(
      all.map((t) => {
        if (t.timer !== null) clearTimeout(t.timer);
        if (t.draining !== null) {
          clearTimeout(t.draining);
          return t.worker.terminate();
        }
        if (t.job === null) return endWorker(t.worker, CLOSE_THREAD);
        t.job.reject(new Error(`${this.#opts.what} failed: the lake was closed`));
        return t.worker.terminate();
      }),
    );
  }

  async #take(): Promise<Thread> {
    for (;;) {
      if (this.#closed) throw new Error(`${this.#opts.what} failed: the lake is closed`);
      const idle = this.#idle.pop();
      if (idle !== undefined) {
        if (idle.timer !== null) clearTimeout(idle.timer);
        idle.timer = null;
        return idle;
      }
      if (this.#all.size < this.#opts.threads) return this.#spawn();
      await new Promise<void>((r) => this.#queue.push(r));
    }
  }

  #spawn(): Thread {
    const { script, workerData, heapMb, youngMb } = this.#opts;
    const worker = new Worker(script, {
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: heapMb, ...(youngMb !== undefined ? { maxYoungGenerationSizeMb: youngMb } : {}) },
    });
    const cancel = this.#opts.cancelable === true ? new Int32Array(new SharedArrayBuffer(4)) : null;
    const t: Thread = { worker, timer: null, job: null, cancel, draining: null };
    this.#all.add(t);
    if (cancel !== null) worker.postMessage({ [CANCEL_FLAG]: cancel });
    worker.on('message', (m: ThreadReply<R>) => {
      if (t.draining !== null) clearTimeout(t.draining);
      t.draining = null;
      const job = t.job;
      t.job = null;
      if (job !== null) {
        if ('result' in m) job.resolve(m.result);
        else job.reject(reviveError(m.error));
      }
      this.#release(t);
    });
    worker.on('error', (e) => this.#die(t, `failed (${e.message})`));
    worker.on('exit', (code) => this.#die(t, `exited (code ${code})`));
    return t;
  }

  /** Takes a dead (or stopped) thread out of the pool, failing its job. */
  #die(t: Thread, why: string): void {
    if (!this.#all.delete(t)) return;
    const i = this.#idle.indexOf(t);
    if (i >= 0) this.#idle.splice(i, 1);
    if (t.timer !== null) clearTimeout(t.timer);
    if (t.draining !== null) clearTimeout(t.draining);
    t.job?.reject(new Error(`${this.#opts.what} failed: its thread ${why}`));
    t.job = null;
    this.#queue.shift()?.();
  }

  #release(t: Thread): void {
    if (!this.#all.has(t)) return;
    t.worker.unref();
    this.#idle.push(t);
    t.timer = setTimeout(() => {
      const i = this.#idle.indexOf(t);
      if (i < 0) return;
      this.#idle.splice(i, 1);
      this.#all.delete(t);
      void endWorker(t.worker, CLOSE_THREAD);
    }, this.#opts.idleMs ?? IDLE_MS);
    t.timer.unref();
    this.#queue.shift()?.();
  }
}

/**
 * The thread's side: answers each job the pool posts with what `run` makes
 * of it (its `transfer` buffers moved, not copied) or with the error. In a
 * cancelable pool, `canceled` says whether the job running was canceled
 * (its answer is then not read: the job may stop early).
 */
export function answerJobs<J>(
  run: (job: J, canceled: () => boolean) => Promise<{ readonly result: unknown; readonly transfer: readonly ArrayBuffer[] }>,
  /** Closes what the thread opened, when the pool ends it (see CLOSE_THREAD). */
  close?: () => Promise<void>,
): void {
  const port = parentPort!;
  let flag: Int32Array | null = null;
  const canceled = (): boolean => flag !== null && Atomics.load(flag, 0) === 1;
  port.on('message', async (job: J | typeof CLOSE_THREAD | { readonly [CANCEL_FLAG]: Int32Array }) => {
    if (job === CLOSE_THREAD) {
      void (close?.() ?? Promise.resolve()).finally(() => port.close());
      return;
    }
    if (typeof job === 'object' && job !== null && CANCEL_FLAG in job) {
      flag = job[CANCEL_FLAG];
      return;
    }
    let reply: ThreadReply<unknown>;
    try {
      const { result, transfer } = await run(job as J, canceled);
      reply = { result };
      port.postMessage(reply, [...transfer]);
      return;
    } catch (e) {
      reply = { error: plainError(e) };
    }
    port.postMessage(reply);
  });
}

/**
 * Ends an idle worker thread: posts it `close` (upon which it closes what it
 * opened and ends), and terminates it should it not have ended within
 * CLOSE_MS; resolves once it is gone. The job workers of `zlake serve`
 * (worker-pool.ts) end so too.
 */
export function endWorker(worker: Worker, close: unknown): Promise<void> {
  return new Promise<void>((ok) => {
    const timer = setTimeout(() => void worker.terminate().then(() => ok(), () => ok()), CLOSE_MS);
    worker.once('exit', () => {
      clearTimeout(timer);
      ok();
    });
    worker.postMessage(close);
  });
}

/** The build's bundle `name` (beside this file once built; tests that run the sources use the build's). */
export function bundleUrl(name: string): URL {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? `../../dist/adapters/node/${name}` : `./${name}`, here);
}
