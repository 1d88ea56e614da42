// grok(pattern, s [, definitions]) (function/grok.go and pkg/grok at
// v1.18.0): %{NAME:field} references to named patterns expand to Go
// regexps; each named capture becomes a string field of the result record.

import { decodeUtf8 } from '../../util/utf8.js';
import { Builder, TypeString, Value, underlying, type Field } from '../../zed/index.js';
import type { EvalContext } from '../expr/context.js';
import { BASE_PATTERNS } from './grok-patterns.js';
import { compileGoRegexp, type GoRegexp } from './re2.js';
import { patternShape } from './re2-syntax.js';
import type { FunctionDef } from './registry.js';

const EMPTY = new Uint8Array(0);
const REFERENCE = /%\{(\w+)(:([\w[\].]+)(:(\w+))?)?\}/g;
const NONCAP_LEFT = /\(\?[imsU-]*:/g;
const NONCAP_FLAGS = /\(?[imsU-]+\)/g;

/** pkg/grok's capCount: the capturing groups opened in literal pattern text. */
function capCount(s: string): number {
  const count = (re: RegExp) => s.match(re)?.length ?? 0;
  return count(/\(/g) - count(NONCAP_LEFT) - count(NONCAP_FLAGS) - count(/\\\(/g);
}

/** A compiled grok pattern: the regexp and the field name of each group index. */
interface Pattern {
  readonly re: GoRegexp;
  /** Semantic name -> group index. */
  readonly sems: Map<string, number>;
  /** Group index -> semantic name. */
  readonly order: Map<number, string>;
}

/** A named pattern as regexp text, before compiling. */
interface Expansion {
  readonly source: string;
  readonly numSubexp: number;
  /** Semantic name -> group index. */
  readonly sems: Map<string, number>;
}

/** A grok failure; its message is the text Zed reports. */
class GrokError extends Error {}

/** A set of named patterns (pkg/grok's Host). */
class Host {
  private readonly exprs = new Map<string, string>();
  private readonly patterns = new Map<string, Pattern>();
  private readonly named = new Map<string, Expansion>();

  /** Adds a named pattern, compiled first to check it unless it is one of the base patterns (all known good). */
  add(name: string, expr: string, check = true): void {
    if (name === '') throw new GrokError('an empty name');
    if (expr === '') throw new GrokError('an empty expression');
    if (this.exprs.has(name)) throw new GrokError('the pattern already exist');
    if (check) this.compileExternal(expr);
    this.exprs.set(name, expr);
  }

  addFromText(defs: string): void {
    for (const raw of defs.split('\n')) {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      const m = /^(\w+)\s+(.+)$/.exec(line);
      if (m !== null) this.add(m[1]!, m[2]!);
    }
  }

  /** Compiles pattern text, cached. */
  get(expr: string): Pattern {
    let p = this.patterns.get(expr);
    if (p === undefined) {
      if (expr === '') throw new GrokError('an empty expression');
      p = this.compileExternal(expr);
      this.patterns.set(expr, p);
    }
    return p;
  }

  private expandNamed(name: string): Expansion {
    let x = this.named.get(name);
    if (x === undefined) {
      const expr = this.exprs.get(name);
      if (expr === undefined) throw new GrokError("pattern doesn't exist");
      x = this.expand(expr);
      this.named.set(name, x);
    }
    return x;
  }

  /** pkg/grok's compileExternal up to the regexp text: references replaced by their patterns, each in a group. */
  private expand(expr: string): Expansion {
    const refs = [...expr.matchAll(REFERENCE)];
    const top = new Set<string>();
    for (const r of refs) {
      if (!this.exprs.has(r[1]!)) throw new GrokError(`the '${r[1]}' pattern doesn't exist`);
      top.add(r[3] ?? '');
    }
    const sems = new Map<string, number>();
    let source = expr;
    if (refs.length > 0) {
      let order = 1;
      let res = '';
      let last = 0;
      for (const r of refs) {
        const literal = expr.slice(last, r.index);
        last = r.index! + r[0].length;
        order += capCount(literal);
        const sub = this.expandNamed(r[1]!);
        if (r[3] !== undefined && r[3] !== '') sems.set(r[3], order);
        res += literal + '(' + sub.source + ')';
        for (const [k, v] of sub.sems) if (!top.has(k)) sems.set(k, order + v);
        order += sub.numSubexp + 1;
      }
      source = res + expr.slice(last);
    }
    // Zed compiles each named pattern for its group count; counting them in the text spares that.
    return { source, numSubexp: patternShape(source).names.length - 1, sems };
  }

  private compileExternal(expr: string): Pattern {
    const { source, sems } = this.expand(expr);
    const re = compileGoRegexp(source);
    if (typeof re === 'string') throw new GrokError(re);
    const order = new Map<number, string>();
    for (const [k, v] of sems) order.set(v, k);
    return { re, sems, order };
  }

  static base(): Host {
    const h = new Host();
    // Compiling every base pattern up front would cost each call site tens of milliseconds.
    for (const [name, expr] of BASE_PATTERNS) h.add(name, expr, false);
    return h;
  }
}

export const grokFunctions: readonly FunctionDef[] = [
  {
    name: 'grok',
    minArgs: 2,
    maxArgs: 3,
    make(ectx: EvalContext) {
      const hosts = new Map<string, Host | string>();
      const b = new Builder(128);
      const fail = (msg: string, v: Value) => ectx.errors.wrap(`grok(): ${msg}`, v);
      return (args) => {
        const pattern = args[0]!;
        const input = args[1]!;
        const defs = args[2] ?? new Value(TypeString, null);
        if (underlying(defs.type) !== TypeString) return fail('definitions argument must be a string', defs);
        if (underlying(pattern.type) !== TypeString) return fail('pattern argument must be a string', pattern);
        if (underlying(input.type) !== TypeString) return fail('input argument must be a string', input);
        const defText = defs.bytes === null ? '' : decodeUtf8(defs.bytes);
        let host = hosts.get(defText);
        if (host === undefined) {
          try {
            host = Host.base();
            host.addFromText(defText);
          } catch (e) {
            if (!(e instanceof GrokError)) throw e;
            host = e.message;
          }
          hosts.set(defText, host);
        }
        if (typeof host === 'string') return fail(host, defs);
        let p: Pattern;
        try {
          p = host.get(pattern.bytes === null ? '' : decodeUtf8(pattern.bytes));
        } catch (e) {
          if (!(e instanceof GrokError)) throw e;
          return fail(e.message, pattern);
        }
        const src = input.bytes ?? EMPTY;
        const m = p.re.exec(src);
        if (m === null) return fail('value does not match pattern', input);
        const fields: Field[] = [];
        b.reset();
        for (let i = 0; i <= p.re.numSubexp; i++) {
          const name = p.order.get(i);
          const a = m[2 * i]!;
          if (name === undefined || a < 0 || fields.some((f) => f.name === name)) continue;
          fields.push({ name, type: TypeString });
          b.append(src.subarray(a, m[2 * i + 1]));
        }
        return new Value(ectx.zctx.lookupRecord(fields), b.bytes());
      };
    },
  },
];

