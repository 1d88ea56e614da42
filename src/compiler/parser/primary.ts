// Primary expressions: record, array, set and map literals, literals,
// identifiers and parenthesized expressions; plus the pattern nodes (regexp,
// glob) shared with search expressions.

import type {
  Entry,
  Expr,
  Glob,
  ID,
  RecordElem,
  RecordExpr,
  Regexp,
  Spread,
  VectorElem,
} from '../ast/index.js';
import type { Cursor } from './cursor.js';
import { parseExpr } from './expr.js';
import { parseOverExpr } from './lateral.js';
import { checkIdent, globPattern, identifierName, quotedString, regexpPattern } from './lexer.js';
import { parseLiteral } from './literal.js';

/** Identifier: an ID node. */
export function parseIdentifier(p: Cursor): ID | null {
  const id = identifierName(p);
  if (id === null) return null;
  checkIdent(p, id);
  return { kind: 'ID', name: id.name, loc: p.span(id.start) };
}

/** Regexp: `/pattern/` */
export function parseRegexp(p: Cursor): Regexp | null {
  const start = p.pos;
  const pattern = regexpPattern(p);
  return pattern === null ? null : { kind: 'Regexp', pattern, loc: p.span(start) };
}

/** Glob: a word containing `*`. */
export function parseGlob(p: Cursor): Glob | null {
  const start = p.pos;
  const pattern = globPattern(p);
  return pattern === null ? null : { kind: 'Glob', pattern, loc: p.span(start) };
}

/** Primary */
export function parsePrimary(p: Cursor): Expr | null {
  return (
    parseRecord(p) ??
    parseArray(p) ??
    parseSet(p) ??
    parseMap(p) ??
    parseLiteral(p) ??
    parseIdentifier(p) ??
    parenthesized(p, parseOverExpr) ??
    parenthesized(p, parseExpr)
  );
}

function parenthesized(p: Cursor, inner: (p: Cursor) => Expr | null): Expr | null {
  return p.attempt(() => {
    if (!(p.lit('(') && p.ws0())) return null;
    const e = inner(p);
    return e !== null && p.ws0() && p.lit(')') ? e : null;
  });
}

/** Record: `{a:1, b, ...c}` */
export function parseRecord(p: Cursor): RecordExpr | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!(p.lit('{') && p.ws0())) return null;
    const elems = commaList(p, recordElem);
    if (!(p.ws0() && p.lit('}'))) return null;
    return { kind: 'RecordExpr', elems, loc: p.span(start) };
  });
}

/** One or more elements separated by commas, or none. */
function commaList<T>(p: Cursor, elem: (p: Cursor) => T | null): T[] {
  const first = elem(p);
  if (first === null) return [];
  const out = [first];
  for (;;) {
    const next = p.attempt(() => (p.ws0() && p.lit(',') && p.ws0() ? elem(p) : null));
    if (next === null) return out;
    out.push(next);
  }
}

function spread(p: Cursor): Spread | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!(p.lit('...') && p.ws0())) return null;
    const expr = parseExpr(p);
    return expr === null ? null : { kind: 'Spread', expr, loc: p.span(start) };
  });
}

function recordElem(p: Cursor): RecordElem | null {
  return spread(p) ?? field(p) ?? parseIdentifier(p);
}

function field(p: Cursor): RecordElem | null {
  const start = p.pos;
  return p.attempt(() => {
    const id = identifierName(p);
    const name = id?.name ?? quotedString(p);
    if (name === null || !(p.ws0() && p.lit(':') && p.ws0())) return null;
    const value = parseExpr(p);
    if (value === null) return null;
    checkIdent(p, id);
    return { kind: 'Field', name, value, loc: p.span(start) };
  });
}

function vectorElem(p: Cursor): VectorElem | null {
  const s = spread(p);
  if (s !== null) return s;
  const expr = parseExpr(p);
  return expr === null ? null : { kind: 'VectorValue', expr, loc: expr.loc };
}

function parseArray(p: Cursor): Expr | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!(p.lit('[') && p.ws0())) return null;
    const elems = commaList(p, vectorElem);
    if (!(p.ws0() && p.lit(']'))) return null;
    return { kind: 'ArrayExpr', elems, loc: p.span(start) };
  });
}

function parseSet(p: Cursor): Expr | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!(p.lit('|[') && p.ws0())) return null;
    const elems = commaList(p, vectorElem);
    if (!(p.ws0() && p.lit(']|'))) return null;
    return { kind: 'SetExpr', elems, loc: p.span(start) };
  });
}

function entry(p: Cursor): Entry | null {
  const start = p.pos;
  return p.attempt(() => {
    const key = parseExpr(p);
    if (key === null || !(p.ws0() && p.lit(':') && p.ws0())) return null;
    const value = parseExpr(p);
    return value === null ? null : { kind: 'Entry', key, value, loc: p.span(start) };
  });
}

function parseMap(p: Cursor): Expr | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!(p.lit('|{') && p.ws0())) return null;
    const entries = commaList(p, entry);
    if (!(p.ws0() && p.lit('}|'))) return null;
    return { kind: 'MapExpr', entries, loc: p.span(start) };
  });
}
