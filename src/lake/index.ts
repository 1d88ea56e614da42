// The lake: pools, branches, commits, snapshots, data objects; load, delete and scan.
export {
  Lake,
  DEFAULT_SEEK_STRIDE,
  DEFAULT_THRESHOLD,
  type BranchMeta,
  type CommitResult,
  type CreatePoolOptions,
  type LakeDeps,
  type LoadResult,
  type ScanOptions,
} from './lake.js';
export { MAX_COMMIT_ATTEMPTS, type CommitOptions } from './commit.js';
export { decodeActions, decodeMeta, encodeActions, type CommitAction } from './commit-actions.js';
export { describeObject, objectKey, poolPrefix, type DataObject } from './data-object.js';
export { parseId, parseIdOrThrow } from './ids.js';
export { compareKeys, keyComparator, keyOf, poolKeyOf, spanOverlaps, type KeySpan, type PoolKey } from './pool-key.js';
export { Snapshot } from './snapshot.js';
