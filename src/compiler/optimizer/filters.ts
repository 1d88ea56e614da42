// Filter rules: adjacent filters merge into one `and` (which evaluates its
// right side only where the left holds, exactly as two filters would), and
// a pure filter moves upstream past operators it commutes with, so it ends
// up next to the source that can use it.

import type * as dag from '../dag/index.js';
import { fieldsOf, hasPrefix, isPure, overlaps } from './fields.js';

/** `where a | where b` becomes `where a and b`. */
export function mergeFilters(seq: dag.Seq): dag.Seq {
  const out: dag.Op[] = [];
  for (const op of seq) {
    const prev = out[out.length - 1];
    if (op.kind === 'Filter' && prev !== undefined && prev.kind === 'Filter') {
      out[out.length - 1] = { kind: 'Filter', expr: { kind: 'BinaryExpr', op: 'and', lhs: prev.expr, rhs: op.expr } };
    } else {
      out.push(op);
    }
  }
  return out;
}

/** Pass operators do nothing (their fan-out is their fan-in). */
export function removePass(seq: dag.Seq): dag.Seq {
  return seq.filter((op) => op.kind !== 'Pass');
}

/**
 * Whether a filter reading `fields` gives the same verdicts before `op` as
 * after it, and `op` treats the values it drops no differently. Operators
 * that only reorder (sort by explicit keys) commute with any pure filter;
 * put, rename and drop commute when they write none of the fields read; cut
 * when it keeps every field read unchanged. A filter on the whole value
 * (`this`, a search) commutes only with reordering.
 */
function commutes(op: dag.Op, fields: readonly (readonly string[])[]): boolean {
  switch (op.kind) {
    case 'Sort':
      // Without keys, sort picks its key from the first value it sees.
      return op.args.length > 0;
    case 'Put':
      return op.args.every((a) => fields.every((f) => !overlaps(a.lhs.path, f)));
    case 'Rename':
      return op.args.every((a) => fields.every((f) => !overlaps(a.lhs.path, f) && !overlaps(a.rhs.path, f)));
    case 'Drop':
      return op.args.every((a) => fields.every((f) => !overlaps(a.path, f)));
    case 'Cut':
      return fields.every((f) =>
        op.args.some((a) => a.rhs.kind === 'This' && samePath(a.lhs.path, a.rhs.path) && a.lhs.path.length > 0 && hasPrefix(f, a.lhs.path)),
      );
    default:
      return false;
  }
}

function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((p, i) => p === b[i]);
}

/** Moves each pure filter upstream past the operators it commutes with. */
export function liftFilters(seq: dag.Seq): dag.Seq {
  const out = [...seq];
  for (let i = 1; i < out.length; i++) {
    const f = out[i]!;
    if (f.kind !== 'Filter' || !isPure(f.expr)) continue;
    const fields = fieldsOf(f.expr);
    let j = i;
    while (j > 0 && commutes(out[j - 1]!, fields)) {
      out[j] = out[j - 1]!;
      j--;
    }
    out[j] = f;
  }
  return out;
}

/** Operators the kernel feeds one combined input, so they cannot tell how many streams came in. */
const SINGLE_INPUT = new Set<dag.Op['kind']>([
  'Filter', 'Sort', 'SortLimit', 'Head', 'Tail', 'Top', 'Cut', 'Drop', 'Put', 'Rename', 'Uniq', 'Fuse', 'Shape',
  'Sample', 'Explode', 'Yield', 'Summarize', 'Load', 'Assert', 'Over', 'Fork', 'Switch',
]);

/**
 * `fork (=> a => b) | where e | op` becomes `fork (=> a | where e => b | where e) | op`
 * (likewise for switch), so each branch filters its own output and a branch
 * that reads a source can push the filter into it. Only when the next
 * operator combines its inputs anyway (their order being arrival order).
 */
export function pushFiltersIntoBranches(seq: dag.Seq): dag.Seq {
  const out: dag.Op[] = [];
  for (let i = 0; i < seq.length; i++) {
    const op = seq[i]!;
    const filter = seq[i + 1];
    const next = seq[i + 2];
    if (
      (op.kind === 'Fork' || op.kind === 'Switch') &&
      filter !== undefined &&
      filter.kind === 'Filter' &&
      isPure(filter.expr) &&
      next !== undefined &&
      SINGLE_INPUT.has(next.kind)
    ) {
      out.push(
        op.kind === 'Fork'
          ? { ...op, paths: op.paths.map((p) => [...p, filter]) }
          : { ...op, cases: op.cases.map((c) => ({ ...c, path: [...c.path, filter] })) },
      );
      i++;
    } else {
      out.push(op);
    }
  }
  return out;
}
