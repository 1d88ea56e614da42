// Search for a non-string literal (Zed's search and searchCIDR): a value
// matches when any part of it equals the literal (as `==` with a constant
// compares) or, for a string, holds the literal's text ignoring case; a
// network literal matches networks equal to it and addresses inside it, and
// no strings. Given as the visit of one part of a value, and as a walker
// of bodies per type, for code that searches a value's columns apart.

import { ID, underlying, Value, type Type } from '../../zed/index.js';
import { isNumberId } from '../expr/coerce.js';
import { literalPredicate, walkValue, type Visitor } from '../expr/compare.js';
import { makeBodyContainsFold, makeBytesIndexFold, type SearchParts } from './grep.js';
import type { BodySearch, BodyWalker } from './search-walker.js';

/** Whether a net body (address then mask, 4 or 16 bytes each) contains an IP body of the same family. */
function netContains(net: Uint8Array, ip: Uint8Array): boolean {
  const n = net.length / 2;
  if (ip.length !== n) return false;
  for (let i = 0; i < n; i++) if ((ip[i]! & net[n + i]!) !== (net[i]! & net[n + i]!)) return false;
  return true;
}

/** Whether the search is a network's (a non-null net literal). */
function isNetSearch(literal: Value): boolean {
  return underlying(literal.type).id === ID.net && literal.bytes !== null;
}

/** The test of one part of a value (its type and body) for the search of `literal`, typed as `text`. */
export function valueSearchVisitor(text: string, literal: Value): Visitor {
  if (isNetSearch(literal)) {
    const net = literal.bytes!;
    return (t, b) => {
      if (b === null) return false;
      const id = underlying(t).id;
      if (id === ID.net) {
        if (b.length !== net.length) return false;
        for (let i = 0; i < b.length; i++) if (b[i] !== net[i]) return false;
        return true;
      }
      return id === ID.ip && netContains(net, b);
    };
  }
  const eq = literalPredicate('==', literal);
  const inBody = makeBodyContainsFold(text);
  return (t, b) => {
    if (underlying(t).id === ID.string) return b !== null && inBody(b);
    return eq !== null && eq(new Value(t, b));
  };
}

/**
 * Whether a primitive of type id `id` can match: a string (but for a
 * network), or one that `==` with the literal can hold for (the literal
 * types literalPredicate knows).
 */
function primitiveMayMatch(literal: Value, id: number): boolean {
  const lt = underlying(literal.type);
  if (isNetSearch(literal)) return id === ID.net || id === ID.ip;
  if (id === ID.string) return true;
  switch (lt.kind === 'primitive' ? lt.id : -1) {
    case ID.ip:
      return id === ID.ip;
    case ID.bool:
      return id === ID.bool;
    case ID.bytes:
    case ID.type:
      return id === ID.bytes || id === ID.type;
    case ID.float64:
    case ID.int64:
    case ID.time:
    case ID.duration:
      return isNumberId(id);
    default:
      return false;
  }
}

const NEVER: BodySearch = () => false;

/** The walker of a literal's search: per type, a search of bodies, NEVER for types no part of which can match. */
class ValueSearchWalker implements BodyWalker {
  readonly #compiled = new Map<Type, BodySearch>();
  readonly #may = new Map<Type, boolean>();
  readonly #anyNull: boolean;

  constructor(
    private readonly literal: Value,
    private readonly visit: Visitor,
    private readonly inString: (b: Uint8Array, s: number, e: number) => boolean,
  ) {
    const lt = underlying(literal.type);
    this.#anyNull = lt.kind === 'primitive' && lt.id === ID.null;
  }

  canMatch(t: Type): boolean {
    return this.of(t) !== NEVER;
  }

  of(t: Type): BodySearch {
    let f = this.#compiled.get(t);
    if (f === undefined) {
      const u = underlying(t);
      const visit = this.visit;
      // (A string: its body holds the text, as the visit has it, without a Value.)
      if (!this.#mayMatch(t)) f = NEVER;
      else if (u.kind === 'primitive' && u.id === ID.string && !isNetSearch(this.literal)) f = (b, s, e) => s >= 0 && this.inString(b, s, e);
      else f = (b, s, e) => walkValue(t, s < 0 ? null : b.subarray(s, e), visit);
      this.#compiled.set(t, f);
    }
    return f;
  }

  /** Whether any part of a value of type `t` can match. */
  #mayMatch(t: Type): boolean {
    // A null literal matches a null anywhere: any part may be one.
    if (this.#anyNull) return true;
    let m = this.#may.get(t);
    if (m !== undefined) return m;
    // A recursive type reaches itself while this is worked out: not through that way.
    this.#may.set(t, false);
    switch (t.kind) {
      case 'primitive':
        m = primitiveMayMatch(this.literal, t.id);
        break;
      case 'named':
      case 'error':
        m = this.#mayMatch(t.type);
        break;
      case 'record':
        m = t.fields.some((f) => this.#mayMatch(f.type));
        break;
      case 'array':
      case 'set':
        m = this.#mayMatch(t.kind === 'set' ? underlying(t.elem) : t.elem);
        break;
      case 'map':
        m = this.#mayMatch(underlying(t.key)) || this.#mayMatch(underlying(t.value));
        break;
      case 'union':
        m = t.types.some((x) => this.#mayMatch(x));
        break;
      default:
        m = true;
    }
    this.#may.set(t, m);
    return m;
  }
}

/** The parts of a literal's search, as makeStringSearchParts gives a string term's: no type matches by its field names. */
export function makeValueSearchParts(text: string, literal: Value): SearchParts {
  const net = isNetSearch(literal);
  const index = net ? null : makeBytesIndexFold(text);
  const inBody = makeBodyContainsFold(text);
  return {
    typeMatches: () => false,
    walker: new ValueSearchWalker(literal, valueSearchVisitor(text, literal), (b, s, e) => inBody(b, s, e)),
    index,
    folded: index === null ? null : new TextEncoder().encode(text.toLowerCase()),
  };
}
