// Function-like expressions: casts `<T>(x)`, `grep(...)`, the `regexp` and
// `regexp_replace` calls that take a `/regexp/` argument, and ordinary calls
// with an optional `where` clause.

import type { Call, Expr, ID, Primitive } from '../ast/index.js';
import type { Cursor } from './cursor.js';
import { parseExpr, parseExprs, parseLogicalOr } from './expr.js';
import { parseOverExpr } from './lateral.js';
import { regexpPattern } from './lexer.js';
import { parseGlob, parseIdentifier, parseRegexp } from './primary.js';
import { parseTypeValue } from './type-parser.js';

/** FuncExpr: a cast or a function call. */
export function parseFuncExpr(p: Cursor): Expr | null {
  return parseCast(p) ?? parseFunction(p);
}

/** Cast: `<T>(expr)`. */
export function parseCast(p: Cursor): Expr | null {
  return p.attempt((): Expr | null => {
    const type = parseTypeValue(p);
    if (type === null || !(p.ws0() && p.lit('(') && p.ws0())) return null;
    const expr = parseOverExpr(p) ?? parseExpr(p);
    if (expr === null || !(p.ws0() && p.lit(')'))) return null;
    return { kind: 'Cast', type, expr, loc: p.span(type.loc.start) };
  });
}

/** WhereClause: ` where <LogicalOrExpr>`. */
export function parseWhereClause(p: Cursor): Expr | null {
  return p.attempt(() => (p.ws1() && p.lit('where') && p.ws1() ? parseLogicalOr(p) : null));
}

/** `__ "(" __` */
function openParen(p: Cursor): boolean {
  return p.ws0() && p.lit('(') && p.ws0();
}

/** `__ ")"` */
function closeParen(p: Cursor): boolean {
  return p.ws0() && p.lit(')');
}

/** `__ "," __` */
function comma(p: Cursor): boolean {
  return p.ws0() && p.lit(',') && p.ws0();
}

/** Function: grep, the regexp special forms, or `name(args) [where expr]`. */
export function parseFunction(p: Cursor): Expr | null {
  return parseGrep(p) ?? regexpCall(p) ?? regexpReplaceCall(p) ?? plainCall(p);
}

function call(p: Cursor, name: ID, args: Expr[]): Call {
  const where = parseWhereClause(p);
  return { kind: 'Call', name, args, where, loc: p.span(name.loc.start) };
}

function regexpPrimitive(p: Cursor): Primitive | null {
  const start = p.pos;
  const pattern = regexpPattern(p);
  return pattern === null ? null : { kind: 'Primitive', type: 'string', text: pattern, loc: p.span(start) };
}

function keywordId(p: Cursor, name: string): ID | null {
  const start = p.pos;
  return p.lit(name) ? { kind: 'ID', name, loc: p.span(start) } : null;
}

/** `regexp(/re/, expr)` */
function regexpCall(p: Cursor): Expr | null {
  return p.attempt(() => {
    const name = keywordId(p, 'regexp');
    if (name === null || !openParen(p)) return null;
    const re = regexpPrimitive(p);
    if (re === null || !comma(p)) return null;
    const arg = parseExpr(p);
    if (arg === null || !closeParen(p)) return null;
    return call(p, name, [re, arg]);
  });
}

/** `regexp_replace(expr, /re/, expr)` */
function regexpReplaceCall(p: Cursor): Expr | null {
  return p.attempt(() => {
    const name = keywordId(p, 'regexp_replace');
    if (name === null || !openParen(p)) return null;
    const arg0 = parseExpr(p);
    if (arg0 === null || !comma(p)) return null;
    const re = regexpPrimitive(p);
    if (re === null || !comma(p)) return null;
    const arg2 = parseExpr(p);
    if (arg2 === null || !closeParen(p)) return null;
    return call(p, name, [arg0, re, arg2]);
  });
}

/** FuncGuard: `not (` and `select (` are never calls. */
export function funcGuard(p: Cursor): boolean {
  return p.attempt(() => (p.lit('not') || p.lit('select')) && p.ws0() && p.lit('('));
}

function plainCall(p: Cursor): Expr | null {
  return p.attempt(() => {
    if (!p.not(() => funcGuard(p))) return null;
    const name = parseIdentifier(p);
    if (name === null || !openParen(p)) return null;
    const over = parseOverExpr(p);
    const args = over !== null ? [over] : (parseExprs(p) ?? (p.ws0() && []));
    if (!closeParen(p)) return null;
    return call(p, name, args);
  });
}

/** Grep: `grep(pattern[, expr])`; the pattern may be a regexp, glob or expression. */
function parseGrep(p: Cursor): Expr | null {
  const start = p.pos;
  return p.attempt((): Expr | null => {
    if (!(p.lit('grep') && openParen(p))) return null;
    const pattern = parseRegexp(p) ?? parseGlob(p) ?? parseExpr(p);
    if (pattern === null) return null;
    p.ws0();
    const expr = p.attempt(() => {
      if (!(p.lit(',') && p.ws0())) return null;
      const e = parseOverExpr(p) ?? parseExpr(p);
      return e !== null && p.ws0() ? e : null;
    });
    if (!p.lit(')')) return null;
    return { kind: 'Grep', pattern, expr, loc: p.span(start) };
  });
}
