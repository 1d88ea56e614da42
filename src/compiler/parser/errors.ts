// Renders syntax errors exactly as Zed does (compiler/parser/api.go and
// source.go): positions are counted in UTF-8 bytes and the caret line marks
// the column with `=== ^ ===`.

import { ParseError } from '../../errors/index.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Byte offsets where each line starts, as Zed's newSourceInfo computes them. */
function lineStarts(bytes: Uint8Array): number[] {
  const starts: number[] = [];
  let next = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (next >= 0) starts.push(next);
    next = bytes[i] === 0x0a ? i + 1 : -1;
  }
  return starts;
}

/** Index of the last line starting at or before `offset`. */
function lineIndex(starts: readonly number[], offset: number): number {
  let i = 0;
  while (i + 1 < starts.length && (starts[i + 1] ?? 0) <= offset) i++;
  return i;
}

function marker(column: number): string {
  const col = column - 1;
  let out = '';
  for (let k = 0; k < col; k++) out += k >= col - 4 && k !== col - 1 ? '=' : ' ';
  return `${out}^ ===`;
}

interface Located {
  readonly line: number;
  readonly column: number;
  readonly text: string;
}

function locate(src: string, bytes: Uint8Array, starts: readonly number[], offset: number): Located {
  const byteOffset = encoder.encode(src.slice(0, offset)).length;
  const i = lineIndex(starts, byteOffset);
  const start = starts[i] ?? 0;
  const end = starts[i + 1] ?? bytes.length;
  let text = decoder.decode(bytes.subarray(start, end));
  if (text.endsWith('\n')) text = text.slice(0, -1);
  const line = i + 1;
  const column = byteOffset - start + 1;
  const message = `error parsing Zed at line ${line}, column ${column}:\n${text}\n${marker(column)}`;
  return { line, column, text: message };
}

/**
 * A ParseError for syntax errors at the given UTF-16 offsets of `src` (Zed
 * can report more than one; they are joined by newlines). Line and column
 * are those of the first.
 */
export function syntaxError(src: string, offsets: readonly number[]): ParseError {
  const bytes = encoder.encode(src);
  const starts = lineStarts(bytes);
  const located = offsets.map((o) => locate(src, bytes, starts, o));
  const first = located[0] ?? locate(src, bytes, starts, 0);
  return new ParseError(
    'error parsing Zed',
    first.line,
    first.column,
    located.map((l) => l.text).join('\n'),
  );
}
