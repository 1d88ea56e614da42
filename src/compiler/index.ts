// Public surface of the compiler.
export * from './compile.js';
export type { SourceResolver, LoadTarget, Pushdown, KeySpan, TextFilter, TextTerm, ColumnAggregate, ColumnAggregateAgg, ColumnArgExpr, KeyExpr, ColumnTopK, ColumnFilter, ColumnFilterNode } from './kernel/source.js';
export type { Env as SourceEnv } from './kernel/env.js';
export { compileColumnExprIn, compileColumnExprsIn } from './kernel/column-expr.js';
export { CompileError, UnsupportedExprError, StackOverflowError } from './errors.js';
export { parseQuery, parseExpr } from './parser/index.js';
export { QueryLimitError, MAX_QUERY_BYTES, MAX_QUERY_DEPTH } from './parser/limits.js';
export { analyze, globToRegexp, type Analysis } from './semantic/index.js';
export { optimize, keySpanOf, textFilterOf, type PoolKeyLookup } from './optimizer/index.js';
export type * as ast from './ast/index.js';
export type * as dag from './dag/index.js';
export { formatQuery } from './format/index.js';
