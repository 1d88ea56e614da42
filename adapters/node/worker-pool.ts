// The worker threads behind `zlake serve`'s queries and loads: each worker
// opens the served lake once and runs one job at a time. Workers start as
// jobs need them (SPARES kept warm once jobs come) up to a maximum, after
// which jobs wait their turn. A job that runs past HEAVY_MS has its
// thread's priority lowered, so the main thread, starting workers and
// short jobs get the CPU first (Linux schedules threads by nice value). A
// worker that holds much memory after a job, or that dies (its heap is
// capped), leaves the pool; the server lives on.

import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { JobStart, WorkerMessage, WorkerSetup } from './job-protocol.js';
import { endWorker } from './thread-pool.js';

/** A worker that holds more than this after a job is retired, so the memory goes back. */
const RETIRE_MEMORY = 256 << 20;
/**
 * Idle workers kept warm once jobs come, unless the pool says otherwise: a
 * burst of heavy queries takes one, and the next short query finds the
 * other ready instead of waiting for a worker to start beside them.
 */
const SPARES = 2;
/** Idle workers past the spares are retired after this long. */
const IDLE_MS = 30_000;
/**
 * A job that has run this long has its worker's thread lowered to
 * HEAVY_NICE. Raising it back takes a privilege: a worker whose priority
 * cannot be restored is retired after its job instead of serving short
 * ones slowly.
 */
const HEAVY_MS = 50;
const HEAVY_NICE = 10;
/** What a worker's death is called when it simply exited. */
const EXITED = 'the worker exited';

export interface WorkerPoolOptions {
  /** What each worker is started with (its spill folder is the pool's to give). */
  readonly setup: Omit<WorkerSetup, 'spillDir'>;
  /** Old-generation heap of each worker, in MiB. */
  readonly heapMb: number;
  /** Young generation of each worker, in MiB (V8's default when absent). */
  readonly youngMb?: number;
  /** Most workers at once (jobs past it wait). */
  readonly maxWorkers: number;
  /** Idle workers kept warm (default SPARES). */
  readonly spares?: number;
  /** Name in the temp folder and in log lines. */
  readonly name: string;
  readonly log?: (level: 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>) => void;
}

/**
 * The job script: bin/worker.cjs, loading the build's bundle of
 * job-worker.ts (scripts/bundle-node.mjs) with its code cache. Both lie at
 * the same places from dist/adapters/node (this file built, or the serve
 * bundle beside it) and from the sources (tests that run them).
 */
function workerScript(): { readonly entry: URL; readonly bundle: string } {
  const here = new URL(import.meta.url);
  const dist = here.pathname.endsWith('.ts') ? new URL('../../dist/adapters/node/', here) : new URL('./', here);
  return { entry: new URL('../../../bin/worker.cjs', dist), bundle: fileURLToPath(new URL('job-worker.bundle.cjs', dist)) };
}

export class PooledWorker {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  busy = false;
  dead = false;
  /** Started and holding the lake open. */
  started = false;
  idleSince = Date.now();
  /** Why the worker died: 'memory' when its heap ran out. */
  death: string | null = null;
  /** The worker's thread id for setpriority, once it is ready (null where there is none). */
  #tid: number | null = null;
  #lowered = false;
  readonly #onDeath = new Set<(why: string) => void>();

  constructor(
    readonly spillDir: string,
    setup: WorkerSetup,
    heapMb: number,
    youngMb?: number,
  ) {
    const script = workerScript();
    this.worker = new Worker(script.entry, {
      argv: [script.bundle],
      workerData: setup,
      resourceLimits: { maxOldGenerationSizeMb: heapMb, ...(youngMb !== undefined ? { maxYoungGenerationSizeMb: youngMb } : {}) },
      // The worker's stdout and stderr are the process's.
      stdout: false,
      stderr: false,
    });
    this.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: WorkerMessage) => {
        this.worker.off('message', onMessage);
        if (m.t === 'ready') {
          this.#tid = m.tid;
          this.started = true;
          resolve();
        } else reject(new Error(`worker failed to start: ${m.message}`));
      };
      this.worker.on('message', onMessage);
      this.worker.once('exit', () => reject(new Error(`worker failed to start: ${this.death ?? EXITED}`)));
    });
    this.ready.catch(() => {});
    this.worker.on('error', (e: Error & { code?: string }) => {
      this.death = e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : e.message;
    });
    this.worker.once('exit', () => {
      this.dead = true;
      const why = this.death ?? EXITED;
      for (const f of this.#onDeath) f(why);
      this.#onDeath.clear();
    });
  }

  /** Lowers the thread's priority (a heavy job), where that can be done. */
  lower(): void {
    if (this.#tid === null || this.#lowered || this.dead) return;
    try {
      setPriority(this.#tid, HEAVY_NICE);
      this.#lowered = true;
    } catch {
      // Not allowed here: the job runs at the usual priority.
    }
  }

  /** Gives the thread its priority back; false when it could not (then retire the worker). */
  restore(): boolean {
    if (!this.#lowered || this.#tid === null) return true;
    try {
      setPriority(this.#tid, 0);
      this.#lowered = false;
      return true;
    } catch {
      return false;
    }
  }

  /** Calls `f` with the reason when the worker dies; returns the unsubscribe. */
  onDeath(f: (why: string) => void): () => void {
    if (this.dead) {
      f(this.death ?? EXITED);
      return () => {};
    }
    this.#onDeath.add(f);
    return () => this.#onDeath.delete(f);
  }

  terminate(): void {
    void this.worker.terminate();
  }

  /** Ends an idle worker: it closes its lake and ends (see JobStart 'close' and endWorker). */
  end(): Promise<void> {
    return this.dead ? Promise.resolve() : endWorker(this.worker, { t: 'close' } satisfies JobStart);
  }
}

/** A worker lent to one job: `end` gives it back. */
export interface Lease {
  readonly worker: PooledWorker;
  /** The job is over; `memory` is what the worker holds now. */
  end(memory: number): void;
}

export class WorkerPool {
  readonly #opts: WorkerPoolOptions;
  readonly #workers = new Set<PooledWorker>();
  readonly #waiting: ((w: PooledWorker) => void)[] = [];
  readonly #root: string;
  readonly #idleTimer: ReturnType<typeof setInterval>;
  #closed = false;

  constructor(opts: WorkerPoolOptions) {
    this.#opts = opts;
    this.#root = join(tmpdir(), `zlake-${opts.name}-${process.pid}-${randomBytes(4).toString('hex')}`);
    this.#idleTimer = setInterval(() => this.#retireIdle(), IDLE_MS);
    this.#idleTimer.unref();
  }

  /** Workers now (for tests and metrics). */
  get size(): number {
    return this.#workers.size;
  }

  #spawn(): PooledWorker {
    const spillDir = join(this.#root, `w-${randomBytes(6).toString('hex')}`);
    const w = new PooledWorker(spillDir, { ...this.#opts.setup, spillDir }, this.#opts.heapMb, this.#opts.youngMb);
    this.#workers.add(w);
    w.onDeath((why) => {
      this.#workers.delete(w);
      void rm(spillDir, { recursive: true, force: true });
      if (why !== EXITED && !this.#closed) this.#opts.log?.('warn', `${this.#opts.name} worker died`, { reason: why });
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

  /** Keeps the spares warm (when there is room), so the next job does not wait for a start. */
  #keepSpare(): void {
    if (this.#closed) return;
    let idle = 0;
    for (const w of this.#workers) if (!w.busy && !w.dead) idle++;
    for (; idle < (this.#opts.spares ?? SPARES) && this.#workers.size < this.#opts.maxWorkers; idle++) this.#spawn();
  }

  /** A started worker for one job, waiting for one if all are busy; `signal` gives up waiting. */
  async acquire(signal: AbortSignal): Promise<Lease> {
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
      } catch (e) {
        // It died starting: try another (a lake that cannot open fails every one).
        w.busy = false;
        if (!w.dead) w.terminate();
        if (this.#closed || this.#workers.size === 0) throw e;
        continue;
      }
      const heavy = setTimeout(() => w.lower(), HEAVY_MS);
      let ended = false;
      return {
        worker: w,
        end: (memory) => {
          if (ended) return;
          ended = true;
          clearTimeout(heavy);
          if (!w.dead) this.#release(w, memory);
        },
      };
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

  /** Ends a worker: out of the pool at once (it takes no job while it exits). */
  #retire(w: PooledWorker): void {
    this.#workers.delete(w);
    void w.end();
  }

  #retireIdle(): void {
    const now = Date.now();
    let spares = 0;
    for (const w of this.#workers) {
      if (w.busy || w.dead) continue;
      if (spares < (this.#opts.spares ?? SPARES)) {
        spares++;
        continue;
      }
      if (now - w.idleSince > IDLE_MS) this.#retire(w);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#idleTimer);
    // An idle worker closes its lake and ends (see PooledWorker.end); one
    // running a job is terminated.
    await Promise.all([...this.#workers].map((w) => (w.busy ? w.worker.terminate() : w.end())));
    await rm(this.#root, { recursive: true, force: true });
  }
}
