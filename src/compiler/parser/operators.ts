// Keyword operators (assert, top, cut, drop, head, tail, where, uniq, put,
// rename, fuse, shape, join, sample, pass, explode, merge, yield, output,
// debug) and the order in which Zed tries them, with sort, the sources, over
// and load from their own files.

import type { Expr, JoinStyle, Op, Pass } from '../ast/index.js';
import { emptyMatch, type Cursor } from './cursor.js';
import {
  commaSeparated,
  parseAssignment,
  parseAssignments,
  parseFlexAssignments,
} from './aggregation.js';
import { parseDeref, parseExpr, parseExprs } from './expr.js';
import { parseOverOp } from './lateral.js';
import { word } from './lexer.js';
import { parseIdentifier } from './primary.js';
import { endOfOp, parseSeq } from './seq.js';
import { endOfKeyword, parseSortOp } from './sort.js';
import { parseFromOp, parseLoadOp } from './sources.js';
import { parseType } from './type-parser.js';

type OpParser = (p: Cursor) => Op | null;

/** Operator: the keyword operators in Zed's order. */
export function parseOperator(p: Cursor): Op | null {
  for (const parse of operators) {
    const op = parse(p);
    if (op !== null) return op;
  }
  return null;
}

/** `keyword _` followed by `body`; the node spans from the keyword on. */
function keywordThen(p: Cursor, keyword: string, body: (start: number) => Op | null): Op | null {
  const start = p.pos;
  return p.attempt(() => (p.lit(keyword) && p.ws1() ? body(start) : null));
}

/** `keyword !(__ "(") &EOKW`: a flag-less operator that is not a call. */
function bareKeyword(p: Cursor, keyword: string): boolean {
  return p.attempt(
    () => p.lit(keyword) && p.not(() => p.ws0() && p.lit('(')) && endOfKeyword(p),
  );
}

/** `keyword &EOKW` */
function keywordEnd(p: Cursor, keyword: string): boolean {
  return p.attempt(() => p.lit(keyword) && endOfKeyword(p));
}

/** `_ item`, optional. */
function spaced<T>(p: Cursor, item: (p: Cursor) => T | null): T | null {
  return p.attempt(() => (p.ws1() ? item(p) : null));
}

const lvals = (p: Cursor): Expr[] | null => commaSeparated(p, parseDeref);

const assertOp: OpParser = (p) =>
  keywordThen(p, 'assert', (start) => {
    const exprStart = p.pos;
    const expr = parseExpr(p);
    if (expr === null) return null;
    return { kind: 'Assert', expr, text: p.textFrom(exprStart), loc: p.span(start) };
  });

const topOp: OpParser = (p) => {
  const start = p.pos;
  if (!keywordEnd(p, 'top')) return null;
  const limit = spaced(p, parseExpr);
  const flush = p.attempt(() => p.ws1() && p.lit('-flush'));
  const args = spaced(p, lvals) ?? [];
  return { kind: 'Top', limit, args, flush, loc: p.span(start) };
};

const cutOp: OpParser = (p) =>
  keywordThen(p, 'cut', (start) => {
    const args = parseFlexAssignments(p);
    return args === null ? null : { kind: 'Cut', args, loc: p.span(start) };
  });

const dropOp: OpParser = (p) =>
  keywordThen(p, 'drop', (start) => {
    const args = lvals(p);
    return args === null ? null : { kind: 'Drop', args, loc: p.span(start) };
  });

/** head and tail: `kw _ !EndOfOp count` or a bare `kw`. */
function headOrTail(p: Cursor, kind: 'Head' | 'Tail'): Op | null {
  const keyword = kind === 'Head' ? 'head' : 'tail';
  const counted = keywordThen(p, keyword, (start) => {
    if (!p.not(() => endOfOp(p))) return null;
    const count = parseExpr(p);
    return count === null ? null : { kind, count, loc: p.span(start) };
  });
  if (counted !== null) return counted;
  const start = p.pos;
  return bareKeyword(p, keyword) ? { kind, count: null, loc: p.span(start) } : null;
}

const whereOp: OpParser = (p) =>
  keywordThen(p, 'where', (start) => {
    const expr = parseExpr(p);
    return expr === null ? null : { kind: 'Where', expr, loc: p.span(start) };
  });

const uniqOp: OpParser = (p) => {
  const start = p.pos;
  if (p.attempt(() => p.lit('uniq') && p.ws1() && p.lit('-c'))) {
    return { kind: 'Uniq', cflag: true, loc: p.span(start) };
  }
  return bareKeyword(p, 'uniq') ? { kind: 'Uniq', cflag: false, loc: p.span(start) } : null;
};

const putOp: OpParser = (p) =>
  keywordThen(p, 'put', (start) => {
    const args = parseAssignments(p);
    return args === null ? null : { kind: 'Put', args, loc: p.span(start) };
  });

const renameOp: OpParser = (p) =>
  keywordThen(p, 'rename', (start) => {
    const args = commaSeparated(p, parseAssignment);
    return args === null ? null : { kind: 'Rename', args, loc: p.span(start) };
  });

const fuseOp: OpParser = (p) => {
  const start = p.pos;
  return bareKeyword(p, 'fuse') ? { kind: 'Fuse', loc: p.span(start) } : null;
};

const shapeOp: OpParser = (p) => {
  const start = p.pos;
  return bareKeyword(p, 'shape') ? { kind: 'Shape', loc: p.span(start) } : null;
};

/** PassOp: also a source in `from ( ... )`. */
export function parsePassOp(p: Cursor): Pass | null {
  const start = p.pos;
  return bareKeyword(p, 'pass') ? { kind: 'Pass', loc: p.span(start) } : null;
}

const joinStyles: readonly JoinStyle[] = ['anti', 'inner', 'left', 'right'];

function joinKey(p: Cursor): Expr | null {
  return (
    parseDeref(p) ??
    p.attempt(() => {
      const e = p.lit('(') ? parseExpr(p) : null;
      return e !== null && p.lit(')') ? e : null;
    })
  );
}

const joinOp: OpParser = (p) => {
  const start = p.pos;
  return p.attempt((): Op | null => {
    const style =
      joinStyles.find((s) => p.attempt(() => p.lit(s) && p.ws1())) ?? emptyMatch(p, 'inner');
    if (!p.lit('join')) return null;
    const rightInput = p.attempt(() => {
      if (!(p.ws0() && p.lit('(') && p.ws0())) return null;
      const seq = parseSeq(p);
      return seq !== null && p.ws0() && p.lit(')') && p.ws0() ? seq : null;
    });
    if (rightInput === null && !p.ws1()) return null;
    if (!(p.lit('on') && p.ws1())) return null;
    const leftKey = joinKey(p);
    if (leftKey === null) return null;
    const rightKey = p.attempt(() => (p.ws0() && p.lit('=') && p.ws0() ? joinKey(p) : null));
    const args = spaced(p, parseFlexAssignments) ?? [];
    return { kind: 'Join', style, rightInput, leftKey, rightKey, args, loc: p.span(start) };
  });
};

const sampleOp: OpParser = (p) => {
  const start = p.pos;
  if (!keywordEnd(p, 'sample')) return null;
  const expr = spaced(p, parseDeref);
  return { kind: 'Sample', expr, loc: p.span(start) };
};

const explodeOp: OpParser = (p) =>
  keywordThen(p, 'explode', (start) => {
    const args = parseExprs(p);
    if (args === null) return null;
    const type = p.attempt(() => (p.ws1() && word(p, 'by') && p.ws1() ? parseType(p) : null));
    if (type === null) return null;
    const as = p.attempt(() => (p.ws1() && p.lit('as') && p.ws1() ? parseDeref(p) : null));
    return { kind: 'Explode', args, type, as, loc: p.span(start) };
  });

const mergeOp: OpParser = (p) =>
  keywordThen(p, 'merge', (start) => {
    const expr = parseExpr(p);
    return expr === null ? null : { kind: 'Merge', expr, loc: p.span(start) };
  });

const yieldOp: OpParser = (p) =>
  keywordThen(p, 'yield', (start) => {
    const exprs = parseExprs(p);
    return exprs === null ? null : { kind: 'Yield', exprs, loc: p.span(start) };
  });

const outputOp: OpParser = (p) =>
  keywordThen(p, 'output', (start) => {
    const name = parseIdentifier(p);
    return name === null ? null : { kind: 'Output', name, loc: p.span(start) };
  });

const debugOp: OpParser = (p) => {
  const start = p.pos;
  if (!keywordEnd(p, 'debug')) return null;
  const expr = spaced(p, parseExpr);
  return { kind: 'Debug', expr, loc: p.span(start) };
};

// Zed's order; it matters where one keyword is a prefix of a bare expression.
const operators: readonly OpParser[] = [
  assertOp,
  parseSortOp,
  topOp,
  cutOp,
  dropOp,
  (p) => headOrTail(p, 'Head'),
  (p) => headOrTail(p, 'Tail'),
  whereOp,
  uniqOp,
  putOp,
  renameOp,
  fuseOp,
  shapeOp,
  joinOp,
  sampleOp,
  parseFromOp,
  parsePassOp,
  explodeOp,
  mergeOp,
  parseOverOp,
  yieldOp,
  parseLoadOp,
  outputOp,
  debugOp,
];
