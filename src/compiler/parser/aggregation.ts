// Assignments (`lhs:=rhs`), bare assignment operators, and aggregations:
// `[summarize] agg(...) [where e], ... [by keys] [with -limit n]`.

import type { Agg, AggAssignment, Assignment, Op } from '../ast/index.js';
import { abortAt, emptyMatch, type Cursor } from './cursor.js';
import { funcGuard, parseWhereClause } from './call.js';
import { parseDeref, parseExpr } from './expr.js';
import { parseOverExpr } from './lateral.js';
import { checkIdent, identifierName, word } from './lexer.js';
import { uintString } from './literal-scan.js';

/** Items separated by `__ "," __`; at least one. */
export function commaSeparated<T>(p: Cursor, item: (p: Cursor) => T | null): T[] | null {
  const first = item(p);
  if (first === null) return null;
  const out = [first];
  for (;;) {
    const next = p.attempt(() => (p.ws0() && p.lit(',') && p.ws0() ? item(p) : null));
    if (next === null) return out;
    out.push(next);
  }
}

/** Assignment: `lval := expr` */
export function parseAssignment(p: Cursor): Assignment | null {
  return p.attempt(() => {
    const lhs = parseDeref(p);
    if (lhs === null || !(p.ws0() && p.lit(':=') && p.ws0())) return null;
    const rhs = parseExpr(p);
    if (rhs === null) return null;
    return { kind: 'Assignment', lhs, rhs, loc: p.span(lhs.loc.start) };
  });
}

/** Assignments: one or more comma-separated assignments. */
export function parseAssignments(p: Cursor): Assignment[] | null {
  return commaSeparated(p, parseAssignment);
}

/** FlexAssignment: an assignment, or an expression whose name is inferred later. */
export function parseFlexAssignment(p: Cursor): Assignment | null {
  const a = parseAssignment(p);
  if (a !== null) return a;
  const rhs = parseExpr(p);
  return rhs === null ? null : { kind: 'Assignment', lhs: null, rhs, loc: rhs.loc };
}

export function parseFlexAssignments(p: Cursor): Assignment[] | null {
  return commaSeparated(p, parseFlexAssignment);
}

/** OpAssignment: bare `a:=x, b:=y` as an operator. */
export function parseOpAssignment(p: Cursor): Op | null {
  const start = p.pos;
  const assignments = parseAssignments(p);
  if (assignments === null) return null;
  return { kind: 'OpAssignment', assignments, loc: p.span(start) };
}

/** Agg: `name([expr]) [where expr]`, not followed by `.`. */
function parseAgg(p: Cursor): Agg | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!p.not(() => funcGuard(p))) return null;
    const id = identifierName(p);
    if (id === null || !(p.ws0() && p.lit('(') && p.ws0())) return null;
    const expr = parseOverExpr(p) ?? parseExpr(p);
    if (!(p.ws0() && p.lit(')'))) return null;
    if (!p.not(() => p.ws0() && p.lit('.'))) return null;
    const where = parseWhereClause(p);
    checkIdent(p, id);
    return { kind: 'Agg', name: id.name, expr, where, loc: p.span(start) };
  });
}

function parseAggAssignment(p: Cursor): AggAssignment | null {
  const start = p.pos;
  const named = p.attempt(() => {
    const lhs = parseDeref(p);
    if (lhs === null || !(p.ws0() && p.lit(':=') && p.ws0())) return null;
    const rhs = parseAgg(p);
    return rhs === null ? null : { lhs, rhs };
  });
  if (named !== null) {
    return { kind: 'Assignment', lhs: named.lhs, rhs: named.rhs, loc: p.span(start) };
  }
  const rhs = parseAgg(p);
  return rhs === null ? null : { kind: 'Assignment', lhs: null, rhs, loc: rhs.loc };
}

/** GroupByKeys: `by keys` */
function groupByKeys(p: Cursor): Assignment[] | null {
  return p.attempt(() => (word(p, 'by') && p.ws1() ? parseFlexAssignments(p) : null));
}

// Go's strconv.Atoi range on 64-bit platforms.
const maxInt = 9223372036854775807n;

/**
 * LimitArg: ` with -limit n`, 0 when absent; `undefined` when n overflows,
 * which makes Zed's parser fail once the aggregation has matched.
 */
function limitArg(p: Cursor): number | undefined {
  const n = p.attempt(() =>
    p.ws1() && p.lit('with') && p.ws1() && p.lit('-limit') && p.ws1() ? uintString(p) : null,
  );
  if (n === null) return emptyMatch(p, 0);
  return BigInt(n) > maxInt ? undefined : Number(n);
}

/** Aggregation: a summarize with or without the keyword. */
export function parseAggregation(p: Cursor): Op | null {
  const start = p.pos;
  const keysOnly = p.attempt(() => {
    summarizeKeyword(p);
    const keys = groupByKeys(p);
    return keys === null ? null : { keys, limit: limitArg(p) };
  });
  if (keysOnly !== null) return summarize(p, start, keysOnly.keys, [], keysOnly.limit);
  return p.attempt(() => {
    summarizeKeyword(p);
    const aggs = commaSeparated(p, parseAggAssignment);
    if (aggs === null) return null;
    const keys = p.attempt(() => (p.ws1() ? groupByKeys(p) : null)) ?? [];
    return summarize(p, start, keys, aggs, limitArg(p));
  });
}

function summarizeKeyword(p: Cursor): void {
  p.attempt(() => p.lit('summarize') && p.ws1());
}

function summarize(
  p: Cursor,
  start: number,
  keys: Assignment[],
  aggs: AggAssignment[],
  limit: number | undefined,
): Op {
  if (limit === undefined) abortAt(p.pos);
  return { kind: 'Summarize', keys, aggs, limit, loc: p.span(start) };
}
