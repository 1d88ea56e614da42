// The port through which a load hands its full runs to other threads: each
// run, sorted, goes over whole (RunParts: its arena in shared memory, the
// rest copied) and is written there as a data object (object-writer.ts)
// while the load reads on, and only the new object's metadata comes back.
// Runtimes with threads implement it (adapters/node/encode-pool.ts);
// without one, runs are written in place. Both ends of a job are here, in
// plain data, so any thread can run them.

import { decodeZng, encodeZng } from '../formats/zng/index.js';
import type { BlobStore, SortOrder } from '../storage/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import { TypeContext } from '../zed/index.js';
import type { DataObject } from './data-object.js';
import { writeColumnCopy, writeObjectWithCopy } from './object-writer.js';
import { RunBuffer, type RunParts } from './run-buffer.js';

/**
 * A run to write as one data object, with what the writer needs to know:
 * all of it, or only its rows (the object and its seek index) or only its
 * column copy, when two threads share the work of one run.
 */
export interface EncodeJob {
  readonly part: 'all' | 'rows' | 'columns';
  readonly poolId: KsuidHex;
  readonly id: KsuidHex;
  readonly seekStride: number;
  readonly order: SortOrder;
  readonly keyPath: readonly string[];
  readonly compress: boolean;
  readonly columnCopy: boolean;
  readonly run: RunParts;
}

/** A written object's metadata as plain data: its key bounds as a ZNG stream of two values. */
export interface EncodedObject {
  readonly id: KsuidHex;
  readonly count: number;
  readonly size: number;
  readonly bounds: Uint8Array;
}

export interface ObjectEncoder {
  /** Runs written at once at most; a load holds that many runs besides the one it fills. */
  readonly parallel: number;
  /**
   * Writes the job's part of its run in another thread (the run's arena is
   * in shared memory, and read in place); null for a column copy alone.
   */
  encode(job: EncodeJob): Promise<EncodedObject | null>;
  /** Gets ready for jobs to come (starts a thread), when a load looks as if it will fill a run. */
  warm?(): void;
}

/** The job for `run`, whose memory it takes (the run is left empty). */
export function encodeJob(run: RunBuffer, opts: Omit<EncodeJob, 'run'>): EncodeJob {
  return { ...opts, run: run.detach() };
}

/** Runs a job: sorts the run (unless it came sorted) and writes its part to `blobs`. */
export async function runEncodeJob(blobs: BlobStore, job: EncodeJob): Promise<EncodedObject | null> {
  const ctx = new TypeContext();
  const run = RunBuffer.attach(job.run, job.keyPath, ctx);
  if (job.run.order === null) run.sort(job.order);
  if (job.part === 'columns') {
    if (job.columnCopy) await writeColumnCopy(blobs, job.poolId, job.id, run);
    return null;
  }
  const o = await writeObjectWithCopy({ blobs, compressObjects: job.compress }, job.poolId, job.id, job.seekStride, run, job.part === 'all' && job.columnCopy);
  return { id: o.id, count: o.count, size: o.size, bounds: encodeZng([o.min, o.max], { compress: false }) };
}

/** The DataObject a job's result describes, its bounds in `ctx`. */
export function decodedObject(e: EncodedObject, ctx: TypeContext): DataObject {
  const [min, max] = decodeZng(e.bounds, ctx);
  return { id: e.id, min: min!, max: max!, count: e.count, size: e.size };
}
