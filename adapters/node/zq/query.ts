// zq's query: the text of the -I files and the query argument, compiled;
// and which of the arguments are inputs; or, for -C, its canonical text.

import { readFileSync } from 'node:fs';
import { compile, formatQuery, parseQuery, type CompileOptions, type CompiledQuery } from '../../../src/index.js';
import { queryArgFailure, queryPartsFailure, singleArgError, type QueryPart } from './compile-errors.js';
import { isInputArg } from './inputs.js';

export interface ZqQuery {
  readonly compiled: CompiledQuery;
  /** The files and URLs to read ("-" for stdin). */
  readonly paths: readonly string[];
  /** A lone query that yields without a source runs once, on one null value. */
  readonly onNull: boolean;
}

/**
 * Compiles zq's query. The first argument is the query unless it names an
 * input; the -I files come before it.
 */
export function compileZqQuery(args: readonly string[], includes: readonly string[], opts: CompileOptions): ZqQuery {
  const hasQueryArg = args.length > 0 && !isInputArg(args[0]!);
  const src = hasQueryArg ? args[0]! : '';
  const paths = hasQueryArg ? args.slice(1) : args;
  const lone = hasQueryArg && paths.length === 0;
  const parts: QueryPart[] = [...includes.map((p) => ({ name: p, text: readFileSync(p, 'utf8') })), { name: '', text: src }];
  let compiled: CompiledQuery;
  try {
    compiled = compile(parts.map((p) => p.text).join('\n'), opts);
  } catch (e) {
    throw includes.length > 0 ? queryPartsFailure(e, parts) : queryArgFailure(e, src, lone);
  }
  let onNull = false;
  if (lone && !compiled.hasSource) {
    if (!compiled.startsWithYield) throw singleArgError(src, null);
    onNull = true;
  }
  return { compiled, paths, onNull };
}

/**
 * zq -C: the query parsed (not analyzed, not run) and printed in canonical
 * form. A lone argument gets a "-" after it, as in Zed's cli/zq, so it is
 * the query unless it names an existing file.
 */
export function canonicalZqQuery(args: readonly string[], includes: readonly string[]): string {
  const argv = args.length === 1 ? [...args, '-'] : args;
  const src = argv.length > 0 && !isInputArg(argv[0]!) ? argv[0]! : '';
  const parts: QueryPart[] = [...includes.map((p) => ({ name: p, text: readFileSync(p, 'utf8') })), { name: '', text: src }];
  try {
    return formatQuery(parseQuery(parts.map((p) => p.text).join('\n')));
  } catch (e) {
    throw includes.length > 0 ? queryPartsFailure(e, parts) : queryArgFailure(e, src, false);
  }
}
