// The threads a load hands its full runs to (the lake's ObjectEncoder, see
// src/lake/object-encoder.ts): parsing a load and writing its objects take
// about as long as each other, so while one thread reads the next run,
// others sort and write the runs before it. A thread starts once a load has
// filled a quarter of its first run (see ObjectWriter; a small load never
// starts one) and stays for the next loads (thread-pool.ts). A thread that dies fails its run's load with a clear
// error.

import { availableParallelism } from 'node:os';
import type { EncodedObject, EncodeJob, ObjectEncoder } from '../../src/index.js';
import { bundleUrl, ThreadPool } from './thread-pool.js';

/** What each thread is started with. */
export interface EncodeSetup {
  /** The lake's folder or s3:// URL (open-blobs.ts). */
  readonly lake: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Old-generation heap of a thread: a run's values are outside it, in shared memory. */
const HEAP_MB = 512;
/**
 * Young generation of a thread: a thread makes little garbage, and V8's
 * default (three 16 MiB semi-spaces) added about 60 MiB to a load's peak
 * memory for no speed.
 */
const YOUNG_MB = 4;

/**
 * One thread per core but the loading thread's, at least one and at most
 * two (runs are big). On two cores, a second thread made no load faster
 * (1M records: 2.77-3.06 s with one, 2.82-2.99 s with two) and held 50-60
 * MiB more at peak.
 */
export function defaultEncodeThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

export class EncodePool implements ObjectEncoder {
  readonly parallel: number;
  readonly #pool: ThreadPool<EncodeJob, EncodedObject | null>;

  /** `heapMb`: each thread's old-generation heap (a thread that runs out dies, failing its load). */
  constructor(opts: EncodeSetup & { readonly threads: number; readonly heapMb?: number }) {
    this.parallel = Math.max(1, opts.threads);
    this.#pool = new ThreadPool({
      script: bundleUrl('encode-worker.bundle.js'),
      workerData: { lake: opts.lake, ...(opts.env !== undefined ? { env: { ...opts.env } } : {}) } satisfies EncodeSetup,
      threads: this.parallel,
      heapMb: opts.heapMb ?? HEAP_MB,
      youngMb: YOUNG_MB,
      what: 'writing a data object',
    });
  }

  warm(): void {
    this.#pool.warm();
  }

  /** Threads started and not yet ended. */
  get started(): number {
    return this.#pool.size;
  }

  encode(job: EncodeJob): Promise<EncodedObject | null> {
    return this.#pool.run(job);
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}
