// Runs a share of a pool scan that another thread handed over (the scan
// pool's side of the lake's ScanThreads): a summarize's, a search's or a filter's.

import type { Lake, ShareJob } from '../lake/index.js';
import { runAggregateShare, shareBuffers, type AggregateShare } from './parallel-aggregate.js';
import { runFilterShare, type FilterShare } from './parallel-filter.js';
import { runSearchShare, type SearchShare } from './parallel-search.js';

/**
 * The share's result, and the buffers to transfer back rather than copy.
 * Once `canceled` says so (the query no longer wants the share), the share
 * stops at its next object and comes back undone.
 */
export async function runShareJob(lake: Lake, job: ShareJob, canceled: () => boolean = () => false): Promise<{ result: unknown; transfer: ArrayBuffer[] }> {
  switch (job.kind) {
    case 'aggregate': {
      const result = await runAggregateShare(lake, job.payload as AggregateShare, canceled);
      return { result, transfer: shareBuffers(result) };
    }
    case 'search': {
      const result = await runSearchShare(lake, job.payload as SearchShare, canceled);
      return { result, transfer: result.values === null ? [] : [result.values.buffer as ArrayBuffer] };
    }
    case 'filter': {
      const result = await runFilterShare(lake, job.payload as FilterShare, canceled);
      return { result, transfer: result.values === null ? [] : [result.values.buffer as ArrayBuffer] };
    }
    default:
      throw new Error(`unknown scan share: ${String((job as { kind: unknown }).kind)}`);
  }
}
