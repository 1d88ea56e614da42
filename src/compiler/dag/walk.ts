// Generic traversals of the plan: the direct sub-expressions of an
// expression, every node of an expression tree, and the nested sequences
// of an operator, so analyses need not know every node kind.

import { InternalError } from '../../errors/index.js';
import type { Expr } from './expr.js';
import type { Op, Scan, Seq } from './op.js';

export function isScan(op: Op): op is Scan {
  return op.kind === 'DefaultScan' || op.kind === 'FileScan' || op.kind === 'HTTPScan' || op.kind === 'PoolScan';
}

/** The direct sub-expressions of `e` (not those inside a lateral body). */
export function exprChildren(e: Expr): Expr[] {
  switch (e.kind) {
    case 'This':
    case 'Var':
    case 'Literal':
    case 'TypeName':
      return [];
    case 'Dot':
      return [e.lhs];
    case 'IndexExpr':
      return [e.expr, e.index];
    case 'SliceExpr':
      return [e.expr, ...(e.from === null ? [] : [e.from]), ...(e.to === null ? [] : [e.to])];
    case 'UnaryExpr':
      return [e.operand];
    case 'BinaryExpr':
      return [e.lhs, e.rhs];
    case 'Conditional':
      return [e.cond, e.then, e.else];
    case 'Call':
    case 'UdfCall':
      return [...e.args];
    case 'Agg':
      return [...(e.expr === null ? [] : [e.expr]), ...(e.where === null ? [] : [e.where])];
    case 'MapCall':
      return [e.expr, e.inner];
    case 'Cast':
      return [e.expr, e.type];
    case 'Search':
    case 'RegexpSearch':
    case 'RegexpMatch':
      return [e.expr];
    case 'RecordExpr':
      return e.elems.map((el) => (el.kind === 'Field' ? el.value : el.expr));
    case 'ArrayExpr':
    case 'SetExpr':
      return e.elems.map((el) => el.expr);
    case 'MapExpr':
      return e.entries.flatMap((en) => [en.key, en.value]);
    case 'OverExpr':
      return [...e.exprs, ...e.defs.map((d) => d.expr)];
    case 'FString':
      return [...e.elems];
    default: {
      const never: never = e;
      throw new InternalError(`Unknown plan expression "${(never as Expr).kind}"`);
    }
  }
}

/** Whether `pred` holds for `e` or any expression inside it. */
export function someExpr(e: Expr, pred: (e: Expr) => boolean): boolean {
  if (pred(e)) return true;
  for (const c of exprChildren(e)) if (someExpr(c, pred)) return true;
  return false;
}

/** The sequences nested directly in `op`. */
export function childSeqs(op: Op): Seq[] {
  switch (op.kind) {
    case 'Scope':
      return [op.body];
    case 'Fork':
      return [...op.paths];
    case 'Switch':
      return op.cases.map((c) => c.path);
    case 'Over':
      return op.body === null ? [] : [op.body];
    default:
      return [];
  }
}

/** A copy of `op` with its nested sequences replaced by `fn` of each (same order as childSeqs). */
export function mapChildSeqs(op: Op, fn: (seq: Seq) => Seq): Op {
  switch (op.kind) {
    case 'Scope':
      return { ...op, body: fn(op.body) };
    case 'Fork':
      return { ...op, paths: op.paths.map(fn) };
    case 'Switch':
      return { ...op, cases: op.cases.map((c) => ({ ...c, path: fn(c.path) })) };
    case 'Over':
      return op.body === null ? op : { ...op, body: fn(op.body) };
    default:
      return op;
  }
}

/** Rewrites every sequence bottom-up: nested sequences first, then `fn` on the sequence holding them. */
export function rewriteSeqs(seq: Seq, fn: (seq: Seq) => Seq): Seq {
  return fn(seq.map((op) => mapChildSeqs(op, (s) => rewriteSeqs(s, fn))));
}

/** The first operator of `seq`, looking into a leading Scope. */
export function leadingOp(seq: Seq): Op | undefined {
  const op = seq[0];
  return op !== undefined && op.kind === 'Scope' ? leadingOp(op.body) : op;
}
