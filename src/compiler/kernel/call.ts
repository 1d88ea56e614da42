// Calls: built-in functions (with the implicit `this` argument some take),
// primitive-type casts (`int64(x)`), map(), user functions (params bound to
// frame slots; recursion bounded as Zed bounds it) and aggregate names used
// in expressions, which become streaming aggregates that keep state across
// values (Zed's AggregatorExpr: `yield count()` gives 1, 2, 3, ...).

import { ZedError } from '../../errors/index.js';
import { NullValue, Value, lookupPrimitive, type Type } from '../../zed/index.js';
import {
  CAST,
  ConstShaper,
  FunctionCallError,
  TRUE,
  agg,
  asBool,
  isMissing,
  lookupFunction,
  makeShaper,
  resolveFunction,
  typeValue,
  type ZedFunction,
} from '../../runtime/index.js';
import type { Call, Expr, Loc } from '../ast/index.js';
import type { Env, Evaluator, UserFunc } from './env.js';
import { CompileError, StackOverflowError } from './errors.js';
import { makePath } from './path.js';

/** Zed's maxStackDepth for user-function calls (runtime/sam/expr/udf.go). */
export const MAX_CALL_DEPTH = 10_000;

export type CompileFn = (e: Expr, env: Env) => Evaluator;

/** A user function whose body is being compiled for one call site; recursive calls reuse it. */
interface UdfInstance {
  readonly slots: readonly number[];
  body: Evaluator | null;
}

// Per scope tree: user functions being compiled right now (Zed's compiledUDFs).
const inProgress = new WeakMap<object, Map<UserFunc, UdfInstance>>();

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

function fail(e: unknown, loc: Loc): never {
  if (e instanceof CompileError) throw e;
  if (e instanceof FunctionCallError) throw new CompileError(`${e.functionName}(): ${e.reason}`, loc, { cause: e });
  if (e instanceof ZedError) throw new CompileError(e.message, loc, { cause: e });
  throw e;
}

export function compileCall(call: Call, env: Env, compile: CompileFn): Evaluator {
  const name = call.name.name;
  const nargs = call.args.length;
  const aggDef = agg.lookupAggregate(name);
  if (aggDef !== undefined && !((name === 'min' || name === 'max') && nargs > 1)) {
    return compileStreamingAgg(call, env, compile);
  }
  if (call.where !== null) throw new CompileError("'where' clause on non-aggregation function", call.loc);
  const udf = env.lookupFunc(name);
  if (udf !== undefined) {
    if (udf.params.length !== nargs) throw new CompileError(`call expects ${udf.params.length} argument(s)`, call.loc);
    return compileUdfCall(udf, call.args.map((a) => compile(a, env)), env, compile);
  }
  if (lookupPrimitive(name) !== undefined && nargs !== 1) {
    throw new CompileError(nargs < 1 ? 'too few arguments' : 'too many arguments', call.loc);
  }
  if (name === 'map') return compileMapCall(call, env, compile);
  let def;
  try {
    def = resolveFunction(name, nargs);
  } catch (e) {
    fail(e, call.loc);
  }
  const evals = call.args.map((a) => compile(a, env));
  const it = def.implicitThis;
  if (it !== undefined && (it.whenArgs === undefined || it.whenArgs === nargs)) {
    const self = makePath(env.ectx, it.path);
    if (it.position === 'first') evals.unshift(self);
    else evals.push(self);
  }
  let fn: ZedFunction;
  try {
    fn = def.make(env.ectx);
  } catch (e) {
    fail(e, call.loc);
  }
  return callArgs(evals, fn);
}

/** map(a, f): f(this) compiled with each element of a as `this`. */
function compileMapCall(call: Call, env: Env, compile: CompileFn): Evaluator {
  if (call.args.length !== 2) throw new CompileError(call.args.length < 2 ? 'too few arguments' : 'too many arguments', call.loc);
  const fnArg = call.args[1]!;
  if (fnArg.kind !== 'ID') throw new CompileError('second argument must be the identifier of a function', fnArg.loc);
  const inner = compileCall(
    { kind: 'Call', name: fnArg, args: [{ kind: 'ID', name: 'this', loc: fnArg.loc }], where: null, loc: fnArg.loc },
    env,
    compile,
  );
  const def = lookupFunction('map')!;
  let fn: ZedFunction;
  try {
    fn = def.make(env.ectx, { apply: inner });
  } catch (e) {
    fail(e, call.loc);
  }
  return callArgs([compile(call.args[0]!, env), (self) => self], fn);
}

/**
 * A call of user function `f`. As in Zed, each call site compiles its own
 * body (so stateful expressions inside are per site), except a recursive
 * call, which reuses the instance being compiled. Arguments go into the
 * parameters' slots for the body's evaluation and are restored after; the
 * body sees `this` as null.
 */
function compileUdfCall(f: UserFunc, args: readonly Evaluator[], env: Env, compile: CompileFn): Evaluator {
  let active = inProgress.get(env.frame);
  if (active === undefined) {
    active = new Map();
    inProgress.set(env.frame, active);
  }
  let inst = active.get(f);
  if (inst === undefined) {
    const scope = f.env.child();
    const slots = f.params.map((p) => scope.defineLocal(p.name));
    const fresh: UdfInstance = { slots, body: null };
    active.set(f, fresh);
    try {
      fresh.body = compile(f.body, scope);
    } finally {
      active.delete(f);
    }
    inst = fresh;
  }
  const target = inst;
  const frame = env.frame;
  const vars = frame.vars;
  const slots = target.slots;
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
function compileStreamingAgg(call: Call, env: Env, compile: CompileFn): Evaluator {
  const name = call.name.name;
  if (call.args.length > 1) throw new CompileError('too many arguments', call.loc);
  const argExpr = call.args[0];
  let def;
  try {
    def = agg.resolveAggregate(name, argExpr !== undefined);
  } catch (e) {
    if (argExpr === undefined) throw new CompileError(`aggregator '${name}' requires argument`, call.loc);
    fail(e, call.loc);
  }
  const arg: Evaluator = argExpr === undefined ? () => TRUE : compile(argExpr, env);
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
