// grep(pattern, e) with a string pattern evaluated at run time (function/
// grep.go; the compiler turns constant strings, globs and regexps into
// search nodes). A match is a case-insensitive substring of any string in e
// or of any (dotted) field name of a record in e.

import { decodeUtf8 } from '../../util/utf8.js';
import { TypeString, underlying, type RecordType, type Type, type Value } from '../../zed/index.js';
import { FALSE, TRUE } from '../expr/compare.js';
import type { FunctionDef } from './registry.js';
import { SearchWalker, type BodyWalker } from './search-walker.js';

const EMPTY = new Uint8Array(0);

function foldRune(c: string): string {
  const l = c.toLowerCase();
  return l.length === c.length ? l : c;
}

/** Go's stringSearch: strings.Contains under simple case folding. */
export function containsFold(s: string, term: string): boolean {
  if (term.length > s.length) return false;
  if (s.includes(term)) return true;
  const a = [...s].map(foldRune);
  const b = [...term].map(foldRune);
  outer: for (let i = 0; i + b.length <= a.length; i++) {
    for (let k = 0; k < b.length; k++) if (a[i + k] !== b[k]) continue outer;
    return true;
  }
  return false;
}

/**
 * containsFold over a string's UTF-8 body, for one term: an ASCII body is
 * searched byte by byte with ASCII case folding (what foldRune does to
 * ASCII), with no string made; any other body is decoded and folded.
 */
export function makeBodyContainsFold(term: string): (b: Uint8Array, s?: number, e?: number) => boolean {
  if (!/^[\x00-\x7f]*$/.test(term)) return (b, s = 0, e = b.length) => containsFold(decodeUtf8(b.subarray(s, e)), term);
  const t = new TextEncoder().encode(term.toLowerCase());
  const n = t.length;
  if (n === 0) return () => true;
  // A term without a k: a byte search is the whole answer (see makeBytesIndexFold).
  const index = makeBytesIndexFold(term);
  if (index !== null) return (b, s = 0, e = b.length) => index(b, s, e) >= 0;
  const first = t[0]!;
  return (b, s = 0, e = b.length) => {
    for (let i = s; i < e; i++) if (b[i]! >= 0x80) return containsFold(decodeUtf8(b.subarray(s, e)), term);
    for (let i = s, end = e - n; i <= end; i++) {
      let c = b[i]!;
      if (c >= 65 && c <= 90) c |= 0x20;
      if (c !== first) continue;
      let k = 1;
      for (; k < n; k++) {
        let d = b[i + k]!;
        if (d >= 65 && d <= 90) d |= 0x20;
        if (d !== t[k]) break;
      }
      if (k === n) return true;
    }
    return false;
  };
}

/** ASCII case folding of one byte. */
function fold(c: number): number {
  return c >= 65 && c <= 90 ? c | 0x20 : c;
}

/**
 * For a non-empty ASCII term without a k: where in b[s:e] it first occurs,
 * ASCII case folded, or -1; null for other terms. Of all non-ASCII
 * characters only the Kelvin sign folds to an ASCII one ("k"), so for such
 * a term no non-ASCII byte can be part of a match and the bytes alone
 * answer, for one string or many strings' bytes at once.
 */
export function makeBytesIndexFold(term: string): ((b: Uint8Array, s: number, e: number) => number) | null {
  if (!/^[\x00-\x7f]+$/.test(term)) return null;
  const t = new TextEncoder().encode(term.toLowerCase());
  return t.includes(0x6b) ? null : horspoolIndex(t);
}

/** Where b[s:e] first holds `t` (lowercase ASCII), ASCII case folded, or -1: Horspool's search, from each window's last byte. */
function horspoolIndex(t: Uint8Array): (b: Uint8Array, s: number, e: number) => number {
  const n = t.length;
  const last = t[n - 1]!;
  // How far a window may move on seeing raw byte x at its end (Horspool's
  // shift), with 0 for the bytes that fold to the term's last, whose window
  // is compared first and then moves by `again`.
  const skip = new Int32Array(256);
  let again = n;
  for (let k = 0; k < n - 1; k++) if (t[k] === last) again = n - 1 - k;
  const folded = new Uint8Array(256);
  for (let x = 0; x < 256; x++) {
    const f = fold(x);
    folded[x] = f;
    let d = n;
    for (let k = 0; k < n - 1; k++) if (t[k] === f) d = n - 1 - k;
    skip[x] = f === last ? 0 : d;
  }
  return (b, s, e) => {
    let i = s + n - 1;
    while (i < e) {
      const d = skip[b[i]!]!;
      if (d !== 0) {
        i += d;
        continue;
      }
      let k = n - 2;
      let j = i - 1;
      while (k >= 0 && folded[b[j]!] === t[k]) {
        k--;
        j--;
      }
      if (k < 0) return i - n + 1;
      i += again;
    }
    return -1;
  };
}

/** The dotted names of a record's leaf fields, descending into non-empty records (Zed's FieldNameIter). */
function fieldNames(r: RecordType, prefix: string, out: string[]): void {
  for (const f of r.fields) {
    const u = underlying(f.type);
    const name = prefix + f.name;
    if (u.kind === 'record' && u.fields.length > 0) fieldNames(u, name + '.', out);
    else out.push(name);
  }
}

/**
 * A searcher for one term (Zed's searchString): true when the term occurs
 * in a string value or a record field name anywhere in the value. Matches
 * on record types are memoized per type.
 */
export function makeStringSearch(term: string): (v: Value) => boolean {
  const { walker } = makeStringSearchParts(term);
  return (v) => {
    const b = v.bytes;
    return b === null ? walker.of(v.type)(EMPTY, -1, -1) : walker.of(v.type)(b, 0, b.length);
  };
}

/** A search's parts (makeStringSearchParts, makeValueSearchParts). */
export interface SearchParts {
  /** Whether a record type matches by its field names (every value of it then does). */
  readonly typeMatches: (t: Type) => boolean;
  readonly walker: BodyWalker;
  /** Where the text a string must hold first occurs in bytes, when a plain byte search finds it (see makeBytesIndexFold). */
  readonly index: ((b: Uint8Array, s: number, e: number) => number) | null;
  /** With `index`: the bytes it looks for, ASCII lowercase (a match's bytes, ASCII case folded). */
  readonly folded: Uint8Array | null;
}

/**
 * The parts of a term's search, for code that searches a value's parts
 * apart (columns): `typeMatches(t)`, whether a record type's field names
 * hold the term (a match for any value of it), and the walker of bodies.
 */
export function makeStringSearchParts(term: string): SearchParts {
  const types = new Map<Type, boolean>();
  const searchType = (t: Type): boolean => {
    let m = types.get(t);
    if (m === undefined) {
      m = false;
      const u = underlying(t);
      if (u.kind === 'record') {
        const names: string[] = [];
        fieldNames(u, '', names);
        m = names.some((n) => containsFold(n, term));
      }
      types.set(t, m);
    }
    return m;
  };
  const index = makeBytesIndexFold(term);
  return {
    typeMatches: searchType,
    walker: new SearchWalker(searchType, makeBodyContainsFold(term)),
    index,
    folded: index === null ? null : new TextEncoder().encode(term.toLowerCase()),
  };
}

export const grepFunctions: readonly FunctionDef[] = [
  {
    name: 'grep',
    minArgs: 1,
    maxArgs: 2,
    boolResult: true,
    // grep(p) searches this.
    implicitThis: { path: [], position: 'last', whenArgs: 1 },
    make(ectx) {
      let term: string | null = null;
      let search: (v: Value) => boolean = () => false;
      return (args) => {
        const p = args[0]!;
        if (underlying(p.type) !== TypeString) return ectx.errors.wrap('grep(): pattern argument must be a string', p);
        const t = p.bytes === null ? '' : decodeUtf8(p.bytes).normalize('NFC');
        if (t !== term) {
          term = t;
          search = makeStringSearch(t);
        }
        // As in Zed, an error value is searched like any other value.
        return search(args[1]!) ? TRUE : FALSE;
      };
    },
  },
];
