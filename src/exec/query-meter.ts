// What a running query has read, for its QueryStats control messages
// (lake-api.md §6.2): values and value-body bytes taken from the lake.
// Nothing is pushed down into scans yet, so "matched" equals "read".

import type { Batch } from '../zed/index.js';

export interface QueryStats {
  /** Unix nanoseconds when the query started and now. */
  readonly startTime: bigint;
  readonly updateTime: bigint;
  readonly bytesRead: number;
  readonly bytesMatched: number;
  readonly recordsRead: number;
  readonly recordsMatched: number;
}

export class QueryMeter {
  bytesRead = 0;
  recordsRead = 0;

  constructor(
    readonly startTime: bigint,
    private readonly now: () => bigint,
  ) {}

  observe(batch: Batch): void {
    let n = 0;
    for (let i = 0; i < batch.length; i++) {
      const b = batch[i]!.bytes;
      if (b !== null) n += b.length;
    }
    this.bytesRead += n;
    this.recordsRead += batch.length;
  }

  stats(): QueryStats {
    return {
      startTime: this.startTime,
      updateTime: this.now(),
      bytesRead: this.bytesRead,
      bytesMatched: this.bytesRead,
      recordsRead: this.recordsRead,
      recordsMatched: this.recordsRead,
    };
  }
}

/** Unix nanoseconds from the platform clock (sub-millisecond where the runtime gives it). */
export function clockNow(): bigint {
  // Some runtimes (Workers) report no time origin: then milliseconds from Date.
  const origin = performance.timeOrigin;
  const ms = origin > 1e12 ? origin + performance.now() : Date.now();
  return BigInt(Math.floor(ms)) * 1_000_000n + BigInt(Math.floor((ms % 1) * 1e6));
}
