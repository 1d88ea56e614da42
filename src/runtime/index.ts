// Public surface of the runtime.
export * from './pipeline.js';
export * as agg from './agg/index.js';
export * from './function/index.js';
export { createEvalContext, type EvalContext } from './expr/context.js';
export * from './expr/errors.js';
export * from './expr/arith.js';
export * from './expr/compare.js';
export * from './expr/cast.js';
export { under, promote, coerceEqual } from './expr/coerce.js';
export { FieldPaths, type FieldPathsPlan } from './expr/field-paths.js';
