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
  type Value,
  underlying,
  type RecordType,
  type Type,
} from '../../zed/index.js';
import {
  FALSE,
  TRUE,
  makeStringSearch,
  valueSearchVisitor,
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
  const visit = valueSearchVisitor(text, literal);
  // A network's search walks error values too.
  const net = underlying(literal.type).id === ID.net && literal.bytes !== null;
  return (self) => {
    const v = expr(self);
    if (!net && v.isError()) return FALSE;
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
