// Parses literals: primitives (strings, numbers, times, durations, addresses,
// bytes, booleans, null), type values and f-strings.

import type {
  FString,
  FStringElem,
  Primitive,
  PrimitiveLiteralType,
  TypeValue,
} from '../ast/index.js';
import { identRest } from './chars.js';
import type { Cursor } from './cursor.js';
import { parseExpr } from './expr.js';
import { quotedChar, quotedString, word } from './lexer.js';
import {
  bytesString,
  duration,
  floatString,
  intString,
  ip4,
  ip4Net,
  ip6,
  ip6Net,
  time,
} from './literal-scan.js';
import { parseTypeValue } from './type-parser.js';

export type Literal = Primitive | TypeValue | FString;

function primitive(p: Cursor, start: number, type: PrimitiveLiteralType, text: string): Primitive {
  return { kind: 'Primitive', type, text, loc: p.span(start) };
}

/** Literal, trying the forms in Zed's order (so `1h` is a duration, `1.2.3.4` an ip). */
export function parseLiteral(p: Cursor): Literal | null {
  return (
    parseTypeValue(p) ??
    parseStringLiteral(p) ??
    parseFString(p) ??
    scanned(p, 'net', subnet) ??
    scanned(p, 'ip', address) ??
    scanned(p, 'bytes', bytesString) ??
    scanned(p, 'duration', duration) ??
    scanned(p, 'time', time) ??
    scanned(p, 'float64', floatString) ??
    scanned(p, 'int64', intString) ??
    boolOrNull(p)
  );
}

function scanned(
  p: Cursor,
  type: PrimitiveLiteralType,
  scan: (p: Cursor) => string | null,
): Primitive | null {
  const start = p.pos;
  const text = scan(p);
  return text === null ? null : primitive(p, start, type, text);
}

function subnet(p: Cursor): string | null {
  return p.attempt(() => {
    const v = ip6Net(p);
    return v !== null && p.not(() => p.alt(identRest)) ? v : null;
  }) ?? ip4Net(p);
}

function address(p: Cursor): string | null {
  return p.attempt(() => {
    const v = ip6(p);
    return v !== null && p.not(() => p.alt(identRest)) ? v : null;
  }) ?? ip4(p);
}

function boolOrNull(p: Cursor): Primitive | null {
  const start = p.pos;
  if (word(p, 'true')) return primitive(p, start, 'bool', 'true');
  if (word(p, 'false')) return primitive(p, start, 'bool', 'false');
  if (word(p, 'null')) return primitive(p, start, 'null', '');
  return null;
}

/** StringLiteral: a quoted string as a string primitive. */
export function parseStringLiteral(p: Cursor): Primitive | null {
  const start = p.pos;
  const s = quotedString(p);
  return s === null ? null : primitive(p, start, 'string', s);
}

/** FString: `f"text {expr} text"` or with single quotes; `\{` is a literal brace. */
export function parseFString(p: Cursor): FString | null {
  return fstring(p, '"') ?? fstring(p, "'");
}

function fstring(p: Cursor, q: '"' | "'"): FString | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!p.lit(`f${q}`)) return null;
    const elems: FStringElem[] = [];
    for (;;) {
      const elem = fstringExpr(p) ?? fstringText(p, q);
      if (elem === null) break;
      elems.push(elem);
    }
    if (!p.lit(q)) return null;
    return { kind: 'FString', elems, loc: p.span(start) };
  });
}

function fstringExpr(p: Cursor): FStringElem | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!(p.lit('{') && p.ws0())) return null;
    const expr = parseExpr(p);
    if (expr === null || !(p.ws0() && p.lit('}'))) return null;
    return { kind: 'FStringExpr', expr, loc: p.span(start) };
  });
}

function fstringText(p: Cursor, q: '"' | "'"): FStringElem | null {
  const start = p.pos;
  let text = '';
  for (;;) {
    const ch =
      p.attempt(() => (p.lit('\\') && p.lit('{') ? '{' : null)) ??
      p.attempt(() => (p.not(() => p.lit('{')) ? quotedChar(p, q) : null));
    if (ch === null) break;
    text += ch;
  }
  if (p.pos === start) return null;
  return { kind: 'FStringText', text, loc: p.span(start) };
}
