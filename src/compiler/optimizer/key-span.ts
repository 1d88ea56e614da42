// The range of a field's values a filter allows, from its comparisons of
// that field with literals (Zed's range pruner, optimizer.go): `and`
// narrows, `or` takes the hull of both sides, anything else allows any
// value; `<` and `>` make exclusive ends, as Zed's seek-index pruning
// takes them. Used to prune lake objects by their pool-key range. Sound in
// Zed's value order: a comparison that holds for two values (numbers of
// any kind, strings, or equal values) orders them the same way there.

import { compareValues, type Value } from '../../zed/index.js';
import type * as dag from '../dag/index.js';
import type { Literals } from '../kernel/literals.js';
import type { KeySpan } from '../kernel/source.js';

/** One end of a span: its value and whether it is exclusive; undefined when unbounded. */
type Bound = { readonly v: Value; readonly x: boolean } | undefined;

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

/** The tighter of two lower ends (`and`), or the looser (`or`, loose = true); equal values keep the tighter/looser flag. */
function pickLower(a: Bound, b: Bound, loose: boolean): Bound {
  if (a === undefined || b === undefined) return loose ? undefined : (a ?? b);
  const c = compareValues(a.v, b.v);
  if (c === 0) return { v: a.v, x: loose ? a.x && b.x : a.x || b.x };
  return (c > 0) !== loose ? a : b;
}

function pickUpper(a: Bound, b: Bound, loose: boolean): Bound {
  if (a === undefined || b === undefined) return loose ? undefined : (a ?? b);
  const c = compareValues(a.v, b.v);
  if (c === 0) return { v: a.v, x: loose ? a.x && b.x : a.x || b.x };
  return (c < 0) !== loose ? a : b;
}

function lowerOf(s: KeySpan): Bound {
  return s.lower === undefined ? undefined : { v: s.lower, x: s.lowerExclusive === true };
}

function upperOf(s: KeySpan): Bound {
  return s.upper === undefined ? undefined : { v: s.upper, x: s.upperExclusive === true };
}

function span(lower: Bound, upper: Bound): KeySpan {
  return {
    ...(lower !== undefined ? { lower: lower.v, ...(lower.x ? { lowerExclusive: true } : {}) } : {}),
    ...(upper !== undefined ? { upper: upper.v, ...(upper.x ? { upperExclusive: true } : {}) } : {}),
  };
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
      return span(pickLower(lowerOf(l), lowerOf(r), false), pickUpper(upperOf(l), upperOf(r), false));
    }
    case 'or': {
      const l = keySpanOf(e.lhs, path, lits);
      const r = keySpanOf(e.rhs, path, lits);
      if (l === null || r === null) return null;
      const lower = pickLower(lowerOf(l), lowerOf(r), true);
      const upper = pickUpper(upperOf(l), upperOf(r), true);
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
      const end = { v, x: op === '<' || op === '>' };
      if (op === '==') return span(end, end);
      return op === '<' || op === '<=' ? span(undefined, end) : span(end, undefined);
    }
    default:
      return null;
  }
}
