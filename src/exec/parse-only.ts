// Parsing without compiling, for /compile: the AST with source positions
// dropped, or a CompilationError for a syntax error.

import { parseQuery, type ast } from '../compiler/index.js';
import { ParseError } from '../errors/index.js';
import { syntaxCompilationError } from './compilation-error.js';

/** The query's AST as plain data (no `loc` fields). */
export function parseOnly(text: string): unknown {
  let seq: ast.Seq;
  try {
    seq = parseQuery(text);
  } catch (e) {
    if (e instanceof ParseError) throw syntaxCompilationError(text, e);
    throw e;
  }
  return JSON.parse(JSON.stringify(seq, (k, v: unknown) => (k === 'loc' ? undefined : typeof v === 'bigint' ? v.toString() : v)));
}
