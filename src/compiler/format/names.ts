// How the canonical form writes names and string literals: bare when the
// grammar reads them back as the same name, quoted otherwise.

import { lazyRegExp } from '../../util/lazy-regexp.js';

const IDENT = lazyRegExp(String.raw`^[\p{L}\p{Nl}$_][\p{L}\p{Nl}$_\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*$`, 'u');
// Literal words the grammar never reads as identifiers (its IDGuard).
const RESERVED = new Set(['true', 'false', 'null', 'NaN', 'Inf']);

/** Whether `name` reads back as an identifier. */
export function isIdentifier(name: string): boolean {
  return IDENT().test(name) && !RESERVED.has(name);
}

/** A double-quoted string literal whose escapes the grammar decodes back to `text`. */
export function quote(text: string): string {
  return JSON.stringify(text);
}

/** `name` bare when it is an identifier, else quoted (record fields, type names). */
export function nameOrQuoted(name: string): string {
  return isIdentifier(name) ? name : quote(name);
}

/** Spaces for an indentation of `n`. */
export function pad(n: number): string {
  return ' '.repeat(n);
}
