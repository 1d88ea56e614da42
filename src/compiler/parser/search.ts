// Search expressions: bare words, literals, globs and regexps as terms;
// comparisons and function calls as predicates; `and`/`or`/`not`/`!` and
// parentheses; and an implied `and` between juxtaposed factors.

import type { BinaryExpr, Expr, Primitive } from '../ast/index.js';
import { abortAt, type Cursor } from './cursor.js';
import { parseFunction } from './call.js';
import { additiveOp, comparator, multiplicativeOp, parseAdditive } from './expr.js';
import { caseWord, keyWord, regexpPattern } from './lexer.js';
import { parseLiteral, type Literal } from './literal.js';
import { parseGlob, parseRegexp } from './primary.js';
import { parseCase } from './seq.js';
import { parseFromSource } from './sources.js';

function and(op: 'and' | 'or', lhs: Expr, rhs: Expr): BinaryExpr {
  return { kind: 'BinaryExpr', op, lhs, rhs, loc: { start: lhs.loc.start, end: rhs.loc.end } };
}

/** SearchBoolean: search factors joined by `or`, `and` or juxtaposition. */
export function parseSearchBoolean(p: Cursor): Expr | null {
  let lhs = searchAnd(p);
  if (lhs === null) return null;
  for (;;) {
    const rhs = p.attempt(() => (p.ws1() && caseWord(p, 'or') && p.ws1() ? searchAnd(p) : null));
    if (rhs === null) return lhs;
    lhs = and('or', lhs, rhs);
  }
}

function searchAnd(p: Cursor): Expr | null {
  let lhs = searchFactor(p);
  if (lhs === null) return null;
  for (;;) {
    const rhs = p.attempt(() => {
      p.attempt(() => p.ws1() && caseWord(p, 'and'));
      if (!p.ws1()) return null;
      if (!p.not(() => caseWord(p, 'or') || searchKeywordGuard(p))) return null;
      return searchFactor(p);
    });
    if (rhs === null) return lhs;
    lhs = and('and', lhs, rhs);
  }
}

/**
 * SearchKeywordGuard: stops an implied `and` from swallowing the next leg of
 * `from (...)` (`pool x =>`) or `switch (...)` (`case ...`, `default`).
 */
export function searchKeywordGuard(p: Cursor): boolean {
  return (
    p.attempt(() => parseFromSource(p) !== null && p.ws0() && p.lit('=>') && p.ws0()) ||
    p.attempt(() => parseCase(p) !== null && p.ws0())
  );
}

function searchFactor(p: Cursor): Expr | null {
  const start = p.pos;
  const not = p.attempt((): Expr | null => {
    if (!(p.attempt(() => caseWord(p, 'not') && p.ws1()) || (p.lit('!') && p.ws0()))) return null;
    const operand = searchFactor(p);
    if (operand === null) return null;
    return { kind: 'UnaryExpr', op: '!', operand, loc: { start, end: operand.loc.end } };
  });
  if (not !== null) return not;
  const paren = p.attempt(() => {
    if (!(p.lit('(') && p.ws0())) return null;
    const e = parseSearchBoolean(p);
    return e !== null && p.ws0() && p.lit(')') ? e : null;
  });
  return paren ?? searchExpr(p);
}

/** ExprGuard: what makes a word the start of an expression rather than a term. */
export function exprGuard(p: Cursor): boolean {
  return p.attempt(
    () =>
      p.ws0() &&
      (p.attempt(() => p.not(() => p.lit('=>')) && comparator(p) !== null) ||
        additiveOp(p) !== null ||
        multiplicativeOp(p) !== null ||
        p.lit(':') ||
        p.lit('(') ||
        p.lit('[') ||
        p.lit('~')),
  );
}

function searchExpr(p: Cursor): Expr | null {
  const regexp = parseRegexp(p);
  if (regexp !== null) return regexp;
  const glob = parseGlob(p);
  if (glob !== null) return glob;
  const start = p.pos;
  const term = p.attempt(() => {
    const value = searchValue(p);
    if (value === null) return null;
    const end = p.pos;
    if (!(p.not(() => exprGuard(p)) || p.and(() => p.ws1() && parseGlob(p) !== null))) return null;
    // Zed's parser fails outright on an f-string here (it is no search value).
    if (value.kind === 'FString') abortAt(end);
    return { value, end };
  });
  if (term !== null) {
    return { kind: 'Term', text: p.src.slice(start, term.end), value: term.value, loc: p.span(start) };
  }
  const star = p.attempt((): Primitive | null => {
    if (!p.lit('*') || !p.not(() => exprGuard(p))) return null;
    return { kind: 'Primitive', type: 'bool', text: 'true', loc: p.span(start) };
  });
  return star ?? searchPredicate(p);
}

function searchValue(p: Cursor): Literal | null {
  const lit = parseLiteral(p);
  if (lit !== null) return lit;
  const start = p.pos;
  return p.attempt((): Primitive | null => {
    if (!p.not(() => regexpPattern(p))) return null;
    const text = keyWord(p);
    return text === null ? null : { kind: 'Primitive', type: 'string', text, loc: p.span(start) };
  });
}

function searchPredicate(p: Cursor): Expr | null {
  const cmp = p.attempt((): Expr | null => {
    const lhs = parseAdditive(p);
    if (lhs === null || !p.ws0()) return null;
    const op = comparator(p);
    if (op === null || !p.ws0()) return null;
    const rhs = parseAdditive(p);
    if (rhs === null) return null;
    return { kind: 'BinaryExpr', op, lhs, rhs, loc: { start: lhs.loc.start, end: rhs.loc.end } };
  });
  return cmp ?? parseFunction(p);
}
