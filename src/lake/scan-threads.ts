// The port through which a query hands shares of a pool scan to other
// threads (the Node adapter's scan pool): each job is plain data, run there
// over the same lake (see exec/parallel-aggregate.ts for what a job holds
// and returns); the lake only carries it.

/** A share of a scan: its kind and what that kind's runner reads. */
export interface ShareJob {
  readonly kind: 'aggregate' | 'search' | 'filter';
  readonly payload: unknown;
}

export interface ScanThreads {
  /** Threads that run shares besides the query's own. */
  readonly threads: number;
  /** Rows below which a share is not worth a thread (default: the runner's). */
  readonly minShareRows?: number;
  /**
   * Rows below which a scan of columns an earlier query kept read apart
   * (cheap: codes and numbers) stays in the query's thread (default 0:
   * shared as any other).
   */
  readonly hotShareRows?: number | undefined;
  /**
   * Runs `job` in another thread; resolves to its runner's plain-data
   * result. Aborting `signal` (the query no longer wants it) stops it.
   */
  run(job: ShareJob, signal?: AbortSignal): Promise<unknown>;
}
