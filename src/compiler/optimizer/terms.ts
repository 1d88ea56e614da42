// The raw-text terms a filter requires: words a JSON text must contain for
// the filter to possibly keep the value it encodes, so a reader can skip
// lines without parsing them. The result is a conjunction of clauses, each
// a disjunction of terms; it is necessary, never sufficient (the filter
// still runs). Only sound cases yield terms:
//
// - a string search term matches a string or a field name containing it,
//   ignoring case; raw JSON holds the same characters unless escaped, and
//   readers keep lines with escapes. Terms with a dot are skipped, since
//   nested field names are matched in dotted form ("id.orig_h").
// - `path == "s"` holds only when the JSON has the string s at that path.
// - `path == N` and a search for N, for an integer N below 2^40: JSON spells
//   a number equal to N with N's digits, with an exponent (4.43e2) or as
//   (N-1).999... (rounding), which TextTerm's `number` flag covers. Other
//   numbers (fractions, large values) yield no term.
// - `path == true|false` and searches for true, false or null.
// Non-ASCII text yields no term (case folding beyond ASCII).

import { ID, underlying, type Value } from '../../zed/index.js';
import type * as dag from '../dag/index.js';
import type { Literals } from '../kernel/literals.js';
import type { TextFilter, TextTerm } from '../kernel/source.js';

type Clause = readonly TextTerm[];

const MAX_ALTERNATIVES = 8;
const NUMBER_LIMIT = 2 ** 40;

function printable(s: string): boolean {
  return s.length > 0 && /^[\x20-\x7e]+$/.test(s);
}

function textTerm(s: string): Clause | null {
  return printable(s) ? [{ text: s, number: false }] : null;
}

/** The decimal digits of an integer-valued number below 2^40 in magnitude, else null. */
function integerDigits(v: Value): string | null {
  const u = underlying(v.type);
  if (u.kind !== 'primitive' || v.bytes === null) return null;
  const id = u.id;
  let n: number;
  if (id >= ID.uint8 && id <= ID.uint64) n = v.asUintNumber();
  else if (id >= ID.int8 && id <= ID.int64) n = v.asIntNumber();
  else if (id >= ID.float16 && id <= ID.float64) n = v.asFloat();
  else return null;
  if (!Number.isInteger(n) || Math.abs(n) >= NUMBER_LIMIT) return null;
  return String(Math.abs(n));
}

/** Terms for a value compared with `==` at a field path. */
function equalityClause(v: Value): Clause | null {
  const u = underlying(v.type);
  if (u.kind !== 'primitive' || v.bytes === null) return null;
  if (u.id === ID.string) return v.asString() === '' ? null : textTerm(v.asString());
  if (u.id === ID.bool) return textTerm(v.asBool() ? 'true' : 'false');
  const digits = integerDigits(v);
  return digits === null ? null : [{ text: digits, number: true }];
}

/** Terms for a search term (Zed's search over a whole value). */
function searchClause(text: string, v: Value): Clause | null {
  const u = underlying(v.type);
  if (u.kind !== 'primitive') return null;
  switch (u.id) {
    case ID.string: {
      const s = v.bytes === null ? '' : v.asString();
      return s.includes('.') ? null : textTerm(s);
    }
    case ID.bool:
    case ID.null:
    case ID.ip:
    case ID.time:
    case ID.duration:
    case ID.bytes:
      // Equal values of these types come from JSON (if at all) as the same word; otherwise only strings match.
      return textTerm(text);
    default: {
      const digits = integerDigits(v);
      if (digits === null) return null;
      const asText = textTerm(text);
      if (asText === null) return null;
      return text === digits ? [{ text, number: true }] : [asText[0]!, { text: digits, number: true }];
    }
  }
}

function isPath(e: dag.Expr): boolean {
  return e.kind === 'This';
}

function clauses(e: dag.Expr, lits: Literals): Clause[] {
  switch (e.kind) {
    case 'BinaryExpr':
      switch (e.op) {
        case 'and':
          return [...clauses(e.lhs, lits), ...clauses(e.rhs, lits)];
        case 'or': {
          const l = best(clauses(e.lhs, lits));
          const r = best(clauses(e.rhs, lits));
          if (l === null || r === null || l.length + r.length > MAX_ALTERNATIVES) return [];
          return [[...l, ...r]];
        }
        case '==': {
          const lit = e.rhs.kind === 'Literal' && isPath(e.lhs) ? e.rhs : e.lhs.kind === 'Literal' && isPath(e.rhs) ? e.lhs : null;
          if (lit === null) return [];
          const c = equalityClause(lits.value(lit.value));
          return c === null ? [] : [c];
        }
        default:
          return [];
      }
    case 'Search': {
      if (!isPath(e.expr)) return [];
      const c = searchClause(e.text, lits.value(e.value));
      return c === null ? [] : [c];
    }
    default:
      return [];
  }
}

/** The most selective-looking clause: fewest alternatives, then longest shortest term. */
function best(cs: Clause[]): Clause | null {
  let pick: Clause | null = null;
  let score = -Infinity;
  for (const c of cs) {
    const s = Math.min(...c.map((t) => t.text.length)) - 100 * c.length;
    if (s > score) {
      score = s;
      pick = c;
    }
  }
  return pick;
}

/** The clauses `filter` requires of a value's JSON text, or null when it requires none. */
export function textFilterOf(filter: dag.Expr, lits: Literals): TextFilter | null {
  const cs = clauses(filter, lits);
  return cs.length === 0 ? null : cs;
}
