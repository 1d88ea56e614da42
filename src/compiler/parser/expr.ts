// Expression precedence, lowest first: `?:` (right associative), `or`, `and`,
// one comparison (`== != in < <= > >=`, or `~ /regexp/`), `+ -`, `* / %`,
// prefix `!`/`not`, prefix `-`, then postfix `[i]`, `[a:b]` and `.field` on a
// primary. Binary levels are left associative; comparisons do not chain.

import type { BinaryExpr, BinaryOp, Expr } from '../ast/index.js';
import { identRest } from './chars.js';
import type { Cursor } from './cursor.js';
import { caseWord } from './lexer.js';
import { parseLiteral } from './literal.js';
import { parseFuncExpr } from './call.js';
import { parseIdentifier, parsePrimary, parseRegexp } from './primary.js';

/** Expr: a full expression including `?:`. */
export function parseExpr(p: Cursor): Expr | null {
  const cond = parseLogicalOr(p);
  if (cond === null) return null;
  const rest = p.attempt(() => {
    if (!(p.ws0() && p.lit('?') && p.ws0())) return null;
    const then = parseExpr(p);
    if (then === null || !(p.ws0() && p.lit(':') && p.ws0())) return null;
    const otherwise = parseExpr(p);
    return otherwise === null ? null : { then, otherwise };
  });
  if (rest === null) return cond;
  return {
    kind: 'Conditional',
    cond,
    then: rest.then,
    else: rest.otherwise,
    loc: { start: cond.loc.start, end: rest.otherwise.loc.end },
  };
}

/** Exprs: one or more comma-separated expressions. */
export function parseExprs(p: Cursor): Expr[] | null {
  const first = parseExpr(p);
  if (first === null) return null;
  const out = [first];
  for (;;) {
    const next = p.attempt(() => (p.ws0() && p.lit(',') && p.ws0() ? parseExpr(p) : null));
    if (next === null) return out;
    out.push(next);
  }
}

function binary(op: BinaryOp, lhs: Expr, rhs: Expr): BinaryExpr {
  return { kind: 'BinaryExpr', op, lhs, rhs, loc: { start: lhs.loc.start, end: rhs.loc.end } };
}

/** A left-associative level: operands joined by optional space, operator, optional space. */
function leftAssoc(
  p: Cursor,
  operand: (p: Cursor) => Expr | null,
  operator: (p: Cursor) => BinaryOp | null,
): Expr | null {
  let lhs = operand(p);
  if (lhs === null) return null;
  for (;;) {
    const step = p.attempt(() => {
      p.ws0();
      const op = operator(p);
      if (op === null) return null;
      p.ws0();
      const rhs = operand(p);
      return rhs === null ? null : { op, rhs };
    });
    if (step === null) return lhs;
    lhs = binary(step.op, lhs, step.rhs);
  }
}

const orOp = (p: Cursor): BinaryOp | null => (caseWord(p, 'or') ? 'or' : null);
const andOp = (p: Cursor): BinaryOp | null => (caseWord(p, 'and') ? 'and' : null);

function firstLit<T extends string>(p: Cursor, ops: readonly T[]): T | null {
  return ops.find((op) => p.lit(op)) ?? null;
}

const additiveOps = ['+', '-'] as const;
const multiplicativeOps = ['*', '/', '%'] as const;

/** AdditiveOperator */
export function additiveOp(p: Cursor): BinaryOp | null {
  return firstLit(p, additiveOps);
}

/** MultiplicativeOperator */
export function multiplicativeOp(p: Cursor): BinaryOp | null {
  return firstLit(p, multiplicativeOps);
}

/** Comparator: `== != in <= < >= >` (`in` must end the word). */
export function comparator(p: Cursor): BinaryOp | null {
  if (p.lit('==')) return '==';
  if (p.lit('!=')) return '!=';
  if (p.attempt(() => p.lit('in') && p.not(() => p.alt(identRest)))) return 'in';
  return firstLit(p, ['<=', '<', '>=', '>'] as const);
}

/** LogicalOrExpr: the operand of a `where` clause. */
export function parseLogicalOr(p: Cursor): Expr | null {
  return leftAssoc(p, parseLogicalAnd, orOp);
}

function parseLogicalAnd(p: Cursor): Expr | null {
  return leftAssoc(p, parseComparison, andOp);
}

function parseComparison(p: Cursor): Expr | null {
  const lhs = parseAdditive(p);
  if (lhs === null) return null;
  const cmp = p.attempt(() => {
    p.ws0();
    const op = comparator(p);
    if (op === null) return null;
    p.ws0();
    const rhs = parseAdditive(p);
    return rhs === null ? null : { op, rhs };
  });
  if (cmp !== null) return binary(cmp.op, lhs, cmp.rhs);
  const match = p.attempt(() => (p.ws0() && p.lit('~') && p.ws0() ? parseRegexp(p) : null));
  return match === null ? lhs : binary('~', lhs, match);
}

/** AdditiveExpr */
export function parseAdditive(p: Cursor): Expr | null {
  return leftAssoc(p, parseMultiplicative, additiveOp);
}

function parseMultiplicative(p: Cursor): Expr | null {
  return leftAssoc(p, parseNot, multiplicativeOp);
}

/** NotExpr: `not x`, `!x` (binding tighter than `*`), or a negation. */
function parseNot(p: Cursor): Expr | null {
  const start = p.pos;
  const not = p.attempt((): Expr | null => {
    if (!(p.attempt(() => caseWord(p, 'not') && p.ws1()) || (p.lit('!') && p.ws0()))) return null;
    const operand = parseNot(p);
    if (operand === null) return null;
    return { kind: 'UnaryExpr', op: '!', operand, loc: { start, end: operand.loc.end } };
  });
  return not ?? parseNegation(p);
}

/** NegationExpr: `-x` applies to a postfix expression; `-1` is a literal. */
function parseNegation(p: Cursor): Expr | null {
  const start = p.pos;
  const neg = p.attempt((): Expr | null => {
    if (!(p.not(() => parseLiteral(p)) && p.lit('-') && p.ws0())) return null;
    const operand = parseDeref(p);
    if (operand === null) return null;
    return { kind: 'UnaryExpr', op: '-', operand, loc: { start, end: operand.loc.end } };
  });
  return neg ?? parseDeref(p);
}

/**
 * DerefExpr (also Lval): a function call, cast or primary followed by any
 * number of `[index]`, `[from:to]` and `.field` suffixes, with no space before
 * a suffix. Memoized by offset, as Zed's parser memoizes this rule; that
 * keeps the many alternatives that re-read an expression from going
 * exponential.
 */
export function parseDeref(p: Cursor): Expr | null {
  return p.memo('deref', () => {
    let expr = parseFuncExpr(p) ?? parsePrimary(p);
    if (expr === null) return null;
    for (let next = suffix(p, expr); next !== null; next = suffix(p, expr)) expr = next;
    return expr;
  });
}

function suffix(p: Cursor, expr: Expr): Expr | null {
  const start = expr.loc.start;
  const slice = p.attempt((): Expr | null => {
    if (!p.lit('[')) return null;
    const from = parseAdditive(p);
    if (from === null || !(p.ws0() && p.lit(':') && p.ws0())) return null;
    const to = parseAdditive(p);
    if (!p.lit(']')) return null;
    return { kind: 'SliceExpr', expr, from, to, loc: p.span(start) };
  });
  if (slice !== null) return slice;
  const sliceTo = p.attempt((): Expr | null => {
    if (!(p.lit('[') && p.ws0() && p.lit(':') && p.ws0())) return null;
    const to = parseAdditive(p);
    if (to === null || !p.lit(']')) return null;
    return { kind: 'SliceExpr', expr, from: null, to, loc: p.span(start) };
  });
  if (sliceTo !== null) return sliceTo;
  const index = p.attempt((): Expr | null => {
    if (!p.lit('[')) return null;
    const i = parseExpr(p);
    if (i === null || !p.lit(']')) return null;
    return { kind: 'IndexExpr', expr, index: i, loc: p.span(start) };
  });
  if (index !== null) return index;
  return p.attempt((): Expr | null => {
    if (!p.lit('.')) return null;
    const id = parseIdentifier(p);
    return id === null ? null : binary('.', expr, id);
  });
}
