// A summarize right after a put or a yield, as the summarize of the values
// before them: each reference the summarize makes to what the put assigned
// (or to what the yield made) replaced by the expression that made it, so
// that a pool's columns can answer it (`put x:=a+b | sum(x)` as
// `sum(a+b)`, `yield id | count() by orig_h` as `count() by id.orig_h`).
//
// The two give the same groups and values for every input value but one
// whose fields hold error("quiet"), which a put skips (the field keeps its
// value) and a yield drops: the columnar summarize takes no object with a
// column that may hold one (ColumnAggregate.noQuiet), and such objects,
// like every value read as a value, go through the put or yield first.
//
// Only plain cases fold; anything else is built as written:
// - a put's expression a reference uses must be arithmetic (+ - * / %) of
//   fields and constants reading one field at least: on a value that is
//   not a record (which put turns into an error, whose fields are missing)
//   it is then error("missing") as the reference would be;
// - a reference to a path that a nested assignment passes through, or to
//   `this` after a put, does not fold;
// - a yield's expression must read fields only (no `this`, no local, pure:
//   see fieldPathsOf) and one of several expressions does not fold;
// - min or max of an expression (once folded) does not fold.

import type * as dag from '../dag/index.js';
import { checkPutFields } from '../../runtime/op/index.js';
import { hasPrefix } from '../optimizer/fields.js';
import { fieldPathsOf } from './column-expr.js';

/** Fields a yield's expression may read at most. */
const MAX_FIELDS = 4;

/** What a reference to a path becomes: an expression, the path as it was (undefined), or null when it cannot fold. */
type Substitute = (path: readonly string[]) => dag.Expr | null | undefined;

/** The summarize `s` as it would read the values before `op`, or null when it does not fold. */
export function foldIntoSummarize(op: dag.Put | dag.Yield, s: dag.Summarize): dag.Summarize | null {
  const sub = op.kind === 'Put' ? putSubstitute(op) : yieldSubstitute(op);
  if (sub === null) return null;
  const keys: dag.Assignment[] = [];
  for (const k of s.keys) {
    const rhs = substitute(k.rhs, sub);
    if (rhs === null) return null;
    keys.push({ ...k, rhs });
  }
  const aggs: dag.AggAssignment[] = [];
  for (const a of s.aggs) {
    const expr = a.rhs.expr === null ? null : substitute(a.rhs.expr, sub);
    const where = a.rhs.where === null ? null : substitute(a.rhs.where, sub);
    if ((a.rhs.expr !== null && expr === null) || (a.rhs.where !== null && where === null)) return null;
    // min and max of an expression are often read as values (see
    // column-aggregate-object.ts), whole, where the put or yield as written
    // would read only its fields.
    if ((a.rhs.name === 'min' || a.rhs.name === 'max') && expr !== null && expr.kind !== 'This') return null;
    aggs.push({ ...a, rhs: { ...a.rhs, expr, where } });
  }
  return { ...s, keys, aggs };
}

function putSubstitute(op: dag.Put): Substitute | null {
  const lhs = op.args.map((a) => a.lhs.path);
  // Assignments put rejects (to `this`, twice to one path, nested in each other) do not fold.
  if (checkPutFields(lhs) !== null) return null;
  return (path) => {
    if (path.length === 0) return null;
    for (let i = 0; i < lhs.length; i++) {
      const l = lhs[i]!;
      if (hasPrefix(path, l)) {
        const e = op.args[i]!.rhs;
        if (!missingExact(e)) return null;
        if (path.length === l.length) return e;
        return e.kind === 'This' ? { kind: 'This', path: [...e.path, ...path.slice(l.length)] } : null;
      }
      // A record the put rebuilds around a nested assignment.
      if (l[0] === path[0]) return null;
    }
    return undefined;
  };
}

function yieldSubstitute(op: dag.Yield): Substitute | null {
  const e = op.exprs[0];
  if (op.exprs.length !== 1 || e === undefined) return null;
  if (fieldPathsOf(e, MAX_FIELDS) === null || readsQuiet(e)) return null;
  return (path) => {
    if (path.length === 0) return e;
    return e.kind === 'This' ? { kind: 'This', path: [...e.path, ...path] } : null;
  };
}

/** `e` with each path from `this` replaced as `sub` says; null when one cannot be, or `e` holds an expression this does not walk. */
function substitute(e: dag.Expr, sub: Substitute): dag.Expr | null {
  switch (e.kind) {
    case 'This': {
      const r = sub(e.path);
      return r === undefined ? e : r;
    }
    case 'Literal':
      return e;
    case 'UnaryExpr': {
      const operand = substitute(e.operand, sub);
      return operand === null ? null : { ...e, operand };
    }
    case 'BinaryExpr': {
      const lhs = substitute(e.lhs, sub);
      const rhs = lhs === null ? null : substitute(e.rhs, sub);
      return lhs === null || rhs === null ? null : { ...e, lhs, rhs };
    }
    case 'Conditional': {
      const cond = substitute(e.cond, sub);
      const then = cond === null ? null : substitute(e.then, sub);
      const otherwise = then === null ? null : substitute(e.else, sub);
      return cond === null || then === null || otherwise === null ? null : { ...e, cond, then, else: otherwise };
    }
    case 'Call': {
      const args: dag.Expr[] = [];
      for (const a of e.args) {
        const x = substitute(a, sub);
        if (x === null) return null;
        args.push(x);
      }
      return { ...e, args };
    }
    default:
      return null;
  }
}

/**
 * Whether `e` is arithmetic of fields and constants reading a field: on a
 * value that is not a record it is error("missing"), as any field of the
 * error put makes of such a value.
 */
function missingExact(e: dag.Expr): boolean {
  const visit = (x: dag.Expr): 'field' | 'const' | null => {
    if (x.kind === 'This') return x.path.length > 0 ? 'field' : null;
    if (x.kind === 'Literal') return 'const';
    if (x.kind !== 'BinaryExpr' || !['+', '-', '*', '/', '%'].includes(x.op)) return null;
    const l = visit(x.lhs);
    const r = l === null ? null : visit(x.rhs);
    if (l === null || r === null) return null;
    return l === 'field' || r === 'field' ? 'field' : 'const';
  };
  return visit(e) === 'field';
}

/** Whether `e` calls quiet(), whose error a yield drops. */
function readsQuiet(e: dag.Expr): boolean {
  return JSON.stringify(e).includes('"quiet"');
}
