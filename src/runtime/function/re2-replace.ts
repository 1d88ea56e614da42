// Go's Regexp.ReplaceAll on UTF-8 bytes with Regexp.Expand templates
// ($1, ${1}, $name, ${name}, $$), and Go's rule of no replacement for an
// empty match right after a match (regexp.go at Go 1.21).

import { ByteWriter } from '../../util/byte-writer.js';
import type { GoRegexp } from './re2.js';
import { lazyRegExp } from '../../util/lazy-regexp.js';

/** A piece of a parsed template: literal bytes, a group by number, or a group by name. */
type Piece = Uint8Array | number | string;

const DOLLAR = 0x24;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LETTER_OR_DIGIT = lazyRegExp(String.raw`^[\p{L}\p{Nd}_]$`, 'u');
const decoder = new TextDecoder();

/** The width of the UTF-8 sequence at `i` (1 for an invalid byte, 0 at the end), as Go's utf8.DecodeRune. */
export function runeWidth(b: Uint8Array, i: number): number {
  if (i >= b.length) return 0;
  const c = b[i]!;
  if (c < 0x80) return 1;
  let size: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (c >= 0xc2 && c <= 0xdf) size = 2;
  else if (c >= 0xe0 && c <= 0xef) {
    size = 3;
    if (c === 0xe0) lo = 0xa0;
    else if (c === 0xed) hi = 0x9f;
  } else if (c >= 0xf0 && c <= 0xf4) {
    size = 4;
    if (c === 0xf0) lo = 0x90;
    else if (c === 0xf4) hi = 0x8f;
  } else return 1;
  if (i + size > b.length) return 1;
  const c1 = b[i + 1]!;
  if (c1 < lo || c1 > hi) return 1;
  for (let k = 2; k < size; k++) if ((b[i + k]! & 0xc0) !== 0x80) return 1;
  return size;
}

/** Whether the rune at `i` (of width `w`) is a letter, a decimal digit or '_' (Go's extract). */
function isNameRune(b: Uint8Array, i: number, w: number): boolean {
  const c = b[i]!;
  if (c < 0x80) return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
  return w > 1 && LETTER_OR_DIGIT().test(decoder.decode(b.subarray(i, i + w)));
}

/** A $name or ${name} reference at `i` (just past the '$'): the piece and where the text goes on, or null. */
function reference(t: Uint8Array, i: number): [number | string, number] | null {
  const brace = t[i] === LBRACE;
  const start = brace ? i + 1 : i;
  let j = start;
  for (;;) {
    const w = runeWidth(t, j);
    if (w === 0 || !isNameRune(t, j, w)) break;
    j += w;
  }
  if (j === start) return null;
  const name = decoder.decode(t.subarray(start, j));
  let next = j;
  if (brace) {
    if (t[j] !== RBRACE) return null;
    next++;
  }
  let num = 0;
  for (let k = 0; k < name.length; k++) {
    const d = name.charCodeAt(k) - 0x30;
    if (d < 0 || d > 9 || num >= 1e8) {
      num = -1;
      break;
    }
    num = num * 10 + d;
  }
  // A leading zero makes it a name.
  if (name.length > 1 && name[0] === '0') num = -1;
  return [num >= 0 ? num : name, next];
}

/** A replacement template, parsed once. */
export class Template {
  readonly pieces: readonly Piece[];
  /** Whether any piece refers to a group. */
  readonly refersToGroups: boolean;

  constructor(t: Uint8Array) {
    const pieces: Piece[] = [];
    let lit = 0;
    let i = 0;
    const flush = (end: number) => {
      if (end > lit) pieces.push(t.subarray(lit, end));
    };
    while (i < t.length) {
      if (t[i] !== DOLLAR) {
        i++;
        continue;
      }
      if (t[i + 1] === DOLLAR) {
        // $$ is a '$': keep the first, drop the second.
        flush(i + 1);
        i += 2;
        lit = i;
        continue;
      }
      const ref = reference(t, i + 1);
      if (ref === null) {
        // Malformed: the '$' is text.
        i++;
        continue;
      }
      flush(i);
      pieces.push(ref[0]);
      i = lit = ref[1];
    }
    flush(t.length);
    this.pieces = pieces;
    this.refersToGroups = pieces.some((p) => !(p instanceof Uint8Array));
  }
}

/** Go's Regexp.Expand: appends `tmpl` for match `m` (FindSubmatchIndex offsets into `src`) to `out`. */
export function expand(out: ByteWriter, re: GoRegexp, tmpl: Template, src: Uint8Array, m: readonly number[]): void {
  for (const p of tmpl.pieces) {
    if (p instanceof Uint8Array) {
      out.bytes(p);
      continue;
    }
    let g = -1;
    if (typeof p === 'number') {
      g = p;
    } else {
      // The first group of that name that took part in the match.
      for (let k = 1; k < re.names.length; k++) {
        if (re.names[k] === p && (m[2 * k] ?? -1) >= 0) {
          g = k;
          break;
        }
      }
    }
    const a = m[2 * g] ?? -1;
    if (g >= 0 && a >= 0) out.bytes(src.subarray(a, m[2 * g + 1]));
  }
}

/** Go's Regexp.ReplaceAll(src, template). */
export function replaceAll(re: GoRegexp, src: Uint8Array, tmpl: Template, out = new ByteWriter(src.length + 16)): Uint8Array {
  out.reset();
  const groups = tmpl.refersToGroups ? re.numSubexp : 0;
  let lastEnd = 0;
  let search = 0;
  while (search <= src.length) {
    // After a match the DFA test is mostly wasted: the backtracker skips to where a match can start.
    const m = re.exec(src, search, groups, search === 0);
    if (m === null) break;
    const a0 = m[0]!;
    const a1 = m[1]!;
    out.bytes(src.subarray(lastEnd, a0));
    // No replacement for an empty match right after the previous match.
    if (a1 > lastEnd || a0 === 0) expand(out, re, tmpl, src, m);
    lastEnd = a1;
    // Advance past the match, and always by at least one character.
    const width = runeWidth(src, search);
    if (search + width > a1) search += width;
    else if (search + 1 > a1) search++;
    else search = a1;
  }
  out.bytes(src.subarray(lastEnd));
  return out.take();
}
