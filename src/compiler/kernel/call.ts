// Calls: built-in functions, map(), user functions (parameters in frame
// slots; recursion bounded as Zed bounds it), aggregates used in
// expressions, which keep state across values (Zed's AggregatorExpr:
// `yield count()` gives 1, 2, 3, ...), and casts.

import { InvalidError } from '../../errors/index.js';
import { NullValue, type Value, type Type } from '../../zed/index.js';
import {
  CAST,
  ConstShaper,
  TRUE,
  agg,
  asBool,
  isMissing,
  lookupFunction,
  makeShaper,
  typeValue,
  type ZedFunction,
} from '../../runtime/index.js';
import type * as dag from '../dag/index.js';
import { StackOverflowError } from '../errors.js';
import type { Env, Evaluator } from './env.js';

/** Zed's maxStackDepth for user-function calls (runtime/sam/expr/udf.go). */
export const MAX_CALL_DEPTH = 10_000;

export type CompileFn = (e: dag.Expr, env: Env) => Evaluator;

/** A user function's body compiled for one call site; recursive calls reuse it. */
interface UdfInstance {
  body: Evaluator | null;
}

// Per frame: user functions being compiled right now (Zed's compiledUDFs).
const inProgress = new WeakMap<object, Map<number, UdfInstance>>();

function callArgs(evals: readonly Evaluator[], fn: ZedFunction): Evaluator {
  const n = evals.length;
  const args: Value[] = new Array<Value>(n).fill(NullValue);
  if (n === 1) {
    const a0 = evals[0]!;
    return (self) => {
      args[0] = a0(self);
      return fn(args);
    };
  }
  return (self) => {
    for (let i = 0; i < n; i++) args[i] = evals[i]!(self);
    return fn(args);
  };
}

/** A built-in function; the plan has checked the name and argument count and made implied arguments explicit. */
export function compileCall(call: dag.Call, env: Env, compile: CompileFn): Evaluator {
  const def = lookupFunction(call.name);
  if (def === undefined) throw new InvalidError(`Plan calls unknown function "${call.name}"`);
  const evals = call.args.map((a) => compile(a, env));
  return callArgs(evals, def.make(env.ectx));
}

/** map(a, f): f(this) compiled with each element of a as `this`. */
export function compileMapCall(call: dag.MapCall, env: Env, compile: CompileFn): Evaluator {
  const inner = compile(call.inner, env);
  const fn = lookupFunction('map')!.make(env.ectx, { apply: inner });
  return callArgs([compile(call.expr, env), (self) => self], fn);
}

/**
 * A call of a user function. As in Zed, each call site compiles its own
 * body (so stateful expressions inside are per site), except a recursive
 * call, which reuses the instance being compiled. Arguments go into the
 * parameters' slots for the body's evaluation and are restored after; the
 * body sees `this` as null.
 */
export function compileUdfCall(call: dag.UdfCall, env: Env, compile: CompileFn): Evaluator {
  const f = env.funcs.get(call.id);
  if (f === undefined) throw new InvalidError(`Plan calls user function "${call.name}" (#${call.id}) that it does not define`);
  const args = call.args.map((a) => compile(a, env));
  const frame = env.frame;
  let active = inProgress.get(frame);
  if (active === undefined) {
    active = new Map();
    inProgress.set(frame, active);
  }
  let inst = active.get(f.id);
  if (inst === undefined) {
    const fresh: UdfInstance = { body: null };
    active.set(f.id, fresh);
    try {
      fresh.body = compile(f.expr, env);
    } finally {
      active.delete(f.id);
    }
    inst = fresh;
  }
  const target = inst;
  const vars = frame.vars;
  const slots = f.slots;
  for (const s of slots) while (vars.length <= s) vars.push(NullValue);
  const n = slots.length;
  return (self) => {
    // Evaluate every argument before binding any, as arguments may read the
    // parameters; a fresh array because an argument may call this function.
    const local: Value[] = new Array<Value>(n);
    for (let i = 0; i < n; i++) local[i] = args[i]!(self);
    if (++frame.depth > MAX_CALL_DEPTH) {
      frame.depth = 0;
      throw new StackOverflowError();
    }
    const saved: Value[] = [];
    for (let i = 0; i < n; i++) {
      saved.push(vars[slots[i]!]!);
      vars[slots[i]!] = local[i]!;
    }
    try {
      return target.body!(NullValue);
    } catch (e) {
      if (e instanceof RangeError) {
        frame.depth = 0;
        throw new StackOverflowError();
      }
      throw e;
    } finally {
      if (frame.depth > 0) frame.depth--;
      for (let i = 0; i < n; i++) vars[slots[i]!] = saved[i]!;
    }
  };
}

/** An aggregate called in an expression: consumes each value and returns the running result. */
export function compileAgg(call: dag.Agg, env: Env, compile: CompileFn): Evaluator {
  const def = agg.resolveAggregate(call.name, call.expr !== null);
  const arg: Evaluator = call.expr === null ? () => TRUE : compile(call.expr, env);
  const where = call.where === null ? null : compile(call.where, env);
  const ectx = env.ectx;
  let state = def.make();
  env.resetters.push(() => {
    state = def.make();
  });
  return (self) => {
    if (where !== null) {
      const w = asBool(ectx, where(self));
      if (w.isError() || !w.asBool()) return state.result(ectx.zctx);
    }
    const v = arg(self);
    if (!isMissing(v)) state.consume(v);
    return state.result(ectx.zctx);
  };
}

/** `<T>(e)` and cast(e, <T>) with a constant type: primitive casts or shaping. */
export function makeCast(env: Env, to: Type, e: Evaluator): Evaluator {
  const shaper = new ConstShaper(env.ectx, to, CAST);
  return (self) => shaper.shape(e(self));
}

/** A cast to a type known only at run time (a type name bound by the data). */
export function makeDynamicCast(env: Env, typeExpr: Evaluator, e: Evaluator): Evaluator {
  const shape = makeShaper(env.ectx, CAST);
  return (self) => shape(e(self), typeExpr(self));
}

/** typename("name") at run time: the type value of a name the data defines, or error("missing"). */
export function makeTypeName(env: Env, name: string): Evaluator {
  const zctx = env.ectx.zctx;
  const missing = env.ectx.errors.missing();
  let last: Type | undefined;
  let lastValue: Value = missing;
  return () => {
    const t = zctx.lookupByName(name);
    if (t === undefined) return missing;
    if (t !== last) {
      last = t;
      lastValue = typeValue(zctx, t);
    }
    return lastValue;
  };
}
