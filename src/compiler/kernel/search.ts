// Search expressions (docs/language/search-expressions.md; Zed's search,
// searchString, searchCIDR and searchByPred in runtime/sam/expr/filter.go):
// a bare term matches a value when anything inside it equals the term's
// typed value or, for strings, contains the term's text case-insensitively;
// string terms also match field names; a network matches addresses inside
// it; globs and regexps match strings and field names. Matchers are built
// once per term and walk zcode bodies without building values.

import {
  ID,
  TypeString,
  Value,
  underlying,
  type RecordType,
  type Type,
} from '../../zed/index.js';
import {
  FALSE,
  TRUE,
  makeBodyContainsFold,
  literalPredicate,
  makeStringSearch,
  walkValue,
  type GoRegexp,
} from '../../runtime/index.js';
import type { Evaluator } from './env.js';

const EMPTY = new Uint8Array(0);

/** Dotted names of a record's leaf fields, descending into non-empty records (Zed's FieldNameIter). */
function fieldNames(r: RecordType, prefix: string, out: string[]): void {
  for (const f of r.fields) {
    const u = underlying(f.type);
    const name = prefix + f.name;
    if (u.kind === 'record' && u.fields.length > 0) fieldNames(u, name + '.', out);
    else out.push(name);
  }
}

/** A per-type memo of whether any field name of a record type satisfies `pred`. */
function fieldNameMatcher(pred: (name: string) => boolean): (t: Type) => boolean {
  const memo = new Map<Type, boolean>();
  return (t) => {
    let m = memo.get(t);
    if (m === undefined) {
      m = false;
      const u = underlying(t);
      if (u.kind === 'record') {
        const names: string[] = [];
        fieldNames(u, '', names);
        m = names.some(pred);
      }
      memo.set(t, m);
    }
    return m;
  };
}

/** Keyword search for a string term: strings and field names containing it, ignoring case. */
export function makeStringTermSearch(term: string, expr: Evaluator): Evaluator {
  const search = makeStringSearch(term.normalize('NFC'));
  return (self) => {
    const v = expr(self);
    if (v.isError()) return FALSE;
    return search(v) ? TRUE : FALSE;
  };
}

/** Search for a non-string literal: equal values anywhere, or `text` inside strings; nets match contained IPs. */
export function makeValueSearch(text: string, literal: Value, expr: Evaluator): Evaluator {
  const lt = underlying(literal.type);
  if (lt.id === ID.net && literal.bytes !== null) return makeNetSearch(literal.bytes, expr);
  const eq = literalPredicate('==', literal);
  const inBody = makeBodyContainsFold(text);
  const visit = (t: Type, b: Uint8Array | null): boolean => {
    if (underlying(t).id === ID.string) return b !== null && inBody(b);
    return eq !== null && eq(new Value(t, b));
  };
  return (self) => {
    const v = expr(self);
    if (v.isError()) return FALSE;
    return walkValue(v.type, v.bytes, visit) ? TRUE : FALSE;
  };
}

/** Whether a net body (address then mask, 4 or 16 bytes each) contains an IP body of the same family. */
function netContains(net: Uint8Array, ip: Uint8Array): boolean {
  const n = net.length / 2;
  if (ip.length !== n) return false;
  for (let i = 0; i < n; i++) if ((ip[i]! & net[n + i]!) !== (net[i]! & net[n + i]!)) return false;
  return true;
}

function makeNetSearch(net: Uint8Array, expr: Evaluator): Evaluator {
  const visit = (t: Type, b: Uint8Array | null): boolean => {
    if (b === null) return false;
    const id = underlying(t).id;
    if (id === ID.net) {
      if (b.length !== net.length) return false;
      for (let i = 0; i < b.length; i++) if (b[i] !== net[i]) return false;
      return true;
    }
    return id === ID.ip && netContains(net, b);
  };
  return (self) => {
    const v = expr(self);
    return walkValue(v.type, v.bytes, visit) ? TRUE : FALSE;
  };
}

/** Regexp (and glob) search: any string or field name inside the value matching `re`. */
export function makeRegexpSearch(re: GoRegexp, expr: Evaluator): Evaluator {
  const names = fieldNameMatcher((n) => re.test(n));
  const visit = (t: Type, b: Uint8Array | null): boolean => names(t) || (b !== null && underlying(t) === TypeString && re.test(b));
  return (self) => {
    const v = expr(self);
    if (v.isError()) return FALSE;
    return walkValue(v.type, v.bytes, visit) ? TRUE : FALSE;
  };
}

/** `e ~ /re/`: true when e is a string matching re (Zed's RegexpMatch). */
export function makeRegexpMatch(re: GoRegexp, expr: Evaluator): Evaluator {
  return (self) => {
    const v = expr(self);
    // A null string is Go's nil slice: it matches what matches "".
    return underlying(v.type).id === ID.string && v.type.kind !== 'union' && re.test(v.bytes ?? EMPTY)
      ? TRUE
      : FALSE;
  };
}
