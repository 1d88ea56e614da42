// The sort operator and the sort-expression lists it shares with the
// `order` argument of `file` and `get`.

import type { Op, SortExpr } from '../ast/index.js';
import { keyWordChar } from './chars.js';
import { Abort, type Cursor } from './cursor.js';
import { commaSeparated } from './aggregation.js';
import { parseExpr } from './expr.js';

/** SortExpr: `expr [asc|desc]` */
function sortExpr(p: Cursor): SortExpr | null {
  const start = p.pos;
  const expr = parseExpr(p);
  if (expr === null) return null;
  const order = p.attempt(() => {
    if (!p.ws1()) return null;
    if (p.lit('asc')) return 'asc';
    return p.lit('desc') ? 'desc' : null;
  });
  return { kind: 'SortExpr', expr, order, loc: p.span(start) };
}

export function parseSortExprs(p: Cursor): SortExpr[] | null {
  return commaSeparated(p, sortExpr);
}

/** EOKW: not followed by a keyword character. */
export function endOfKeyword(p: Cursor): boolean {
  return p.not(() => p.alt(keyWordChar));
}

type SortFlag = 'r' | 'nulls first' | 'nulls last';

function sortFlag(p: Cursor): SortFlag | null {
  return p.attempt(() => {
    if (!p.ws1()) return null;
    if (p.lit('-r')) return 'r';
    if (!(p.lit('-nulls') && p.ws1())) return null;
    if (p.lit('first')) return 'nulls first';
    return p.lit('last') ? 'nulls last' : null;
  });
}

/** SortOp: `sort [-r] [-nulls first|last] [exprs]` */
export function parseSortOp(p: Cursor): Op | null {
  const start = p.pos;
  if (!p.attempt(() => p.lit('sort') && endOfKeyword(p))) return null;
  const flagsStart = p.pos;
  const flags: SortFlag[] = [];
  for (let f = sortFlag(p); f !== null; f = sortFlag(p)) flags.push(f);
  const names = flags.map((f) => (f === 'r' ? 'r' : 'nulls'));
  const duplicate = new Set(names).size !== names.length;
  let args: SortExpr[];
  try {
    args = p.attempt(() => (p.ws0() ? parseSortExprs(p) : null)) ?? [];
  } catch (e) {
    if (duplicate && e instanceof Abort) throw new Abort([flagsStart, ...e.offsets]);
    throw e;
  }
  if (duplicate) {
    // Zed records a duplicate flag where the flags start, goes on, and then
    // fails once the operator has matched.
    throw new Abort([flagsStart, p.pos]);
  }
  return {
    kind: 'Sort',
    reverse: flags.includes('r'),
    nullsFirst: flags.includes('nulls first'),
    args,
    loc: p.span(start),
  };
}
