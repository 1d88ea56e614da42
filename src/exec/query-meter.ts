// What a running query has read, for its QueryStats control messages
// (lake-api.md §6.2): bytes_read is what the scans took from storage (the
// data objects' bytes, after pruning by key span and seek index); the
// matched figures count the values (and their bodies' bytes) the scans
// handed to the query, after any filter pushed into them, and those a
// summarize aggregated over columns (counted with their objects' stored size).

import type { ScanStats } from '../lake/index.js';
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
  bytesMatched = 0;
  recordsMatched = 0;
  /** Filled in by the lake's scans as they read data objects. */
  readonly scan: ScanStats = { bytesRead: 0, objectsRead: 0, columnRecords: 0, columnBytes: 0 };

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
    this.bytesMatched += n;
    this.recordsMatched += batch.length;
  }

  stats(): QueryStats {
    return {
      startTime: this.startTime,
      updateTime: this.now(),
      bytesRead: this.scan.bytesRead,
      bytesMatched: this.bytesMatched + (this.scan.columnBytes ?? 0),
      // Values a pushed filter dropped inside the scan are not counted.
      recordsRead: this.recordsMatched + (this.scan.columnRecords ?? 0),
      recordsMatched: this.recordsMatched + (this.scan.columnRecords ?? 0),
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
