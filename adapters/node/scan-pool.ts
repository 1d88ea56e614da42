// The threads a query hands shares of its pool scans to (the lake's
// ScanThreads, see src/exec/parallel-aggregate.ts): each opens the same lake
// (its folder or object storage and its metastore) once, with a column
// cache of its own, and runs one share at a time (thread-pool.ts). A thread
// that dies fails the query whose share it ran, with a clear error; the
// process lives on.

import { availableParallelism } from 'node:os';
import type { ScanThreads, ShareJob } from '../../src/index.js';
import type { LakeConfig } from './open-lake.js';
import { bundleUrl, ThreadPool } from './thread-pool.js';

/** Rows below which a share of a scan is not worth a thread. */
const MIN_SHARE_ROWS = 100_000;

/**
 * How long an idle scan thread stays: starting one and filling its column
 * cache costs more than a share of most queries, so a server keeps them
 * between a user's queries.
 */
const IDLE_MS = 10 * 60_000;

/** Old-generation heap of a thread (columns are outside it, in array buffers). */
const HEAP_MB = 512;

/** One thread per core besides the query's own. */
export function defaultScanThreads(): number {
  return Math.max(0, availableParallelism() - 1);
}

/** Rows below which a scan of columns kept read apart stays in the query's thread. */
const HOT_SHARE_ROWS = 4_000_000;

export class ScanPool implements ScanThreads {
  readonly threads: number;
  readonly minShareRows: number;
  readonly hotShareRows: number;
  readonly #pool: ThreadPool<ShareJob, unknown>;

  /**
   * `config`: the lake each thread opens (without threads of its own);
   * `minShareRows`: rows below which a share stays in the query's thread
   * (default 100,000); `hotShareRows`, the same for a scan of columns kept
   * read apart (see ScanThreads; default 4,000,000 with the default
   * minShareRows, else 0: such scans are shared as any other).
   */
  constructor(opts: { readonly config: LakeConfig; readonly threads: number; readonly heapMb?: number; readonly minShareRows?: number; readonly hotShareRows?: number }) {
    this.threads = Math.max(1, opts.threads);
    this.minShareRows = opts.minShareRows ?? MIN_SHARE_ROWS;
    this.hotShareRows = opts.hotShareRows ?? (opts.minShareRows === undefined ? HOT_SHARE_ROWS : 0);
    const config: LakeConfig = { ...opts.config, scanThreads: 0, encodeThreads: 0, relay: false };
    this.#pool = new ThreadPool({
      script: bundleUrl('scan-worker.bundle.js'),
      workerData: config,
      threads: this.threads,
      heapMb: opts.heapMb ?? HEAP_MB,
      what: 'a share of the scan',
      idleMs: IDLE_MS,
      // A share the query no longer wants (a head that has its values) stops at its next object; its thread stays.
      cancelable: true,
    });
  }

  run(job: ShareJob, signal?: AbortSignal): Promise<unknown> {
    return this.#pool.run(job, [], signal);
  }

  /** Threads running or idle. */
  get size(): number {
    return this.#pool.size;
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}
