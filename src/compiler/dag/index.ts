// Public surface of the plan (DAG): operator and expression node types,
// which are plain JSON data, and generic traversals.

export type * from './op.js';
export type * from './expr.js';
export { childSeqs, exprChildren, isScan, leadingOp, mapChildSeqs, rewriteSeqs, someExpr } from './walk.js';
