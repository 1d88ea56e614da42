// Query compile errors with their places in the query text, as Zed's
// parser.ErrorList carries them: each error has a message and a byte span
// (`end` -1 for a point), and the whole reads `<msg> at line L, column C:`
// followed by the source line and a marker (compiler/parser/api.go).

import { InvalidError, type ParseError, type ZedError } from '../errors/index.js';

export interface CompilationEntry {
  readonly msg: string;
  /** Byte offset into the query text (UTF-8). */
  readonly pos: number;
  /** Exclusive byte offset, or -1 for a point error (syntax errors). */
  readonly end: number;
  /** The typed error behind a semantic error (pool not found, ...), for older API revisions. */
  readonly cause?: ZedError;
}

/** A query that failed to compile: one or more errors, each with its span. */
export class CompilationError extends InvalidError {
  readonly entries: readonly CompilationEntry[];
  /** True for syntax errors (Zed's "error parsing Zed"). */
  readonly syntax: boolean;
  constructor(message: string, entries: readonly CompilationEntry[], syntax: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.entries = entries;
    this.syntax = syntax;
  }
}

const encoder = new TextEncoder();

/** Where lines start in `bytes`, as Zed's SourceInfo counts them. */
function lineStarts(bytes: Uint8Array): number[] {
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) starts.push(i + 1);
  return starts;
}

function lineOf(starts: readonly number[], pos: number): number {
  let i = 0;
  while (i + 1 < starts.length && starts[i + 1]! <= pos) i++;
  return i;
}

/** The byte offset of a UTF-16 offset into `text`. */
export function byteOffset(text: string, utf16: number): number {
  return encoder.encode(text.slice(0, utf16)).length;
}

/**
 * One error's text: `<msg> at line L, column C:\n<line>\n<marker>`, or
 * without `echo` just `<msg> at line L, column C` (for a line too long to show).
 */
export function formatCompilationEntry(text: string, msg: string, pos: number, end: number, echo = true): string {
  const bytes = encoder.encode(text);
  const starts = lineStarts(bytes);
  const li = lineOf(starts, pos);
  const lineStart = starts[li]!;
  const lineEnd = li + 1 < starts.length ? starts[li + 1]! - 1 : bytes.length;
  const line = new TextDecoder().decode(bytes.subarray(lineStart, lineEnd));
  const col = pos - lineStart;
  if (!echo) return `${msg} at line ${li + 1}, column ${col + 1}`;
  let marker: string;
  if (end >= 0) {
    const sameLine = lineOf(starts, end) === li;
    const n = sameLine ? end - pos : lineEnd - lineStart - col;
    marker = ' '.repeat(col) + '~'.repeat(Math.max(0, n));
  } else {
    marker = '';
    for (let k = 0; k < col; k++) marker += k >= col - 4 && k !== col - 1 ? '=' : ' ';
    marker += '^ ===';
  }
  return `${msg} at line ${li + 1}, column ${col + 1}:\n${line}\n${marker}`;
}

export interface SpanError {
  readonly msg: string;
  /** UTF-16 offsets of the span in the query text; end null for a point. */
  readonly start: number;
  readonly end: number | null;
  readonly cause?: ZedError;
}

/** A CompilationError for semantic errors with UTF-16 spans (AST locations). */
export function semanticErrors(text: string, errs: readonly SpanError[]): CompilationError {
  const entries: CompilationEntry[] = errs.map((e) => ({
    msg: e.msg,
    pos: byteOffset(text, e.start),
    end: e.end === null ? -1 : byteOffset(text, e.end),
    ...(e.cause !== undefined ? { cause: e.cause } : {}),
  }));
  const message = entries.map((e) => formatCompilationEntry(text, e.msg, e.pos, e.end)).join('\n');
  return new CompilationError(message, entries, false, { cause: errs[0]?.cause });
}

/**
 * A CompilationError for a syntax error: Zed's text is the parser's, the span
 * a point, the entry's message the bare cause ("error parsing Zed", or the
 * limit a query went over).
 */
export function syntaxCompilationError(text: string, err: ParseError): CompilationError {
  const bytes = encoder.encode(text);
  const starts = lineStarts(bytes);
  const pos = (starts[err.line - 1] ?? 0) + err.column - 1;
  return new CompilationError(err.message, [{ msg: err.reason, pos, end: -1 }], true, { cause: err });
}
