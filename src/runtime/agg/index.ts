// Aggregate functions and the grouping table of `summarize`.
export type { AggregateDef, Aggregator } from './aggregator.js';
export { aggregateNames, lookupAggregate, resolveAggregate } from './registry.js';
export {
  DEFAULT_MEMORY_LIMIT,
  GroupTable,
  type AggregateSpec,
  type GroupTableOptions,
} from './group-table.js';
export { RecordShape, type FieldPath } from './record-shape.js';
export type { FinalGroups } from './final-groups.js';
export { MemoryLimitError } from './errors.js';
export { setAggregateValueLimit } from './collect.js';
export { MemorySpillStore, type MemorySpillStoreOptions, type SpillFile, type SpillStore } from './spill-store.js';
export { Schema as FusedSchema } from './fuse-schema.js';
export { RunReader, RunWriter, RUN_CHUNK } from './spill-run.js';
export { addsNothing, ColumnGroups, hasNaN, sumExact, isFloatColumn, type ColumnAggKind, type ColumnBatch, type GroupsExport, type RowSelection } from './column-groups.js';
export { GENERIC_COLUMN_AGGS, mayHoldError, ORDERED_COLUMN_AGGS, type ArgValues, type NumberVector } from './column-generic.js';
export { bodyStart, elementValue, numberValue, selectRows, smallIntAt } from './column-batch.js';
