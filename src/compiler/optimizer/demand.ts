// Which top-level fields of its input a query uses, so that a reader may
// leave the others out (zq over JSON decodes only those). The answer is
// conservative: the input's records must be used up by a summarize, a
// yield or a cut, reached only through filters, head, tail, put and sorts
// by expressions; anything that passes records on to the output, reads the
// whole value (`this`, a search) or is not listed here gives null (all).
// Not drop, whose output depends on the fields it leaves (a record left
// empty is dropped), nor rename, whose error value holds the whole record.

import type * as dag from '../dag/index.js';
import { fieldsOf } from './fields.js';

/** The top-level fields the plan reads of its DefaultScan's input, or null when it may read them all. */
export function inputFields(seq: dag.Seq): string[] | null {
  return leadFields(seq, 'DefaultScan')?.fields ?? null;
}

/**
 * The same for a plan that starts with a pool scan: the scan, and the
 * top-level fields the plan reads of what it yields.
 */
export function poolScanFields(seq: dag.Seq): { readonly scan: dag.PoolScan; readonly fields: string[] } | null {
  const r = leadFields(seq, 'PoolScan');
  return r === null ? null : { scan: r.scan as dag.PoolScan, fields: r.fields };
}

function leadFields(seq: dag.Seq, kind: 'DefaultScan' | 'PoolScan'): { readonly scan: dag.Op; readonly fields: string[] } | null {
  const first = seq[0];
  if (first === undefined) return null;
  // A leading scope of declarations holds the whole plan.
  if (first.kind === 'Scope') return seq.length === 1 ? leadFields(first.body, kind) : null;
  if (first.kind !== kind) return null;
  const paths: (readonly string[])[] = [];
  if (first.filter !== null) fieldsOf(first.filter, paths);
  let used = false;
  for (const op of seq.slice(1)) {
    switch (op.kind) {
      case 'Filter':
        fieldsOf(op.expr, paths);
        continue;
      case 'Head':
      case 'Tail':
        continue;
      case 'Put':
        // Put passes records on with fields added or replaced: what it reads,
        // and the fields it sets (one already there may decide what it does,
        // as a.b:=1 over a that is not a record).
        for (const a of op.args) {
          fieldsOf(a.lhs, paths);
          fieldsOf(a.rhs, paths);
        }
        continue;
      case 'Sort':
      case 'SortLimit':
        // A sort with no expression picks a field by looking at the values.
        if (op.args.length === 0) return null;
        for (const a of op.args) fieldsOf(a.key, paths);
        continue;
      case 'Summarize':
        for (const k of op.keys) fieldsOf(k.rhs, paths);
        for (const a of op.aggs) fieldsOf(a.rhs, paths);
        used = true;
        break;
      case 'Yield':
        for (const e of op.exprs) fieldsOf(e, paths);
        used = true;
        break;
      case 'Cut':
        for (const a of op.args) fieldsOf(a.rhs, paths);
        used = true;
        break;
      default:
        return null;
    }
    break;
  }
  if (!used) return null;
  const out = new Set<string>();
  for (const p of paths) {
    const f = p[0];
    if (f === undefined) return null;
    out.add(f);
  }
  return { scan: first, fields: [...out].sort() };
}
