// Scanners for the word-like tokens of the query language: identifiers,
// keyword tokens, quoted strings with escapes, search keywords, globs and
// regular expressions. The grammar is context sensitive (a `/` may start a
// regexp, a keyword or be a division), so the parser calls these on demand
// rather than consuming a token stream.

import { abortAt, type Cursor } from './cursor.js';
import {
  isDigit,
  isEscapedChar,
  isHexDigit,
  identRest,
  identStart,
  keyWordChar,
} from './chars.js';

/** A scanned identifier. */
export interface IdentName {
  readonly name: string;
  readonly start: number;
  /**
   * Set for the escaped reserved words `\true`, `\null`, `\NaN`, ... Zed's
   * parser accepts them but fails when it later uses the name; the caller
   * reports that with `checkIdent` once its enclosing rule has matched.
   */
  readonly escapedGuard: boolean;
}

/** IDGuard: the words that are literals rather than identifiers. */
function idGuard(p: Cursor): boolean {
  return p.attempt(
    () =>
      word(p, 'true') ||
      word(p, 'false') ||
      word(p, 'null') ||
      p.lit('NaN') ||
      p.attempt(() => {
        if (!p.lit('-')) p.lit('+');
        return p.lit('Inf');
      }),
  );
}

/** IdentifierName */
export function identifierName(p: Cursor): IdentName | null {
  const start = p.pos;
  const plain = p.attempt(() => {
    if (!p.not(() => idGuard(p) && p.not(() => p.alt(identRest)))) return false;
    if (!p.alt(identStart)) return false;
    while (p.alt(identRest));
    return true;
  });
  if (plain) return { name: p.textFrom(start), start, escapedGuard: false };
  if (p.lit('$')) return { name: '$', start, escapedGuard: false };
  if (p.attempt(() => p.lit('\\') && idGuard(p))) {
    return { name: p.textFrom(start + 1), start, escapedGuard: true };
  }
  if (p.lit('type')) return { name: 'type', start, escapedGuard: false };
  return null;
}

/** Stops the parse where Zed's parser fails on an escaped reserved word. */
export function checkIdent(p: Cursor, id: IdentName | null): void {
  if (id?.escapedGuard) abortAt(p.pos);
}

/** `w` not followed by an identifier character (TrueToken, ByToken, ...). */
export function word(p: Cursor, w: string): boolean {
  return p.attempt(() => p.lit(w) && p.not(() => p.alt(identRest)));
}

/** AndToken, OrToken, NotToken: lower or upper case. */
export function caseWord(p: Cursor, w: 'and' | 'or' | 'not'): boolean {
  return p.attempt(() => (p.lit(w) || p.lit(w.toUpperCase())) && p.not(() => p.alt(identRest)));
}

/** Go's string(rune): invalid code points become U+FFFD. */
function runeString(r: number): string {
  if (r > 0x10ffff || (r >= 0xd800 && r <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(r);
}

function hexRun(p: Cursor, min: number, max: number): string | null {
  const start = p.pos;
  let n = 0;
  while (n < max && p.cls(isHexDigit)) n++;
  if (n < min) {
    p.pos = start;
    return null;
  }
  return p.textFrom(start);
}

const singleEscapes: ReadonlyArray<readonly [string, string]> = [
  ["'", "'"],
  ['"', '"'],
  ['\\', '\\'],
  ['b', '\b'],
  ['f', '\f'],
  ['n', '\n'],
  ['r', '\r'],
  ['t', '\t'],
  ['v', '\v'],
];

/** EscapeSequence (after the backslash): returns the decoded text. */
export function escapeSequence(p: Cursor): string | null {
  for (const [ch, out] of singleEscapes) if (p.lit(ch)) return out;
  const four = p.attempt(() => (p.lit('u') ? hexRun(p, 4, 4) : null));
  if (four !== null) return runeString(parseInt(four, 16));
  const braced = p.attempt(() => {
    if (!p.lit('u') || !p.lit('{')) return null;
    const hex = hexRun(p, 1, 6);
    return hex !== null && p.lit('}') ? hex : null;
  });
  return braced === null ? null : runeString(parseInt(braced, 16));
}

/** QuotedString: a single- or double-quoted string, decoded. */
export function quotedString(p: Cursor): string | null {
  return quoted(p, '"') ?? quoted(p, "'");
}

function quoted(p: Cursor, q: '"' | "'"): string | null {
  return p.attempt(() => {
    if (!p.lit(q)) return null;
    let out = '';
    for (;;) {
      const ch = quotedChar(p, q);
      if (ch === null) break;
      out += ch;
    }
    return p.lit(q) ? out : null;
  });
}

/** DoubleQuotedChar / SingleQuotedChar. */
export function quotedChar(p: Cursor, q: '"' | "'"): string | null {
  const start = p.pos;
  if (p.attempt(() => p.not(() => p.lit(q) || p.cls(isEscapedChar)) && p.any())) {
    return p.textFrom(start);
  }
  return p.attempt(() => (p.lit('\\') ? escapeSequence(p) : null));
}

/** KeywordEscape / GlobEscape: `\=`, `\*`, `\+`, `\-` (after the backslash). */
function patternEscape(p: Cursor, glob: boolean): string | null {
  if (p.lit('=')) return '=';
  if (p.lit('*')) return glob ? '\\*' : '*';
  if (p.lit('+')) return '+';
  if (p.lit('-')) return '-';
  return null;
}

function keyWordEsc(p: Cursor, glob: boolean): string | null {
  return p.attempt(() => (p.lit('\\') ? (patternEscape(p, glob) ?? escapeSequence(p)) : null));
}

function keyWordCharText(p: Cursor): string | null {
  const start = p.pos;
  return p.alt(keyWordChar) ? p.textFrom(start) : null;
}

/** KeyWordStart */
function keyWordStart(p: Cursor): string | null {
  return keyWordCharText(p) ?? keyWordEsc(p, false);
}

/** KeyWordRest */
function keyWordRest(p: Cursor): string | null {
  const start = p.pos;
  return keyWordStart(p) ?? (p.cls(isDigit) ? p.textFrom(start) : null);
}

// Escapes that Zed's grammar yields as raw bytes rather than strings; at the
// start of a keyword or glob its parser then fails once the word is scanned.
const rawEscapes = new Set(['\\+', '\\-', "\\'", '\\\\']);

function failOnRawHead(p: Cursor, start: number): void {
  if (rawEscapes.has(p.src.slice(start, start + 2))) abortAt(p.pos);
}

/** KeyWord: a bare search word, with escapes decoded. */
export function keyWord(p: Cursor): string | null {
  const start = p.pos;
  const head = keyWordStart(p);
  if (head === null) return null;
  let out = head;
  for (let s = keyWordRest(p); s !== null; s = keyWordRest(p)) out += s;
  failOnRawHead(p, start);
  return out;
}

/** Whether a keyword character starts here (used as a boundary test). */
export function atKeyWordStart(p: Cursor): boolean {
  return keyWordStart(p) !== null;
}

function globStart(p: Cursor): string | null {
  return keyWordCharText(p) ?? keyWordEsc(p, true) ?? (p.lit('*') ? '*' : null);
}

function globRest(p: Cursor): string | null {
  const start = p.pos;
  return globStart(p) ?? (p.cls(isDigit) ? p.textFrom(start) : null);
}

/** GlobPattern: a search word with at least one `*`. */
export function globPattern(p: Cursor): string | null {
  const properStart = p.and(
    () =>
      keyWordStart(p) !== null ||
      p.attempt(() => {
        if (!p.lit('*')) return false;
        while (p.lit('*'));
        return keyWordRest(p) !== null;
      }),
  );
  if (!properStart) return null;
  const hasStar = p.and(() => {
    while (keyWordRest(p) !== null);
    return p.lit('*');
  });
  if (!hasStar) return null;
  const start = p.pos;
  const head = globStart(p);
  if (head === null) return null;
  let out = head;
  for (let s = globRest(p); s !== null; s = globRest(p)) out += s;
  failOnRawHead(p, start);
  return out;
}

/** RegexpPattern: `/body/` not followed by a keyword character; returns the body. */
export function regexpPattern(p: Cursor): string | null {
  return p.attempt(() => {
    if (!p.lit('/')) return null;
    const start = p.pos;
    let n = 0;
    for (;;) {
      if (p.cls((c) => c !== 0x2f && c !== 0x5c)) n++;
      else if (p.attempt(() => p.lit('\\') && p.any())) n++;
      else break;
    }
    if (n === 0) return null;
    const body = p.textFrom(start);
    if (!p.lit('/')) return null;
    return p.not(() => atKeyWordStart(p)) ? body : null;
  });
}
