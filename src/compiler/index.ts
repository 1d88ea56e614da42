// Public surface of the compiler.
export * from './compile.js';
export type { SourceResolver, LoadTarget } from './kernel/source.js';
export { parseQuery, parseExpr } from './parser/index.js';
export type * as ast from './ast/index.js';
