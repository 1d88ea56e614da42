// Declarations: `const`, `func`, `op` and `type`. Each must be followed by
// at least one space (Zed's grammar requires it before the scope body).

import type { Decl, ID, Seq } from '../ast/index.js';
import type { Cursor } from './cursor.js';
import { parseExpr } from './expr.js';
import { parseIdentifier } from './primary.js';
import { parseScope, parseSeq } from './seq.js';
import { parseType } from './type-parser.js';

/** Decl: a declaration and the space after it. */
export function parseDecl(p: Cursor): Decl | null {
  return p.attempt(() => {
    const d = constDecl(p) ?? funcDecl(p) ?? opDecl(p) ?? typeDecl(p);
    return d !== null && p.ws1() ? d : null;
  });
}

/** `keyword _ Identifier` */
function named(p: Cursor, keyword: string): ID | null {
  return p.attempt(() => (p.lit(keyword) && p.ws1() ? parseIdentifier(p) : null));
}

function constDecl(p: Cursor): Decl | null {
  const start = p.pos;
  return p.attempt(() => {
    const name = named(p, 'const');
    if (name === null || !(p.ws0() && p.lit('=') && p.ws0())) return null;
    const expr = parseExpr(p);
    return expr === null ? null : { kind: 'ConstDecl', name, expr, loc: p.span(start) };
  });
}

function typeDecl(p: Cursor): Decl | null {
  const start = p.pos;
  return p.attempt(() => {
    const name = named(p, 'type');
    if (name === null || !(p.ws0() && p.lit('=') && p.ws0())) return null;
    const type = parseType(p);
    return type === null ? null : { kind: 'TypeDecl', name, type, loc: p.span(start) };
  });
}

/** `__ "(" __ Identifiers? __ ")" __ ":" __ "(" __` */
function signature(p: Cursor): ID[] | null {
  return p.attempt(() => {
    if (!(p.ws0() && p.lit('(') && p.ws0())) return null;
    const params: ID[] = [];
    const first = parseIdentifier(p);
    if (first !== null) {
      params.push(first);
      for (;;) {
        const next = p.attempt(() => (p.ws0() && p.lit(',') && p.ws0() ? parseIdentifier(p) : null));
        if (next === null) break;
        params.push(next);
      }
    }
    const ok = p.ws0() && p.lit(')') && p.ws0() && p.lit(':') && p.ws0() && p.lit('(') && p.ws0();
    return ok ? params : null;
  });
}

function funcDecl(p: Cursor): Decl | null {
  const start = p.pos;
  return p.attempt(() => {
    const name = named(p, 'func');
    const params = name === null ? null : signature(p);
    if (name === null || params === null) return null;
    const expr = parseExpr(p);
    if (expr === null || !(p.ws0() && p.lit(')'))) return null;
    return { kind: 'FuncDecl', name, params, expr, loc: p.span(start) };
  });
}

function opDeclBody(p: Cursor): Seq | null {
  const scope = parseScope(p);
  return scope !== null ? [scope] : parseSeq(p);
}

function opDecl(p: Cursor): Decl | null {
  const start = p.pos;
  return p.attempt(() => {
    const name = named(p, 'op');
    const params = name === null ? null : signature(p);
    if (name === null || params === null) return null;
    const body = opDeclBody(p);
    if (body === null || !(p.ws0() && p.lit(')'))) return null;
    return { kind: 'OpDecl', name, params, body, loc: p.span(start) };
  });
}
