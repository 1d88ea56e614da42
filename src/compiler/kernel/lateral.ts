// Lateral expressions, `(over exprs [with locals] | seq)`, inside synchronous
// evaluators. Operators run asynchronously, so an operator whose expressions
// hold lateral expressions gets a step in front of it that runs each
// subquery per input value and keeps the result; the evaluator then reads it.
// Zero results give null, one gives that value, several are wrapped in an array.

import type * as ast from '../ast/index.js';
import { overOp } from '../../runtime/op/over.js';
import type { Batch, LateralFn, OpContext, Stream } from '../../runtime/op/types.js';
import { NullValue, type Value } from '../../zed/index.js';
import type { Env, Evaluator } from './env.js';
import { compileExpr } from './expr.js';
import { makeArray } from './vector.js';

export interface LateralSlot {
  readonly exprs: readonly Evaluator[];
  readonly body: LateralFn;
  readonly env: Env;
  readonly results: WeakMap<Value, Value>;
}

/** Builds a lateral body stream for one outer value (provided by seq.ts, to avoid an import cycle). */
export type BodyBuilder = (body: ast.Seq, env: Env, input: Stream) => Stream;

export function compileLateralExpr(node: ast.OverExpr, env: Env, slots: LateralSlot[], build: BodyBuilder): Evaluator {
  const exprs = node.exprs.map((e) => compileExpr(e, env));
  const scope = env.child();
  const locals = node.locals.map((d) => ({ slot: scope.defineLocal(d.name.name), expr: compileExpr(d.expr, env) }));
  const vars = scope.frame.vars;
  const body: LateralFn = (input, outer) => {
    for (const l of locals) vars[l.slot] = l.expr(outer);
    return build(node.body, scope, input);
  };
  const slot: LateralSlot = { exprs, body, env, results: new WeakMap() };
  slots.push(slot);
  const missing = env.ectx.errors.missing();
  return (self) => slot.results.get(self) ?? missing;
}

async function* single(v: Value): AsyncGenerator<Batch> {
  yield [v];
}

async function runSlot(ctx: OpContext, slot: LateralSlot, v: Value): Promise<Value> {
  const out: Value[] = [];
  for await (const b of overOp(ctx, single(v), slot.exprs, slot.body)) out.push(...b);
  if (out.length === 0) return NullValue;
  if (out.length === 1) return out[0]!;
  return makeArray(slot.env, out.map((x) => ({ spread: false, expr: () => x })))(NullValue);
}

/** The step in front of an operator: evaluates its lateral expressions for each value. */
export function withLaterals(ctx: OpContext, parent: Stream, slots: readonly LateralSlot[]): Stream {
  return (async function* () {
    for await (const batch of parent) {
      if (slots.length > 0) {
        for (const v of batch) for (const s of slots) s.results.set(v, await runSlot(ctx, s, v));
      }
      yield batch;
    }
  })();
}
