// What a pushed filter lets field indexes (index rules, API revisions up to
// 1.8.0) rule out: an equality of a field with a constant, alone or as one
// side of an `and`, lets a scan skip the objects whose index of that field
// lacks the constant (Lake.scan's indexLookup).
import type { dag } from '../compiler/index.js';
import type { TypeContext, Value } from '../zed/index.js';
import { parseZsonValue } from '../zson/index.js';

export interface IndexLookup {
  readonly path: readonly string[];
  readonly value: Value;
}

/** The first `field == constant` the filter requires, or null. */
export function indexLookupOf(filter: dag.Expr, zctx: TypeContext): IndexLookup | null {
  if (filter.kind !== 'BinaryExpr') return null;
  if (filter.op === 'and') return indexLookupOf(filter.lhs, zctx) ?? indexLookupOf(filter.rhs, zctx);
  if (filter.op !== '==') return null;
  const [field, lit] = filter.lhs.kind === 'This' ? [filter.lhs, filter.rhs] : [filter.rhs, filter.lhs];
  if (field.kind !== 'This' || field.path.length === 0 || lit.kind !== 'Literal') return null;
  try {
    return { path: field.path, value: parseZsonValue(lit.value, zctx) };
  } catch {
    return null;
  }
}
