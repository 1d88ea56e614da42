// regexp(re, s) and regexp_replace(s, re, new) (function/regexp.go at
// v1.18.0) over Go-syntax patterns (re2.ts), with Go's ReplaceAll and
// template expansion. The compiled pattern is cached per call site and
// recompiled only when the pattern text changes.

import { decodeUtf8, encodeUtf8 } from '../../util/utf8.js';
import { Builder, NullValue, TypeString, Value, underlying } from '../../zed/index.js';
import type { EvalContext } from '../expr/context.js';
import { compileGoRegexp, execAt, type GoRegexp } from './re2.js';
import type { FunctionDef } from './registry.js';

/** A one-entry cache: the pattern last compiled at a call site. */
export class PatternCache {
  private text: string | null = null;
  private compiled: GoRegexp | string = '';

  get(text: string): GoRegexp | string {
    if (text !== this.text) {
      this.text = text;
      this.compiled = compileGoRegexp(text);
    }
    return this.compiled;
  }
}

/** Go's Regexp.Expand of `template` for match `m`. */
export function expand(re: GoRegexp, template: string, m: RegExpExecArray): string {
  let out = '';
  let t = template;
  for (;;) {
    const i = t.indexOf('$');
    if (i < 0) break;
    out += t.slice(0, i);
    t = t.slice(i + 1);
    if (t.startsWith('$')) {
      out += '$';
      t = t.slice(1);
      continue;
    }
    const x = /^(?:\{([\p{L}\p{Nd}_]+)\}|([\p{L}\p{Nd}_]+))/u.exec(t);
    if (x === null) {
      out += '$';
      continue;
    }
    t = t.slice(x[0].length);
    const name = x[1] ?? x[2]!;
    if (/^[0-9]+$/.test(name) && !(name.length > 1 && name[0] === '0') && name.length <= 9) {
      out += m[Number(name)] ?? '';
    } else {
      for (let g = 1; g < re.names.length; g++) {
        if (re.names[g] === name && m[g] !== undefined) {
          out += m[g];
          break;
        }
      }
    }
  }
  return out + t;
}

/** Go's Regexp.ReplaceAllString with template expansion. */
export function replaceAll(re: GoRegexp, s: string, template: string): string {
  let out = '';
  let lastEnd = 0;
  let search = 0;
  while (search <= s.length) {
    const m = execAt(re, s, search);
    if (m === null) break;
    const a0 = m.index;
    const a1 = a0 + m[0].length;
    out += s.slice(lastEnd, a0);
    // No replacement for an empty match right after the previous match.
    if (a1 > lastEnd || a0 === 0) out += expand(re, template, m);
    lastEnd = a1;
    const width = search < s.length ? (s.codePointAt(search)! > 0xffff ? 2 : 1) : 1;
    search = search + width > a1 ? search + width : a1;
  }
  return out + s.slice(lastEnd);
}

function isString(v: Value): boolean {
  return underlying(v.type) === TypeString;
}

function str(v: Value): string {
  return v.bytes === null ? '' : decodeUtf8(v.bytes);
}

export const regexpFunctions: readonly FunctionDef[] = [
  {
    name: 'regexp',
    minArgs: 2,
    maxArgs: 2,
    make(ectx: EvalContext) {
      const cache = new PatternCache();
      const t = ectx.zctx.lookupArray(TypeString);
      const b = new Builder(64);
      return (args) => {
        const p = args[0]!;
        if (!isString(p)) return ectx.errors.wrap('regexp: string required for first arg', p);
        const re = cache.get(str(p));
        if (typeof re === 'string') return ectx.errors.message(`regexp: ${re}`);
        const s = args[1]!;
        if (!isString(s)) return ectx.errors.wrap('regexp: string required for second arg', s);
        const m = execAt(re, str(s));
        // No match is null([string]) (Zed's result depends on its builder's history).
        if (m === null) return new Value(t, null);
        b.reset();
        for (let i = 0; i <= re.numSubexp; i++) {
          const g = m[i];
          b.append(g === undefined ? null : encodeUtf8(g));
        }
        return new Value(t, b.bytes());
      };
    },
  },
  {
    name: 'regexp_replace',
    minArgs: 3,
    maxArgs: 3,
    make(ectx) {
      const cache = new PatternCache();
      return (args) => {
        for (const a of args) if (!isString(a)) return ectx.errors.wrap('regexp_replace: string arg required', a);
        const [s, p, neu] = args as [Value, Value, Value];
        if (s.bytes === null) return NullValue;
        if (p.bytes === null || neu.bytes === null) {
          return ectx.errors.message('regexp_replace: 2nd and 3rd args cannot be null');
        }
        const re = cache.get(str(p));
        if (typeof re === 'string') return ectx.errors.message(`regexp_replace: ${re}`);
        return new Value(TypeString, encodeUtf8(replaceAll(re, str(s), str(neu))));
      };
    },
  },
];
