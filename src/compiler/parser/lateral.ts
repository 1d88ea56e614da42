// Lateral subqueries: the `over` operator with its `with` locals and
// `=> ( ... )` body, and the `(over ... | ...)` lateral expression.

import type { Def, Expr, Op, OverExpr, Seq } from '../ast/index.js';
import type { Cursor } from './cursor.js';
import { parseExpr, parseExprs } from './expr.js';
import { parseIdentifier } from './primary.js';
import { parseScope, parseSeq } from './seq.js';

/** Locals: ` with a=x, b` */
function parseLocals(p: Cursor): Def[] | null {
  return p.attempt(() => {
    if (!(p.ws1() && p.lit('with') && p.ws1())) return null;
    const first = localDef(p);
    if (first === null) return null;
    const defs = [first];
    for (;;) {
      const next = p.attempt(() => (p.ws0() && p.lit(',') && p.ws0() ? localDef(p) : null));
      if (next === null) return defs;
      defs.push(next);
    }
  });
}

function localDef(p: Cursor): Def | null {
  const name = parseIdentifier(p);
  if (name === null) return null;
  const value = p.attempt(() => (p.ws0() && p.lit('=') && p.ws0() ? parseExpr(p) : null));
  const expr: Expr = value ?? name;
  return { kind: 'Def', name, expr, loc: p.span(name.loc.start) };
}

/** `over exprs [with locals]`, shared by the operator and the expression. */
function overHead(p: Cursor): { exprs: Expr[]; locals: Def[] } | null {
  return p.attempt(() => {
    if (!(p.lit('over') && p.ws1())) return null;
    const exprs = parseExprs(p);
    if (exprs === null) return null;
    return { exprs, locals: parseLocals(p) ?? [] };
  });
}

/** OverExpr: `over exprs [with locals] | seq` (inside parentheses). */
export function parseOverExpr(p: Cursor): OverExpr | null {
  const start = p.pos;
  return p.attempt(() => {
    const head = overHead(p);
    if (head === null || !(p.ws0() && p.lit('|') && p.ws0())) return null;
    const body = parseSeq(p);
    if (body === null) return null;
    return { kind: 'OverExpr', exprs: head.exprs, locals: head.locals, body, loc: p.span(start) };
  });
}

/** OverOp: `over exprs [with locals] [=> ( [decls] seq )]`. */
export function parseOverOp(p: Cursor): Op | null {
  const start = p.pos;
  return p.attempt(() => {
    const head = overHead(p);
    if (head === null) return null;
    const body = lateral(p, (q) => {
      const scope = parseScope(q);
      return scope === null ? null : [scope];
    }) ?? lateral(p, parseSeq);
    return { kind: 'Over', exprs: head.exprs, locals: head.locals, body, loc: p.span(start) };
  });
}

function lateral(p: Cursor, inner: (p: Cursor) => Seq | null): Seq | null {
  return p.attempt(() => {
    if (!(p.ws0() && p.lit('=>') && p.ws0() && p.lit('(') && p.ws0())) return null;
    const seq = inner(p);
    return seq !== null && p.ws0() && p.lit(')') ? seq : null;
  });
}
