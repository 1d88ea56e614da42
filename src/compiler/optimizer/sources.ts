// Source rules: a pure filter right after a scan becomes the scan's filter
// (the source may use it to skip data; the kernel still applies it unless
// the source says it did); a keyless count() right after a scan marks the
// scan as countable; a pool scan whose key the compiler was told gets that
// key and the key span its filter allows.

import type * as ast from '../ast/index.js';
import type * as dag from '../dag/index.js';
import { isScan } from '../dag/index.js';
import type { Literals } from '../kernel/literals.js';
import { isPure } from './fields.js';
import { keySpanOf } from './key-span.js';

/** `scan | where e` becomes `scan` with filter e (and-ed with one it has). */
export function pushFilters(seq: dag.Seq): dag.Seq {
  const [scan, next, ...rest] = seq;
  if (scan === undefined || !isScan(scan) || next === undefined || next.kind !== 'Filter' || !isPure(next.expr)) return seq;
  const filter: dag.Expr = scan.filter === null ? next.expr : { kind: 'BinaryExpr', op: 'and', lhs: scan.filter, rhs: next.expr };
  return [{ ...scan, filter }, ...rest];
}

function isCount(s: dag.Summarize): boolean {
  const a = s.aggs[0];
  return s.keys.length === 0 && s.aggs.length === 1 && a !== undefined && a.rhs.name === 'count' && a.rhs.expr === null && a.rhs.where === null && a.lhs.path.length === 1;
}

/** `from x | count()`: the source may answer with its count. */
export function markCounts(seq: dag.Seq): dag.Seq {
  const [scan, next] = seq;
  if (scan === undefined || !isScan(scan) || scan.kind === 'DefaultScan' || next === undefined || next.kind !== 'Summarize' || !isCount(next)) return seq;
  return [{ ...scan, count: true }, ...seq.slice(1)];
}

/** Pool facts the compiler may be told: a pool's key. */
export type PoolKeyLookup = (src: ast.Pool) => dag.SortKey | undefined;

/** Gives pool scans their key and, when they have a filter, the key span it allows. */
export function poolKeyFacts(lookup: PoolKeyLookup, lits: Literals): (seq: dag.Seq) => dag.Seq {
  return (seq) =>
    seq.map((op) => {
      if (op.kind !== 'PoolScan') return op;
      const sortKey = lookup(op.source);
      if (sortKey === undefined) return op;
      const span = op.filter === null ? null : keySpanOf(op.filter, sortKey.path, lits);
      if (span === null) return { ...op, sortKey };
      const keySpan: dag.KeySpan = {
        ...(span.lower !== undefined ? { lower: lits.text(span.lower) } : {}),
        ...(span.upper !== undefined ? { upper: lits.text(span.upper) } : {}),
      };
      return { ...op, sortKey, keySpan };
    });
}
