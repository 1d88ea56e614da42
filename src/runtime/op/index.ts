// The dataflow operators of the Zed language, one per file, and the
// contract the compiler wires them with (types.ts).
export * from './types.js';
export { assertOp } from './assert.js';
export { combineOp } from './combine.js';
export { muxOp, type ChannelBatch } from './mux.js';
export { cutOp, Cutter } from './cut.js';
export { dropOp } from './drop.js';
export { Dropper } from './dropper.js';
export { explodeOp } from './explode.js';
export { exprSwitchOp, type ExprSwitchCase } from './expr-switch.js';
export { filterOp } from './filter.js';
export { forkOp } from './fork.js';
export { fuseOp } from './fuse.js';
export { headOp } from './head.js';
export { joinOp, type JoinOptions, type JoinStyle } from './join.js';
export { mergeOp } from './merge.js';
export { overOp, Traverser } from './over.js';
export { passOp } from './pass.js';
export { checkPutFields, putOp } from './put.js';
export { checkRenameField, renameOp, type Rename } from './rename.js';
export { sampleOp } from './sample.js';
export { shapeOp } from './shape.js';
export { SORT_MEMORY_LIMIT, sortOp, type SortOptions } from './sort.js';
export { sortLimitOp } from './sort-limit.js';
export {
  summarizeOp,
  summarizeWithPartials,
  type PartialSink,
  type SummarizeAgg,
  type SummarizeKey,
  type SummarizeOptions,
} from './summarize.js';
export { switchOp, type SwitchCase } from './switch.js';
export { tailOp } from './tail.js';
export { DEFAULT_TOP_LIMIT, topOp } from './top.js';
export { uniqOp } from './uniq.js';
export { yieldOp } from './yield.js';
export { compareKeyValues, guessSortKey, keysComparator, sortSpec, type SortSpec } from './compare.js';
export { compileLval, dynamicName, fieldGetter, pathString, samePath, staticPath, type FieldPath } from './paths.js';
export { ErrorValues } from './values.js';
export { Heap } from './heap.js';
