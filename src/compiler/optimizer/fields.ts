// What the optimizer needs to know about an expression before moving it:
// whether it is pure (no state, no dependence on when it runs) and which
// fields of `this` it reads.

import type * as dag from '../dag/index.js';
import { exprChildren, someExpr } from '../dag/index.js';

/**
 * Streaming aggregates keep state across values, lateral subqueries and user
 * functions may hold such state, and type names resolve against the types
 * read so far: an expression with any of them must see exactly the values it
 * saw where it was written.
 */
export function isPure(e: dag.Expr): boolean {
  return !someExpr(e, (x) => x.kind === 'Agg' || x.kind === 'OverExpr' || x.kind === 'UdfCall' || x.kind === 'TypeName');
}

/** The `this` paths `e` reads (the empty path for the whole value). */
export function fieldsOf(e: dag.Expr, out: (readonly string[])[] = []): (readonly string[])[] {
  if (e.kind === 'This') {
    out.push(e.path);
    return out;
  }
  // map()'s inner expression reads the elements, not `this`.
  if (e.kind === 'MapCall') return fieldsOf(e.expr, out);
  for (const c of exprChildren(e)) fieldsOf(c, out);
  return out;
}

/** Whether one path is a prefix of the other (they name overlapping data). */
export function overlaps(a: readonly string[], b: readonly string[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether `prefix` is a prefix of `path`. */
export function hasPrefix(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((p, i) => p === path[i]);
}
