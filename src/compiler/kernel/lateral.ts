// Lateral expressions, `(over exprs [with locals] | seq)`, inside synchronous
// evaluators. Operators run asynchronously, so an operator whose expressions
// hold lateral expressions gets a step in front of it that runs each
// subquery per input value and keeps the result; the evaluator then reads it.
// Zero results give null, one gives that value, several are wrapped in an array.

import type * as dag from '../dag/index.js';
import { type Batch, type LateralFn, type OpContext, overOp, type Stream } from '../../runtime/op/index.js';
import { NullValue, type Value } from '../../zed/index.js';
import type { Env, Evaluator } from './env.js';
import { compileExpr, ensureSlot } from './expr.js';
import { makeArray } from './vector.js';

export interface LateralSlot {
  readonly exprs: readonly Evaluator[];
  readonly body: LateralFn;
  readonly env: Env;
  readonly results: WeakMap<Value, Value>;
}

/** Builds a lateral body stream for one outer value (provided by the seq builder, to avoid an import cycle). */
export type BodyBuilder = (body: dag.Seq, input: Stream) => Stream;

/** The body of `over` (operator or expression): binds the `with` locals from the outer value, then builds the body. */
export function lateralBody(defs: readonly dag.Def[], body: dag.Seq, env: Env, build: BodyBuilder): LateralFn {
  const locals = defs.map((d) => {
    ensureSlot(env, d.slot);
    return { slot: d.slot, expr: compileExpr(d.expr, env) };
  });
  const vars = env.frame.vars;
  return (input, outer) => {
    for (const l of locals) vars[l.slot] = l.expr(outer);
    return build(body, input);
  };
}

export function compileLateralExpr(node: dag.OverExpr, env: Env, slots: LateralSlot[], build: BodyBuilder): Evaluator {
  const exprs = node.exprs.map((e) => compileExpr(e, env));
  const slot: LateralSlot = { exprs, body: lateralBody(node.defs, node.body, env, build), env, results: new WeakMap() };
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
