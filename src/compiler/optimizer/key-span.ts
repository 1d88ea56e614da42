// The range of a field's values a filter allows, from its comparisons of
// that field with literals (Zed's range pruner, optimizer.go): `and`
// narrows, `or` takes the hull of both sides, anything else allows any
// value. Used to prune lake objects by their pool-key range. Sound in
// Zed's value order: a comparison that holds for two values (numbers of
// any kind, strings, or equal values) orders them the same way there.

import { compareValues, type Value } from '../../zed/index.js';
import type * as dag from '../dag/index.js';
import type { Literals } from '../kernel/literals.js';
import type { KeySpan } from '../kernel/source.js';

type Bound = Value | undefined;

function samePath(e: dag.Expr, path: readonly string[]): boolean {
  return e.kind === 'This' && e.path.length === path.length && e.path.every((p, i) => p === path[i]);
}

/** A literal usable as a bound: a non-null primitive. */
function boundOf(e: dag.Expr, lits: Literals): Value | null {
  if (e.kind !== 'Literal') return null;
  const v = lits.value(e.value);
  if (v.bytes === null || v.isError()) return null;
  let t = v.type;
  while (t.kind === 'named') t = t.type;
  return t.kind === 'primitive' ? v : null;
}

const FLIP: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==' };

function max(a: Bound, b: Bound): Bound {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return compareValues(a, b) >= 0 ? a : b;
}

function min(a: Bound, b: Bound): Bound {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return compareValues(a, b) <= 0 ? a : b;
}

function span(lower: Bound, upper: Bound): KeySpan {
  return { ...(lower !== undefined ? { lower } : {}), ...(upper !== undefined ? { upper } : {}) };
}

/** The span of `path` that `e` allows; null when it allows any value. */
export function keySpanOf(e: dag.Expr, path: readonly string[], lits: Literals): KeySpan | null {
  if (e.kind !== 'BinaryExpr') return null;
  switch (e.op) {
    case 'and': {
      const l = keySpanOf(e.lhs, path, lits);
      const r = keySpanOf(e.rhs, path, lits);
      if (l === null) return r;
      if (r === null) return l;
      return span(max(l.lower, r.lower), min(l.upper, r.upper));
    }
    case 'or': {
      const l = keySpanOf(e.lhs, path, lits);
      const r = keySpanOf(e.rhs, path, lits);
      if (l === null || r === null) return null;
      const lower = l.lower === undefined || r.lower === undefined ? undefined : min(l.lower, r.lower);
      const upper = l.upper === undefined || r.upper === undefined ? undefined : max(l.upper, r.upper);
      return lower === undefined && upper === undefined ? null : span(lower, upper);
    }
    case '==':
    case '<':
    case '<=':
    case '>':
    case '>=': {
      let op: string = e.op;
      let v = samePath(e.lhs, path) ? boundOf(e.rhs, lits) : null;
      if (v === null && samePath(e.rhs, path)) {
        v = boundOf(e.lhs, lits);
        op = FLIP[op]!;
      }
      if (v === null) return null;
      if (op === '==') return span(v, v);
      return op === '<' || op === '<=' ? span(undefined, v) : span(v, undefined);
    }
    default:
      return null;
  }
}
