// What a running query has read, for its QueryStats control messages
// (lake-api.md §6.2), as Zed's scanner counts it: records_read and
// bytes_read are the values the scans decoded from data objects (after
// pruning by key span and seek index) and their bodies' bytes, the matched
// figures those the scans handed to the query after any filter pushed into
// them. Values a count or a summarize took from metadata or columns count
// as if decoded. Values of other sources (meta-queries, get) are read and
// matched as they reach the query.

import { newScanStats, type ScanStats } from '../lake/index.js';
import type { Batch } from '../zed/index.js';
import { wallMs } from '../util/clock.js';

export interface QueryStats {
  /** Unix nanoseconds when the query started and now. */
  readonly startTime: bigint;
  readonly updateTime: bigint;
  readonly bytesRead: number;
  readonly bytesMatched: number;
  readonly recordsRead: number;
  readonly recordsMatched: number;
  /** Stored bytes taken from storage (zlake's own figure, not on the wire). */
  readonly storedBytes: number;
  /** Warnings so far, oldest first (sent as QueryWarning control messages). */
  readonly warnings: readonly string[];
}

export class QueryMeter {
  bytesMatched = 0;
  recordsMatched = 0;
  /** Values of sources other than pool scans, read and matched as the query takes them. */
  bytesOther = 0;
  recordsOther = 0;
  /** Filled in by the lake's scans as they read data objects. */
  readonly scan: ScanStats = newScanStats();

  constructor(
    readonly startTime: bigint,
    private readonly now: () => bigint,
  ) {}

  /** A batch a source hands the query: matched; `scanned` when a pool scan counted it as read already. */
  observe(batch: Batch, scanned = true): void {
    let n = 0;
    for (let i = 0; i < batch.length; i++) {
      const b = batch[i]!.bytes;
      if (b !== null) n += b.length;
    }
    this.bytesMatched += n;
    this.recordsMatched += batch.length;
    if (!scanned) {
      this.bytesOther += n;
      this.recordsOther += batch.length;
    }
  }

  stats(): QueryStats {
    const s = this.scan;
    return {
      startTime: this.startTime,
      updateTime: this.now(),
      bytesRead: s.bytesRead + this.bytesOther,
      bytesMatched: this.bytesMatched + s.bytesMatched,
      recordsRead: s.recordsRead + this.recordsOther,
      recordsMatched: this.recordsMatched + s.recordsMatched,
      storedBytes: s.storedBytes,
      warnings: s.warnings,
    };
  }
}

/** Unix nanoseconds from the platform clock (sub-millisecond where the runtime gives it). */
export function clockNow(): bigint {
  const ms = wallMs();
  return BigInt(Math.floor(ms)) * 1_000_000n + BigInt(Math.floor((ms % 1) * 1e6));
}
