// Public surface of the optimizer: plan-to-plan rewrites and the analyses
// sources use (a filter's key span and raw-text terms).
export { optimize, type OptimizeOptions } from './optimize.js';
export { keySpanOf } from './key-span.js';
export { textFilterOf } from './terms.js';
export { inputFields, poolScanFields } from './demand.js';
export type { PoolKeyLookup } from './sources.js';
