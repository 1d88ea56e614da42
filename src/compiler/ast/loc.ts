// Source positions carried by every AST node.

/**
 * A half-open span `[start, end)` of UTF-16 code-unit offsets into the query
 * text: `text.slice(loc.start, loc.end)` is the node's source. Trailing
 * whitespace after a node is never part of its span.
 */
export interface Loc {
  readonly start: number;
  readonly end: number;
}
