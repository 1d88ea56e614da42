// A walk of zcode bodies for string search, compiled once per type: it
// visits what walkValue (expr/compare.ts) would visit, in the same order,
// but reads offsets into the value's bytes instead of making a subarray and
// a call per element, and skips every part of a type that holds no string
// and no field name that could match.

import { readElement, underlying, type Type } from '../../zed/index.js';
import { walkValue } from '../expr/compare.js';

/** Searches body b[s:e] (s < 0: a null) of one type. */
export type BodySearch = (b: Uint8Array, s: number, e: number) => boolean;

const NEVER: BodySearch = () => false;
const ALWAYS: BodySearch = () => true;

/** The searches of bodies per type, of a string term or a literal (value-search.ts). */
export interface BodyWalker {
  /** Whether a value of type `t` can match at all. */
  canMatch(t: Type): boolean;
  /** The search of values of type `t`. */
  of(t: Type): BodySearch;
}

/**
 * The searches of a term, per type: `typeMatches(t)` says whether the type
 * itself matches (a record's field names), and `inString(b, s, e)` whether a
 * string body holds the term.
 */
export class SearchWalker implements BodyWalker {
  private readonly compiled = new Map<Type, BodySearch>();
  private readonly el = { start: 0, end: 0 };

  constructor(
    private readonly typeMatches: (t: Type) => boolean,
    private readonly inString: BodySearch,
  ) {}

  /** Whether a value of type `t` can match at all (a string or a matching field name in its type). */
  canMatch(t: Type): boolean {
    return this.of(t) !== NEVER;
  }

  /** The search of values of type `t`. */
  of(t: Type): BodySearch {
    let f = this.compiled.get(t);
    if (f === undefined) {
      // A recursive type reaches itself through this entry while compiling.
      this.compiled.set(t, (b, s, e) => this.of(t)(b, s, e));
      f = this.compile(t);
      this.compiled.set(t, f);
    }
    return f;
  }

  private compile(t: Type): BodySearch {
    if (this.typeMatches(t)) return ALWAYS;
    switch (t.kind) {
      case 'named':
      case 'error':
        return this.of(t.type);
      case 'primitive':
        return t.name === 'string' ? (b, s, e) => s >= 0 && this.inString(b, s, e) : NEVER;
      case 'record': {
        const fields = t.fields.map((f) => this.of(f.type));
        if (fields.every((f) => f === NEVER)) return NEVER;
        const el = this.el;
        return (b, s, e) => {
          if (s < 0) return false;
          let off = s;
          for (let i = 0; i < fields.length; i++) {
            if (off >= e) return false;
            off = readElement(b, off, e, el);
            const f = fields[i]!;
            if (f !== NEVER && f(b, el.start, el.end)) return true;
          }
          return false;
        };
      }
      case 'array':
      case 'set': {
        const inner = this.of(t.kind === 'set' ? underlying(t.elem) : t.elem);
        if (inner === NEVER) return NEVER;
        const el = this.el;
        return (b, s, e) => {
          if (s < 0) return false;
          for (let off = s; off < e; ) {
            off = readElement(b, off, e, el);
            if (inner(b, el.start, el.end)) return true;
          }
          return false;
        };
      }
      case 'map': {
        const key = this.of(underlying(t.key));
        const val = this.of(underlying(t.value));
        if (key === NEVER && val === NEVER) return NEVER;
        const el = this.el;
        return (b, s, e) => {
          if (s < 0) return false;
          for (let off = s; off < e; ) {
            off = readElement(b, off, e, el);
            if (key(b, el.start, el.end)) return true;
            off = readElement(b, off, e, el);
            if (val(b, el.start, el.end)) return true;
          }
          return false;
        };
      }
      default: {
        // Unions (and anything else): the generic walk of the body.
        const visit = (vt: Type, vb: Uint8Array | null): boolean =>
          this.typeMatches(vt) || (vb !== null && vt.kind === 'primitive' && vt.name === 'string' && this.inString(vb, 0, vb.length));
        return (b, s, e) => walkValue(t, s < 0 ? null : b.subarray(s, e), visit);
      }
    }
  }
}
