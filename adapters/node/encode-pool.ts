// The threads a load hands its full runs to (the lake's ObjectEncoder, see
// src/lake/object-encoder.ts): parsing a load and writing its objects take
// about as long as each other, so while one thread reads the next run,
// others sort and write the runs before it. Threads start on the first full
// run (a load of one run never starts one), stay for the next loads, and
// stop after IDLE_MS without work; an idle thread does not keep the process
// alive. A thread that dies fails its run's load with a clear error, and
// leaves the pool.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { reviveError, type EncodedObject, type EncodeJob, type ObjectEncoder, type PlainError } from '../../src/index.js';

/** What each thread is started with. */
export interface EncodeSetup {
  /** The lake's folder or s3:// URL (open-blobs.ts). */
  readonly lake: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export type EncodeReply = { readonly object: EncodedObject | null } | { readonly error: PlainError };

/** An idle thread stops after this long. */
const IDLE_MS = 10_000;
/** Old-generation heap of a thread: a run's values are outside it, in shared memory. */
const HEAP_MB = 512;
/**
 * Young generation of a thread: a thread makes little garbage, and V8's
 * default (three 16 MiB semi-spaces) added about 60 MiB to a load's peak
 * memory for no speed.
 */
const YOUNG_MB = 4;

/** One thread per core, at most two: the loading thread needs one, and runs are big. */
export function defaultEncodeThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

/** The thread's script: the build's bundle of encode-worker.ts (tests that run the sources use the build's). */
function workerUrl(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? '../../dist/adapters/node/encode-worker.bundle.js' : './encode-worker.bundle.js', here);
}

interface Thread {
  readonly worker: Worker;
  timer: ReturnType<typeof setTimeout> | null;
  /** Settles the job it runs, if any. */
  job: { resolve(o: EncodedObject | null): void; reject(e: Error): void } | null;
}

export class EncodePool implements ObjectEncoder {
  readonly parallel: number;
  readonly #setup: EncodeSetup;
  readonly #idle: Thread[] = [];
  readonly #all = new Set<Thread>();
  /** Jobs waiting for a thread (several loads at once). */
  readonly #queue: (() => void)[] = [];
  #closed = false;

  readonly #heapMb: number;

  /** `heapMb`: each thread's old-generation heap (a thread that runs out dies, failing its load). */
  constructor(opts: EncodeSetup & { readonly threads: number; readonly heapMb?: number }) {
    this.parallel = Math.max(1, opts.threads);
    this.#heapMb = opts.heapMb ?? HEAP_MB;
    this.#setup = { lake: opts.lake, ...(opts.env !== undefined ? { env: { ...opts.env } } : {}) };
  }

  async encode(job: EncodeJob): Promise<EncodedObject | null> {
    const t = await this.#take();
    return new Promise<EncodedObject | null>((resolve, reject) => {
      t.job = { resolve, reject };
      t.worker.ref();
      t.worker.postMessage(job);
    });
  }

  /** Stops every thread; a run being written fails its load. */
  async close(): Promise<void> {
    this.#closed = true;
    const all = [...this.#all];
    this.#all.clear();
    this.#idle.length = 0;
    for (const t of all) t.job?.reject(new Error('the lake was closed while a load was writing a data object'));
    await Promise.all(all.map((t) => t.worker.terminate()));
  }

  async #take(): Promise<Thread> {
    for (;;) {
      if (this.#closed) throw new Error('the lake is closed');
      const idle = this.#idle.pop();
      if (idle !== undefined) {
        if (idle.timer !== null) clearTimeout(idle.timer);
        idle.timer = null;
        return idle;
      }
      if (this.#all.size < this.parallel) return this.#spawn();
      await new Promise<void>((r) => this.#queue.push(r));
    }
  }

  #spawn(): Thread {
    const worker = new Worker(workerUrl(), { workerData: this.#setup, resourceLimits: { maxOldGenerationSizeMb: this.#heapMb, maxYoungGenerationSizeMb: YOUNG_MB } });
    const t: Thread = { worker, timer: null, job: null };
    this.#all.add(t);
    worker.on('message', (m: EncodeReply) => {
      const job = t.job;
      t.job = null;
      if (job !== null) {
        if ('object' in m) job.resolve(m.object);
        else job.reject(reviveError(m.error));
      }
      this.#release(t);
    });
    const die = (why: string): void => {
      if (!this.#all.delete(t)) return;
      const i = this.#idle.indexOf(t);
      if (i >= 0) this.#idle.splice(i, 1);
      if (t.timer !== null) clearTimeout(t.timer);
      t.job?.reject(new Error(`writing a data object failed: its thread ${why}`));
      t.job = null;
      this.#queue.shift()?.();
    };
    worker.on('error', (e) => die(`failed (${e.message})`));
    worker.on('exit', (code) => die(`exited (code ${code})`));
    return t;
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
      void t.worker.terminate();
    }, IDLE_MS);
    t.timer.unref();
    this.#queue.shift()?.();
  }
}
