// Public surface of the kernel: plans to operator graphs, plan expressions
// to evaluator closures, and the Source port scans read through.
export { buildSeq, lateralHook, type BuildContext } from './build.js';
export { compileExpr, compileBool, constValue } from './expr.js';
export { newEnv, constEnv, Frame, type Env, type Evaluator } from './env.js';
export { Literals } from './literals.js';
export { MAX_CALL_DEPTH } from './call.js';
export { noSources, type SourceResolver, type LoadTarget, type Pushdown, type KeySpan, type TextFilter, type TextTerm, type ColumnAggregate, type ColumnTopK } from './source.js';
