// Limits on a query: the length of its text and how deep it nests. Every
// pass after the parser (semantic, optimizer, kernel builder, evaluators,
// and at run time the chain of operators pulling from each other) recurses
// once per level, so a query deeper than the call stack allows would fail
// with "Maximum call stack size exceeded" somewhere past the parser. The
// parser builds chains like `a or b or c` and pipelines without recursing,
// so they are measured on the tree it returns, before any other pass runs.

import { ParseError } from '../../errors/index.js';

/** The longest query text, in UTF-8 bytes. */
export const MAX_QUERY_BYTES = 1 << 20;

/**
 * The deepest a query may nest. A level is a node inside another
 * (`a or b or c` is `(a or b) or c`: one level per term) or an operator
 * after another in a sequence (each pulls from the one before). 2,000 levels
 * of either ran on Node's default stack and 3,000 operators did not; 1,000
 * leaves room for both at once and for the stack the caller already uses.
 */
export const MAX_QUERY_DEPTH = 1000;

/** A query over one of the limits above, at the place it went over. */
export class QueryLimitError extends ParseError {}

/** Line and byte column (1-based, as Zed counts them) of a UTF-16 offset. */
function locate(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: utf8Length(text, lineStart, offset) + 1 };
}

function utf8Length(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < to) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function limitError(text: string, offset: number, reason: string): QueryLimitError {
  const { line, column } = locate(text, offset);
  // No copy of the line in the message: it may be a megabyte long.
  return new QueryLimitError(reason, line, column);
}

/** Throws QueryLimitError when `text` is longer than MAX_QUERY_BYTES, placed at the first byte past it. */
export function checkQueryLength(text: string): void {
  // A UTF-16 unit is one to three UTF-8 bytes (a pair, four).
  if (text.length * 3 <= MAX_QUERY_BYTES) return;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c < 0xdc00 && i + 1 < text.length;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (n > MAX_QUERY_BYTES) throw limitError(text, i, `query too long: more than ${MAX_QUERY_BYTES} bytes`);
    if (pair) i++;
  }
}

/** Properties of AST nodes that hold a sequence of operators (`paths` holds several). */
const SEQ_KEYS = new Set(['body', 'path', 'rightInput', 'seq']);

interface Node {
  readonly kind?: unknown;
  readonly loc?: { readonly start: number };
}

/**
 * Throws QueryLimitError when the tree `root` (a parsed query or expression
 * of `text`) nests deeper than MAX_QUERY_DEPTH, placed where the first node
 * past it starts in the text (for `a or b or ...`, where the chain starts).
 * Walks with its own stack, so any depth can be measured.
 */
export function checkQueryDepth(text: string, root: unknown): void {
  let first = -1;
  const stack: [unknown, number][] = [];
  const pushSeq = (seq: readonly unknown[], depth: number) => {
    for (let i = 0; i < seq.length; i++) stack.push([seq[i], depth + i]);
  };
  if (Array.isArray(root)) pushSeq(root, 0);
  else stack.push([root, 0]);
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [value, at] = top;
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const v of value) stack.push([v, at]);
      continue;
    }
    const node = value as Node;
    const depth = typeof node.kind === 'string' ? at + 1 : at;
    if (depth > MAX_QUERY_DEPTH) {
      const at = node.loc?.start ?? 0;
      if (first < 0 || at < first) first = at;
      continue;
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'loc' || child === null || typeof child !== 'object') continue;
      if (key === 'paths' && Array.isArray(child)) {
        for (const seq of child) if (Array.isArray(seq)) pushSeq(seq, depth);
      } else if (SEQ_KEYS.has(key) && Array.isArray(child)) {
        pushSeq(child, depth);
      } else {
        stack.push([child, depth]);
      }
    }
  }
  if (first >= 0) {
    const reason = `query too deeply nested: more than ${MAX_QUERY_DEPTH} levels (each term of a chain like "a or b or c" and each operator of a pipeline is one)`;
    throw limitError(text, first, reason);
  }
}
