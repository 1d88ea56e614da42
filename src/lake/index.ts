// The lake: pools, branches, commits, snapshots, data objects; load, delete,
// merge, revert, vacuum, index rules and objects, scans and counts.
export {
  Lake,
  DEFAULT_SEEK_STRIDE,
  DEFAULT_THRESHOLD,
  type BranchMeta,
  type CommitResult,
  type CreatePoolOptions,
  type LoadResult,
  type ScanOptions,
} from './lake.js';
export type { LakeDeps, LakeQueryRunner } from './context.js';
export { MAX_COMMIT_ATTEMPTS, type CommitOptions, type CommitPlan } from './commit.js';
export {
  actionValue,
  commitValue,
  decodeActions,
  decodeIndexRule,
  decodeMeta,
  encodeActions,
  indexObjectValue,
  indexRuleValue,
  objectValue,
  type CommitAction,
  type IndexObject,
} from './commit-actions.js';
export type { CountOptions } from './count.js';
export {
  columnCopyKey,
  describeObject,
  indexObjectKey,
  objectKey,
  poolPrefix,
  seekIndexKey,
  vectorKey,
  type DataObject,
} from './data-object.js';
export { parseId, parseIdOrThrow } from './ids.js';
export { indexMessage, type IndexRuleInput } from './index-rules.js';
export { deleteWhereMessage, DEFAULT_LOAD_MEMORY_LIMIT, ObjectWriter } from './load.js';
export { runEncodeJob, type EncodeJob, type EncodedObject, type ObjectEncoder } from './object-encoder.js';
export type { ScanThreads, ShareJob } from './scan-threads.js';
export {
  compareKeys,
  entryComparator,
  keyComparator,
  keyInSpan,
  keyOf,
  poolKeyOf,
  spanOverlaps,
  type KeySpan,
  type PoolKey,
} from './pool-key.js';
export { newScanStats, type ScanStats } from './scan.js';
export type { ColumnObject, ReadStream, SpanReads } from './column-scan.js';
export { Snapshot } from './snapshot.js';
export type { PoolStats } from './stats.js';
export { DEFAULT_ORPHAN_GRACE_NS, type VacuumOptions, type VacuumResult } from './vacuum.js';
export { fieldsOf, int64, RecordMaker, str, time, uint64, uint8 } from './zed-records.js';
