// Helpers for the compiler's unit tests: an expression (after optional
// declarations) through the semantic pass and the kernel, evaluated on ZSON.

import { TypeContext, type Value } from '../zed/index.js';
import { formatValue, parseZsonValue } from '../zson/index.js';
import { createEvalContext } from '../runtime/index.js';
import type * as dag from './dag/index.js';
import { newEnv, type Env, type Evaluator } from './kernel/env.js';
import { compileBool, compileExpr } from './kernel/expr.js';
import type { Literals } from './kernel/literals.js';
import { parseQuery } from './parser/index.js';
import { analyze } from './semantic/index.js';

export interface CompiledExpr {
  readonly plan: dag.Expr;
  readonly env: Env;
  readonly zctx: TypeContext;
  readonly ev: Evaluator;
  /** Evaluates the expression on each ZSON input; results as ZSON. */
  run(...inputs: string[]): string[];
  value(zson: string): Value;
}

function yieldedExpr(seq: dag.Seq): dag.Expr {
  for (const op of seq) {
    if (op.kind === 'Yield' && op.exprs[0] !== undefined) return op.exprs[0];
    if (op.kind === 'Scope') return yieldedExpr(op.body);
  }
  throw new Error('no yield in plan');
}

/** The plan of `text` (an expression) after `prelude` (declarations), and its evaluator. */
export function compileExprText(text: string, prelude = ''): CompiledExpr {
  const zctx = new TypeContext();
  const ectx = createEvalContext(zctx);
  const analysis = analyze(parseQuery(`${prelude}\nyield ${text}`), { ectx });
  const plan = yieldedExpr(analysis.seq);
  const env = newEnv(ectx, analysis.literals, analysis.funcs, analysis.slots);
  const ev = compileExpr(plan, env);
  const value = (s: string): Value => parseZsonValue(s, zctx);
  return { plan, env, zctx, ev, value, run: (...inputs) => inputs.map((i) => formatValue(ev(value(i)))) };
}

/** A Boolean predicate for `text`, as where and search use it. */
export function compileBoolText(text: string, prelude = ''): { pred: (v: Value) => boolean; value(zson: string): Value } {
  const c = compileExprText(text, prelude);
  return { pred: compileBool(c.plan, c.env), value: c.value };
}

function filterExpr(seq: dag.Seq): dag.Expr {
  for (const op of seq) {
    if (op.kind === 'Filter') return op.expr;
    if (op.kind === 'Scope') return filterExpr(op.body);
  }
  throw new Error('no filter in plan');
}

/** The predicate of the filter a query (a search, a where, a bare Boolean) starts with. */
export function compileFilterText(query: string): {
  plan: dag.Expr;
  pred: (v: Value) => boolean;
  value(zson: string): Value;
  literals: Literals;
} {
  const zctx = new TypeContext();
  const ectx = createEvalContext(zctx);
  const analysis = analyze(parseQuery(query), { ectx });
  const plan = filterExpr(analysis.seq);
  const env = newEnv(ectx, analysis.literals, analysis.funcs, analysis.slots);
  return { plan, pred: compileBool(plan, env), value: (s) => parseZsonValue(s, zctx), literals: analysis.literals };
}
