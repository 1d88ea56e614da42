// regexp(re, s) and regexp_replace(s, re, new) (function/regexp.go at
// v1.18.0) over Go-syntax patterns (re2.ts) on the strings' UTF-8 bytes, as
// Go's FindSubmatch and ReplaceAll work. The compiled pattern and the parsed
// template are cached per call site and redone only when their text changes.

import { ByteWriter } from '../../util/byte-writer.js';
import { bytesEqual, decodeUtf8 } from '../../util/utf8.js';
import { Builder, NullValue, TypeString, Value, underlying } from '../../zed/index.js';
import type { EvalContext } from '../expr/context.js';
import { compileGoRegexp, type GoRegexp } from './re2.js';
import { Template, replaceAll } from './re2-replace.js';
import type { FunctionDef } from './registry.js';

const EMPTY = new Uint8Array(0);

/** A one-entry cache: the pattern last compiled at a call site, keyed by its bytes. */
export class PatternCache {
  private text: Uint8Array | null = null;
  private compiled: GoRegexp | string = '';

  get(text: Uint8Array): GoRegexp | string {
    if (this.text === null || !bytesEqual(text, this.text)) {
      this.text = text.slice();
      this.compiled = compileGoRegexp(decodeUtf8(text));
    }
    return this.compiled;
  }
}

/** A one-entry cache of the template last parsed at a call site. */
class TemplateCache {
  private text: Uint8Array | null = null;
  private parsed: Template | null = null;

  get(text: Uint8Array): Template {
    if (this.parsed === null || this.text === null || !bytesEqual(text, this.text)) {
      this.text = text.slice();
      this.parsed = new Template(this.text);
    }
    return this.parsed;
  }
}

function isString(v: Value): boolean {
  return underlying(v.type) === TypeString;
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
        const re = cache.get(p.bytes ?? EMPTY);
        if (typeof re === 'string') return ectx.errors.message(`regexp: ${re}`);
        const s = args[1]!;
        if (!isString(s)) return ectx.errors.wrap('regexp: string required for second arg', s);
        const src = s.bytes ?? EMPTY;
        const m = re.exec(src);
        // No match is null([string]) (Zed's result depends on its builder's history).
        if (m === null) return new Value(t, null);
        b.reset();
        for (let i = 0; i <= re.numSubexp; i++) {
          const a = m[2 * i]!;
          // An unmatched group is null; so is every group of a null string (Go slices a nil slice).
          b.append(a < 0 || s.bytes === null ? null : src.subarray(a, m[2 * i + 1]));
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
      const templates = new TemplateCache();
      const out = new ByteWriter(256);
      return (args) => {
        for (const a of args) if (!isString(a)) return ectx.errors.wrap('regexp_replace: string arg required', a);
        const [s, p, neu] = args as [Value, Value, Value];
        if (s.bytes === null) return NullValue;
        if (p.bytes === null || neu.bytes === null) {
          return ectx.errors.message('regexp_replace: 2nd and 3rd args cannot be null');
        }
        const re = cache.get(p.bytes);
        if (typeof re === 'string') return ectx.errors.message(`regexp_replace: ${re}`);
        return new Value(TypeString, replaceAll(re, s.bytes, templates.get(neu.bytes), out));
      };
    },
  },
];
