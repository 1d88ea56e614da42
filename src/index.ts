// What adapters may use: the engine's public surface.
export * from './errors/index.js';
export * from './zed/index.js';
export * from './formats/index.js';
export * from './compiler/index.js';
export * from './runtime/index.js';
export * from './exec/index.js';
export { iterateStream, readAllBytes, toStream } from './util/stream.js';
export { monotonicClock, setPlatformClock, type PlatformClock } from './util/clock.js';
export { goJson } from './util/go-json.js';
export { abbrevBytes } from './util/units.js';
export { parseDuration } from './zson/index.js';
export { MemorySpillStore, setAggregateValueLimit, type SpillStore, type SpillFile } from './runtime/agg/index.js';
export * from './storage/index.js';
export { isKsuidHex, ksuidHexToBase62, newKsuidHex, NIL_KSUID, type KsuidHex } from './util/ksuid.js';
export {
  Lake,
  DEFAULT_SEEK_STRIDE,
  DEFAULT_THRESHOLD,
  MAX_COMMIT_ATTEMPTS,
  parseId,
  parseIdOrThrow,
  type BranchMeta,
  type CommitOptions,
  type CommitResult,
  type CreatePoolOptions,
  type DataObject,
  type KeySpan,
  type LakeDeps,
  type LoadResult,
  type ScanOptions,
  DEFAULT_ORPHAN_GRACE_NS,
  decodeIndexRule,
  indexRuleValue,
  keyOf,
  Snapshot,
  type CountOptions,
  type IndexObject,
  type IndexRuleInput,
  type LakeQueryRunner,
  type PoolStats,
  type ScanStats,
  type VacuumOptions,
  type VacuumResult,
  runEncodeJob,
  type EncodeJob,
  type EncodedObject,
  type ObjectEncoder,
  type ScanThreads,
  type ShareJob,
  fieldsOf,
  int64,
  RecordMaker,
  str,
} from './lake/index.js';
export * from './service/index.js';
