// Canonical text of search expressions (the operand of `search`): terms as
// written, `*`, `and`/`or`/`!` with search precedence, and comparisons and
// calls as predicates.

import type { Expr } from '../ast/index.js';
import { Level, formatExpr } from './exprs.js';

/** The canonical text of a search expression. */
export function formatSearch(e: Expr, indent: number): string {
  switch (e.kind) {
    case 'BinaryExpr':
      if (e.op === 'and' || e.op === 'or') {
        const level = e.op === 'or' ? Level.or : Level.and;
        return `${factor(e.lhs, level, indent)} ${e.op} ${factor(e.rhs, level + 1, indent)}`;
      }
      return formatExpr(e, indent);
    case 'UnaryExpr':
      return e.op === '!' ? `!${factor(e.operand, Level.not, indent)}` : formatExpr(e, indent);
    case 'Primitive':
      // A bare `*` is the only Boolean literal a search holds outside a predicate.
      return e.type === 'bool' && e.text === 'true' ? '*' : formatExpr(e, indent);
    default:
      return formatExpr(e, indent);
  }
}

function searchLevel(e: Expr): number {
  if (e.kind === 'BinaryExpr' && e.op === 'or') return Level.or;
  if (e.kind === 'BinaryExpr' && e.op === 'and') return Level.and;
  return Level.primary;
}

/** A search operand, in parentheses when it binds more loosely than `min`. */
function factor(e: Expr, min: number, indent: number): string {
  const text = formatSearch(e, indent);
  return searchLevel(e) < min ? `(${text})` : text;
}

/**
 * Whether a search expression holds a term (word, literal, glob or regexp),
 * so it reads as a search. A `*` is left out: it parses to the same node as
 * the literal `true`, which an expression may hold.
 */
export function hasSearchTerm(e: Expr): boolean {
  switch (e.kind) {
    case 'Term':
    case 'Glob':
    case 'Regexp':
      return true;
    case 'BinaryExpr':
      return (e.op === 'and' || e.op === 'or') && (hasSearchTerm(e.lhs) || hasSearchTerm(e.rhs));
    case 'UnaryExpr':
      return e.op === '!' && hasSearchTerm(e.operand);
    default:
      return false;
  }
}
