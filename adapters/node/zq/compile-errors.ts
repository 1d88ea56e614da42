// zq's words for a query that does not compile: syntax errors, and semantic
// errors of a lone query argument, get the "zq: " prefix; semantic errors
// carry their place in the query text; a query of -I files names the file.

import {
  CompileError,
  InvalidError,
  ParseError,
  QueryLimitError,
  byteOffset,
  formatCompilationEntry,
  semanticErrors,
} from '../../../src/index.js';

/** One piece of the query text: an -I file, or the query argument (name ""). */
export interface QueryPart {
  readonly name: string;
  readonly text: string;
}

/** A compile error of the query argument alone; `lone` when it is zq's only argument. */
export function queryArgFailure(e: unknown, src: string, lone: boolean): unknown {
  if (e instanceof ParseError) return lone ? singleArgError(src, e) : new InvalidError(`zq: ${e.message}`, { cause: e });
  if (e instanceof CompileError && e.loc !== null) {
    const err = semanticErrors(src, [{ msg: e.message, start: e.loc.start, end: e.loc.end }]);
    return lone ? new InvalidError(`zq: ${err.message}`, { cause: err }) : err;
  }
  return e;
}

/**
 * A compile error of a query made of -I files and the query argument (Zed's
 * SourceSet): its line and column are counted in the part it falls in, and
 * the message names that file ("... in FILE at line L, column C:").
 */
export function queryPartsFailure(e: unknown, parts: readonly QueryPart[], prefix = 'zq: '): unknown {
  let pos: number;
  let end: number | null;
  let msg: string;
  const text = parts.map((p) => p.text).join('\n');
  if (e instanceof ParseError) {
    let lineStart = 0;
    for (let l = 1; l < e.line; l++) lineStart = text.indexOf('\n', lineStart) + 1;
    pos = lineStart + e.column - 1;
    end = null;
    msg = e.reason;
  } else if (e instanceof CompileError && e.loc !== null) {
    pos = e.loc.start;
    end = e.loc.end;
    msg = e.message;
  } else {
    return e;
  }
  // The part `pos` falls in, and where it starts in the joined text.
  let at = 0;
  let base = 0;
  while (at < parts.length - 1 && base + parts[at]!.text.length + 1 <= pos) base += parts[at++]!.text.length + 1;
  const part = parts[at]!;
  const local = part.text;
  const lpos = Math.min(pos - base, local.length);
  const lend = end === null ? -1 : byteOffset(local, Math.min(end - base, local.length));
  const named = part.name === '' ? msg : `${msg} in ${part.name}`;
  // A query over a limit may be one line of a megabyte: no copy of it.
  const out = formatCompilationEntry(local, named, byteOffset(local, lpos), lend, !(e instanceof QueryLimitError));
  return new InvalidError(e instanceof ParseError ? `${prefix}${out}` : out, { cause: e });
}

/** zq's only argument is neither a file nor a query it can run alone; `err` is why it does not compile, if it does not. */
export function singleArgError(src: string, err: ParseError | null): InvalidError {
  const shown = src.length > 20 ? `${src.slice(0, 20)}...` : src;
  let msg = `zq: could not invoke zq with a single argument because:\n - a file could not be found with the name ${JSON.stringify(shown)}`;
  if (err !== null) {
    msg += '\n - the argument could not be compiled as a valid Zed query:';
    for (const line of err.message.split('\n')) msg += `\n   ${line}`;
  } else {
    msg +=
      '\n - the argument is a valid Zed query but does not begin with a source (e.g., "file input.zson") or yield operator';
  }
  return new InvalidError(msg);
}
