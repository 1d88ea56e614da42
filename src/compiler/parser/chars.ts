// Character classes of the Zed query grammar, as predicates on code points.

import { lazyRegExp } from '../../util/lazy-regexp.js';

/** A character class; tried in order, as the grammar's ordered choice of classes. */
export type CharClass = readonly ((c: number) => boolean)[];

function category(name: string): (c: number) => boolean {
  // (Made on first use: see lazy-regexp.ts.)
  const re = lazyRegExp(`^\\p{${name}}$`, 'u');
  return (c) => c >= 0x80 && re().test(String.fromCodePoint(c));
}

const upper = category('Lu');
const lower = category('Ll');
const decimal = category('Nd');
const connector = category('Pc');
const spaceSeparator = category('Zs');
const isLu = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || upper(c);
const isLl = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || lower(c);
const keyWordPunct = new Set([...'_.:/%#@~'].map((ch) => ch.charCodeAt(0)));

/** UnicodeLetter: Lu / Ll / Lt / Lm / Lo / Nl. */
export const letter: CharClass = [isLu, isLl, category('Lt'), category('Lm'), category('Lo'), category('Nl')];

/** IdentifierStart: UnicodeLetter / "$" / "_". */
export const identStart: CharClass = [...letter, (c) => c === 0x24, (c) => c === 0x5f];

/** IdentifierRest: IdentifierStart / Mn / Mc / Nd / Pc. */
export const identRest: CharClass = [
  ...identStart,
  category('Mn'),
  category('Mc'),
  (c) => isDigit(c) || decimal(c),
  (c) => c === 0x5f || connector(c),
];

/** KeyWordChars: UnicodeLetter / [_.:/%#@~]. */
export const keyWordChar: CharClass = [...letter, (c) => keyWordPunct.has(c)];

/** WhiteSpace: tab, vertical tab, form feed, space, NBSP, BOM, then category Zs. */
export const whiteSpace: CharClass = [
  (c) => c === 0x09,
  (c) => c === 0x0b,
  (c) => c === 0x0c,
  (c) => c === 0x20,
  (c) => c === 0xa0,
  (c) => c === 0xfeff,
  (c) => c === 0x20 || c === 0xa0 || spaceSeparator(c),
];

function isAsciiLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

export function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

export function isAlnum(c: number): boolean {
  return isDigit(c) || isAsciiLetter(c);
}

export function isLineTerminator(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
}

/** EscapedChar: what may not appear raw in a quoted string. */
export function isEscapedChar(c: number): boolean {
  return c <= 0x1f || c === 0x5c;
}

const pathPunct = new Set([...'!@$%^&*_=<>,./?:[]{}~+-'].map((ch) => ch.charCodeAt(0)));

/** Characters of an unquoted `file`/`get` path. */
export function isPathChar(c: number): boolean {
  return isAlnum(c) || pathPunct.has(c);
}
