// String functions lower, upper, trim, replace, rune_len, split, join and
// levenshtein (runtime/sam/expr/function/string.go at v1.18.0). Arguments
// are Under'd first (names dropped, unions untagged); case mapping and
// whitespace follow Go's unicode package rune by rune.

import { decodeUtf8, encodeUtf8 } from '../../util/utf8.js';
import { Builder, ID, NullValue, TypeInt64, TypeString, Value, encodeInt, readElement, underlying, type Type } from '../../zed/index.js';
import { under } from '../expr/coerce.js';
import type { EvalContext } from '../expr/context.js';
import { MAX_BUILT_VALUE_BYTES, valueTooLargeMessage } from '../expr/limits.js';
import type { FunctionDef } from './registry.js';

const ASCII = /^[\x00-\x7f]*$/;

/** Go's strings.ToLower/ToUpper: per-rune simple case mapping (no "SS" for "ß"). */
export function goCase(s: string, upper: boolean): string {
  if (ASCII.test(s)) return upper ? s.toUpperCase() : s.toLowerCase();
  let out = '';
  for (const ch of s) {
    const m = upper ? ch.toUpperCase() : ch.toLowerCase();
    // A mapping to several runes has no simple (one-rune) form in Go.
    if (m.length === (m.codePointAt(0)! > 0xffff ? 2 : 1)) out += m;
    else out += !upper && ch === '\u0130' ? 'i' : ch;
  }
  return out;
}

/** Go's unicode.IsSpace. */
function isGoSpace(c: number): boolean {
  if (c <= 0xff) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0x85 || c === 0xa0;
  return c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/** Go's strings.TrimSpace. */
export function goTrimSpace(s: string): string {
  let i = 0;
  let j = s.length;
  while (i < j && isGoSpace(s.charCodeAt(i))) i++;
  while (j > i && isGoSpace(s.charCodeAt(j - 1))) j--;
  return s.slice(i, j);
}

/** Levenshtein distance over code points (agnivade/levenshtein). */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const s = [...a];
  const t = [...b];
  if (s.length === 0) return t.length;
  if (t.length === 0) return s.length;
  const row = new Array<number>(s.length + 1);
  for (let i = 0; i <= s.length; i++) row[i] = i;
  for (let j = 1; j <= t.length; j++) {
    let prev = j - 1;
    row[0] = j;
    for (let i = 1; i <= s.length; i++) {
      const cur = row[i]!;
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      row[i] = Math.min(row[i - 1]! + 1, cur + 1, prev + cost);
      prev = cur;
    }
  }
  return row[s.length]!;
}

function isString(v: Value): boolean {
  return v.type === TypeString;
}

function str(v: Value): string {
  return v.bytes === null ? '' : decodeUtf8(v.bytes);
}

/** Non-overlapping occurrences of a non-empty `sub` in `s`. */
function occurrences(s: string, sub: string): number {
  let n = 0;
  for (let i = s.indexOf(sub); i >= 0; i = s.indexOf(sub, i + sub.length)) n++;
  return n;
}

function newString(s: string): Value {
  return new Value(TypeString, encodeUtf8(s));
}

/** lower, upper, trim: one string in, one string out; null stays null(string). */
function unary(name: string, f: (s: string) => string): FunctionDef {
  return {
    name,
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      const msg = `${name}: string arg required`;
      return (args) => {
        const v = under(args[0]!);
        if (!isString(v)) return ectx.errors.wrap(msg, v);
        return v.bytes === null ? new Value(TypeString, null) : newString(f(str(v)));
      };
    },
  };
}

/** Go's strings.Split: an empty separator splits into runes; "" by "" is []. */
function goSplit(s: string, sep: string): string[] {
  if (sep === '') return [...s];
  return s.split(sep);
}

/** Go's strings.ReplaceAll: an empty `old` inserts `neu` around every rune. */
function goReplaceAll(s: string, old: string, neu: string): string {
  if (old !== '') return s.split(old).join(neu);
  return neu + [...s].join(neu) + (s === '' ? '' : neu);
}

function stringArray(ectx: EvalContext): Type {
  return ectx.zctx.lookupArray(TypeString);
}

const el = { start: 0, end: 0 };

export const stringFunctions: readonly FunctionDef[] = [
  unary('lower', (s) => goCase(s, false)),
  unary('upper', (s) => goCase(s, true)),
  unary('trim', goTrimSpace),
  {
    name: 'rune_len',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      return (args) => {
        const v = under(args[0]!);
        if (!isString(v)) return ectx.errors.wrap('rune_len: string arg required', v);
        const s = str(v);
        let n = s.length;
        // Count code points: a surrogate pair is one rune.
        for (let i = 0; i < s.length; i++) {
          const c = s.charCodeAt(i);
          if (c >= 0xdc00 && c <= 0xdfff && i > 0 && (s.charCodeAt(i - 1) & 0xfc00) === 0xd800) n--;
        }
        return new Value(TypeInt64, encodeInt(n));
      };
    },
  },
  {
    name: 'replace',
    minArgs: 3,
    maxArgs: 3,
    make(ectx) {
      return (args) => {
        const s = under(args[0]!);
        const old = under(args[1]!);
        const neu = under(args[2]!);
        const msg = 'replace: string arg required';
        if (!isString(s)) return ectx.errors.wrap(msg, s);
        if (!isString(old)) return ectx.errors.wrap(msg, old);
        if (!isString(neu)) return ectx.errors.wrap(msg, neu);
        if (s.bytes === null) return NullValue;
        if (old.bytes === null || neu.bytes === null) return ectx.errors.message('replace: an input arg is null');
        const src = str(s);
        const from = str(old);
        if (neu.bytes.length > old.bytes.length) {
          // The result's size, before it is built: each match (each rune and the end, for an empty old) becomes neu.
          const n = from === '' ? [...src].length + 1 : occurrences(src, from);
          if (s.bytes.length + n * (neu.bytes.length - old.bytes.length) > MAX_BUILT_VALUE_BYTES) {
            return ectx.errors.message(valueTooLargeMessage('replace'));
          }
        }
        return newString(goReplaceAll(src, from, str(neu)));
      };
    },
  },
  {
    name: 'split',
    minArgs: 2,
    maxArgs: 2,
    make(ectx) {
      const t = stringArray(ectx);
      const b = new Builder(128);
      return (args) => {
        const s = under(args[0]!);
        const sep = under(args[1]!);
        if (!isString(s)) return ectx.errors.wrap('split: string arg required', s);
        if (!isString(sep)) return ectx.errors.wrap('split: string arg required', sep);
        if (s.bytes === null || sep.bytes === null) return new Value(t, null);
        b.reset();
        for (const part of goSplit(str(s), str(sep))) b.append(encodeUtf8(part));
        return new Value(t, b.bytes());
      };
    },
  },
  {
    name: 'join',
    minArgs: 1,
    maxArgs: 2,
    make(ectx) {
      return (args) => {
        const a = under(args[0]!);
        const at = a.type;
        if (at.kind !== 'array' || underlying(at.elem).id !== ID.string) {
          return ectx.errors.wrap('join: array of string arg required', a);
        }
        let sep = '';
        if (args.length === 2) {
          const s = under(args[1]!);
          if (!isString(s)) return ectx.errors.wrap('join: separator must be string', s);
          sep = str(s);
        }
        const body = a.bytes;
        let out = '';
        if (body !== null) {
          for (let off = 0, first = true; off < body.length; first = false) {
            off = readElement(body, off, body.length, el);
            if (!first) out += sep;
            if (el.start >= 0) out += decodeUtf8(body.subarray(el.start, el.end));
            // (A separator repeated between many short elements is how a join grows.)
            if (out.length > MAX_BUILT_VALUE_BYTES) return ectx.errors.message(valueTooLargeMessage('join'));
          }
        }
        return newString(out);
      };
    },
  },
  {
    name: 'levenshtein',
    minArgs: 2,
    maxArgs: 2,
    make(ectx) {
      return (args) => {
        const a = under(args[0]!);
        const b = under(args[1]!);
        if (!isString(a)) return ectx.errors.wrap('levenshtein: string args required', a);
        if (!isString(b)) return ectx.errors.wrap('levenshtein: string args required', b);
        return new Value(TypeInt64, encodeInt(levenshtein(str(a), str(b))));
      };
    },
  },
];
