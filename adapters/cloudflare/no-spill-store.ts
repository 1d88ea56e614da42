// Where a Worker's queries would spill: nowhere. An isolate has no disk and
// 128 MB for everything it serves, so a sort, summarize or fuse that grows
// past its share of ZLAKE_QUERY_MEMORY fails its query with Zed's memory
// error (in-band, or 413 before the response) instead of spilling into the
// isolate's memory until the runtime kills it.

import { QueryMemoryError, type SpillFile, type SpillStore } from '../../src/index.js';

export class NoSpillStore implements SpillStore {
  /** `limit`: the query memory limit the error names. */
  constructor(private readonly limit: number) {}

  create(): Promise<SpillFile> {
    return Promise.reject(new QueryMemoryError(this.limit));
  }
}
