// A scan's filter as plain data, for another thread (the shares of
// parallel-aggregate.ts and parallel-filter.ts): its tree with each
// constant an index into a list of values that travels as a ZNG stream, and
// the pool key's span the same way; compiled again on the other side.

import { compileColumnExprIn, compileColumnExprsIn, type ColumnFilterNode, type dag, type KeySpan } from '../compiler/index.js';
import { leafPredicate } from '../runtime/index.js';
import type { TypeContext, Value } from '../zed/index.js';

/** The filter's tree with its constants as indexes into the payload's values. */
export type PlainFilter =
  | { readonly kind: 'and' | 'or'; readonly lhs: PlainFilter; readonly rhs: PlainFilter }
  | { readonly kind: 'not'; readonly node: PlainFilter }
  | { readonly kind: 'leaf'; readonly path: readonly string[]; readonly op: Extract<ColumnFilterNode, { kind: 'leaf' }>['op']; readonly value: number }
  | { readonly kind: 'expr'; readonly path: readonly string[]; readonly expr: dag.Expr }
  | { readonly kind: 'exprs'; readonly paths: readonly (readonly string[])[]; readonly expr: dag.Expr };

/** A key span as plain data: its ends as indexes into the values (-1: open). */
export interface PlainSpan {
  readonly lower: number;
  readonly upper: number;
  readonly lowerExclusive: boolean;
  readonly upperExclusive: boolean;
}

/** A filter's tree as plain data, its constants pushed to `values`. */
export function plainFilter(n: ColumnFilterNode, values: Value[]): PlainFilter {
  if (n.kind === 'not') return { kind: 'not', node: plainFilter(n.node, values) };
  // The plan's expression is plain data: the other thread compiles it again.
  if (n.kind === 'expr') return { kind: 'expr', path: n.path, expr: n.expr };
  if (n.kind === 'exprs') return { kind: 'exprs', paths: n.paths, expr: n.expr };
  if (n.kind !== 'leaf') return { kind: n.kind, lhs: plainFilter(n.lhs, values), rhs: plainFilter(n.rhs, values) };
  values.push(n.value);
  return { kind: 'leaf', path: n.path, op: n.op, value: values.length - 1 };
}

/** A plain filter's tree (plainFilter's) compiled again, its constants from `values`. */
export function filterNode(p: PlainFilter, values: readonly Value[], zctx: TypeContext): ColumnFilterNode {
  if (p.kind === 'not') return { kind: 'not', node: filterNode(p.node, values, zctx) };
  if (p.kind === 'expr') return { kind: 'expr', path: p.path, expr: p.expr, eval: compileColumnExprIn(p.expr, p.path, zctx) };
  if (p.kind === 'exprs') return { kind: 'exprs', paths: p.paths, expr: p.expr, eval: compileColumnExprsIn(p.expr, p.paths, zctx) };
  if (p.kind !== 'leaf') return { kind: p.kind, lhs: filterNode(p.lhs, values, zctx), rhs: filterNode(p.rhs, values, zctx) };
  const value = values[p.value]!;
  const pred = leafPredicate(p.op, value);
  if (pred === null) throw new Error(`a scan share's filter compares with a constant it cannot: ${p.op}`);
  return { kind: 'leaf', path: p.path, op: p.op, value, pred };
}

/** A key span as plain data, its ends pushed to `values`. */
export function plainSpan(span: KeySpan, values: Value[]): PlainSpan {
  const end = (v: Value | undefined): number => {
    if (v === undefined) return -1;
    values.push(v);
    return values.length - 1;
  };
  return { lower: end(span.lower), upper: end(span.upper), lowerExclusive: span.lowerExclusive === true, upperExclusive: span.upperExclusive === true };
}

/** A plain span (plainSpan's) again, its ends from `values`. */
export function spanOf(s: PlainSpan, values: readonly Value[]): KeySpan {
  return {
    ...(s.lower >= 0 ? { lower: values[s.lower]! } : {}),
    ...(s.upper >= 0 ? { upper: values[s.upper]! } : {}),
    lowerExclusive: s.lowerExclusive,
    upperExclusive: s.upperExclusive,
  };
}
