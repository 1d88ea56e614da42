// Sequences and scopes: operators joined by `|`, declarations opening a
// scope, and the operator forms built from legs (`fork`, `switch`,
// `from ( ... )`, a parenthesized scope). `parseOperation` holds the order in
// which Zed tries the forms of an operator, which decides what a bare
// expression means.

import type { Case, Expr, Op, Scope, Seq, Trunk } from '../ast/index.js';
import type { Cursor } from './cursor.js';
import { parseFunction, parseCast } from './call.js';
import { parseDecl } from './decl.js';
import { parseExpr } from './expr.js';
import { parseAggregation, parseOpAssignment } from './aggregation.js';
import { parseOperator } from './operators.js';
import { parseSearchBoolean, searchKeywordGuard } from './search.js';
import { parseFromSource } from './sources.js';

/** Scope: one or more declarations followed by a sequence. */
export function parseScope(p: Cursor): Scope | null {
  const start = p.pos;
  return p.attempt(() => {
    const decls = [];
    for (let d = parseDecl(p); d !== null; d = parseDecl(p)) decls.push(d);
    if (decls.length === 0) return null;
    const body = parseSeq(p);
    return body === null ? null : { kind: 'Scope', decls, body, loc: p.span(start) };
  });
}

/** Pipe: `|` not starting a set `|[` or map `|{`. */
function pipe(p: Cursor): boolean {
  return p.attempt(() => p.lit('|') && p.not(() => p.lit('{') || p.lit('[')));
}

/** Seq: operations joined by pipes. */
export function parseSeq(p: Cursor): Seq | null {
  const first = parseOperation(p);
  if (first === null) return null;
  const ops = [first];
  for (;;) {
    const next = p.attempt(() => (p.ws0() && pipe(p) && p.ws0() ? parseOperation(p) : null));
    if (next === null) return ops;
    ops.push(next);
  }
}

/** EndOfOp: what may follow a bare assignment list or aggregation. */
export function endOfOp(p: Cursor): boolean {
  return p.attempt(
    () =>
      p.ws0() &&
      (pipe(p) || searchKeywordGuard(p) || p.lit('=>') || p.lit(')') || p.eof()),
  );
}

/** Operation: the first form that matches wins, as in Zed's grammar. */
export function parseOperation(p: Cursor): Op | null {
  return (
    parseParallel(p) ??
    parseSwitch(p) ??
    parseFromLegs(p) ??
    parenScope(p) ??
    parseOperator(p) ??
    p.attempt(() => {
      const a = parseOpAssignment(p);
      return a !== null && p.and(() => endOfOp(p)) ? a : null;
    }) ??
    p.attempt(() => {
      if (!p.not(() => parseFunction(p) !== null && endOfOp(p))) return null;
      const a = parseAggregation(p);
      return a !== null && p.and(() => endOfOp(p)) ? a : null;
    }) ??
    parseSearchOp(p) ??
    opExpr(parseSearchBoolean(p)) ??
    opExpr(parseCast(p)) ??
    opExpr(parseExpr(p))
  );
}

function opExpr(expr: Expr | null): Op | null {
  return expr === null ? null : { kind: 'OpExpr', expr, loc: expr.loc };
}

function parseSearchOp(p: Cursor): Op | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!(p.lit('search') && p.ws1())) return null;
    const expr = parseSearchBoolean(p);
    return expr === null ? null : { kind: 'Search', expr, loc: p.span(start) };
  });
}

function parenScope(p: Cursor): Op | null {
  return p.attempt(() => {
    if (!(p.lit('(') && p.ws0())) return null;
    const scope = parseScope(p);
    return scope !== null && p.ws0() && p.lit(')') ? scope : null;
  });
}

/** Leg: `=> seq` */
function leg(p: Cursor): Seq | null {
  return p.attempt(() => (p.ws0() && p.lit('=>') && p.ws0() ? parseSeq(p) : null));
}

/** One or more of `item`, then `__ )`. */
function legsThenClose<T>(p: Cursor, item: (p: Cursor) => T | null): T[] | null {
  const items: T[] = [];
  for (let x = item(p); x !== null; x = item(p)) items.push(x);
  return items.length > 0 && p.ws0() && p.lit(')') ? items : null;
}

function parseParallel(p: Cursor): Op | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!(p.lit('fork') && p.ws0() && p.lit('('))) return null;
    const paths = legsThenClose(p, leg);
    return paths === null ? null : { kind: 'Parallel', paths, loc: p.span(start) };
  });
}

/** Case: `case expr` or `default` (expr null). */
export function parseCase(p: Cursor): { expr: Expr | null } | null {
  const c = p.attempt(() => (p.lit('case') && p.ws1() ? parseExpr(p) : null));
  if (c !== null) return { expr: c };
  return p.lit('default') ? { expr: null } : null;
}

function switchLeg(p: Cursor): Case | null {
  return p.attempt(() => {
    p.ws0();
    const start = p.pos;
    const c = parseCase(p);
    if (c === null) return null;
    const path = leg(p);
    return path === null ? null : { kind: 'Case', expr: c.expr, path, loc: p.span(start) };
  });
}

function parseSwitch(p: Cursor): Op | null {
  const start = p.pos;
  const withExpr = p.attempt((): Op | null => {
    if (!(p.lit('switch') && p.ws1())) return null;
    const expr = parseExpr(p);
    if (expr === null || !(p.ws1() && p.lit('('))) return null;
    const cases = legsThenClose(p, switchLeg);
    return cases === null ? null : { kind: 'Switch', expr, cases, loc: p.span(start) };
  });
  if (withExpr !== null) return withExpr;
  return p.attempt(() => {
    if (!(p.lit('switch') && p.ws0() && p.lit('('))) return null;
    const cases = legsThenClose(p, switchLeg);
    return cases === null ? null : { kind: 'Switch', expr: null, cases, loc: p.span(start) };
  });
}

function fromLeg(p: Cursor): Trunk | null {
  return p.attempt(() => {
    p.ws0();
    const start = p.pos;
    const source = parseFromSource(p);
    if (source === null) return null;
    const seq = leg(p);
    return { kind: 'Trunk', source, seq, loc: p.span(start) };
  });
}

function parseFromLegs(p: Cursor): Op | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!(p.lit('from') && p.ws0() && p.lit('('))) return null;
    const trunks = legsThenClose(p, fromLeg);
    return trunks === null ? null : { kind: 'From', trunks, loc: p.span(start) };
  });
}
