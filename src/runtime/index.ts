// Public surface of the runtime.
export * from './pipeline.js';
export * as agg from './agg/index.js';
