// The messages between `zlake serve`'s main thread and its job workers. A
// job (a query or a load) gets a MessageChannel of its own. A query's
// worker sends its response bytes a window at a time (the main thread acks
// what the client took); a load's main thread sends the request body a
// window at a time (the worker acks what it read). Either way a slow side
// holds the other, not the memory of both.

import type { MessagePort } from 'node:worker_threads';
import type { LoadJobResult, LoadJobSpec, PlainError, QueryErrorStage, QueryJobSpec } from '../../src/index.js';
import type { LakeConfig } from './open-lake.js';

/** Chunks one side may send before the other acks them. */
export const CHUNK_WINDOW = 16;

/** Values of a job's shared stop flag (an Int32Array of one element). */
export const RUNNING = 0;
export const CANCELED = 1;
export const TIMED_OUT = 2;

export interface WorkerSetup {
  readonly lake: LakeConfig;
  /** Folder for this worker's spill files (the pool removes it with the worker). */
  readonly spillDir: string;
  /** Bytes one query's operators may hold. */
  readonly memoryLimit: number;
  /** The query time limit in ms, for the error text (the main thread keeps the time). */
  readonly timeoutMs?: number;
  readonly statsIntervalMs?: number;
  /** Hosts a query's `get URL` may reach (-query.get.allow); the worker builds its own guarded fetch. */
  readonly getAllow: readonly string[];
  readonly getTimeoutMs?: number;
}

/** Worker to main, on the worker's own port. */
export type WorkerMessage =
  /** `tid`: the worker's thread id for setpriority (Linux), or null. */
  | { readonly t: 'ready'; readonly tid: number | null }
  | { readonly t: 'fatal'; readonly message: string };

/** Main to worker: start a job, answering on `port`. */
export type JobStart =
  | {
      readonly t: 'query';
      readonly spec: QueryJobSpec;
      readonly port: MessagePort;
      /** SharedArrayBuffer of the stop flag: the worker reads it between batches. */
      readonly flag: SharedArrayBuffer;
    }
  | { readonly t: 'load'; readonly spec: LoadJobSpec; readonly port: MessagePort }
  /**
   * The pool is closing: the worker closes its lake (its metastore's native
   * connection among it) and ends, rather than being terminated with the
   * connection open (libSQL's native module aborts the process when a
   * terminated thread's connection is finalized).
   */
  | { readonly t: 'close' };

/** Query worker to main, on the query's port. */
export type QueryMessage =
  | { readonly t: 'started' }
  | { readonly t: 'failed'; readonly error: PlainError }
  | { readonly t: 'data'; readonly bytes: Uint8Array }
  | { readonly t: 'error'; readonly message: string; readonly stage: QueryErrorStage }
  /** The job is over; `memory` is what the worker holds now (heap plus buffers). */
  | { readonly t: 'end'; readonly memory: number };

/** Main to query worker, on the query's port. */
export type QueryControl = { readonly t: 'ack'; readonly n: number } | { readonly t: 'stop' };

/** Main to load worker, on the load's port: the body, then its end (or a stop: the client left). */
export type LoadInput = { readonly t: 'data'; readonly bytes: Uint8Array } | { readonly t: 'eof' } | { readonly t: 'stop' };

/** Load worker to main, on the load's port. */
export type LoadMessage =
  /** The worker read `n` more chunks of the body. */
  | { readonly t: 'ack'; readonly n: number }
  | { readonly t: 'done'; readonly result: LoadJobResult; readonly memory: number }
  | { readonly t: 'failed'; readonly error: PlainError; readonly memory: number };
