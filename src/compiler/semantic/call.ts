// Calls: aggregate names (streaming aggregates in an expression), user
// functions (checked, their bodies analyzed on first use), map(), primitive
// casts by type name and built-in functions, whose argument counts are
// checked here and whose implied `this` argument is made explicit.

import { ZedError } from '../../errors/index.js';
import { lookupPrimitive } from '../../zed/index.js';
import { FunctionCallError, agg, resolveFunction, type FunctionDef } from '../../runtime/index.js';
import type * as ast from '../ast/index.js';
import type * as dag from '../dag/index.js';
import { CompileError } from '../errors.js';
import type { Sem } from './context.js';
import { semExpr } from './expr.js';
import type { FuncInfo, Scope } from './scope.js';

function fail(e: unknown, loc: ast.Loc): never {
  if (e instanceof CompileError) throw e;
  if (e instanceof FunctionCallError) throw new CompileError(`${e.functionName}(): ${e.reason}`, loc, { cause: e });
  if (e instanceof ZedError) throw new CompileError(e.message, loc, { cause: e });
  throw e;
}

export function semCall(call: ast.Call, scope: Scope, sem: Sem): dag.Expr {
  const name = call.name.name;
  const nargs = call.args.length;
  const aggDef = agg.lookupAggregate(name);
  // max(a,b) and min(a,b) with two or more arguments are the functions.
  if (aggDef !== undefined && !((name === 'min' || name === 'max') && nargs > 1)) return semStreamingAgg(call, scope, sem);
  if (call.where !== null) throw new CompileError("'where' clause on non-aggregation function", call.loc);
  const udf = scope.lookupFunc(name);
  if (udf !== undefined) {
    if (udf.params.length !== nargs) throw new CompileError(`call expects ${udf.params.length} argument(s)`, call.loc);
    const args = call.args.map((a) => semExpr(a, scope, sem));
    return { kind: 'UdfCall', name, id: analyzeFunc(udf, sem).id, args };
  }
  if (lookupPrimitive(name) !== undefined && nargs !== 1) {
    throw new CompileError(nargs < 1 ? 'too few arguments' : 'too many arguments', call.loc);
  }
  if (name === 'map') return semMapCall(call, scope, sem);
  let def: FunctionDef;
  try {
    def = resolveFunction(name, nargs);
  } catch (e) {
    fail(e, call.loc);
  }
  const args = call.args.map((a) => semExpr(a, scope, sem));
  const it = def.implicitThis;
  if (it !== undefined && (it.whenArgs === undefined || it.whenArgs === nargs)) {
    const self: dag.This = { kind: 'This', path: it.path };
    if (it.position === 'first') args.unshift(self);
    else args.push(self);
  }
  return { kind: 'Call', name, args };
}

/** map(a, f): f(this) with each element of a as `this`. */
function semMapCall(call: ast.Call, scope: Scope, sem: Sem): dag.Expr {
  if (call.args.length !== 2) throw new CompileError(call.args.length < 2 ? 'too few arguments' : 'too many arguments', call.loc);
  const fnArg = call.args[1]!;
  if (fnArg.kind !== 'ID') throw new CompileError('second argument must be the identifier of a function', fnArg.loc);
  const inner = semCall(
    { kind: 'Call', name: fnArg, args: [{ kind: 'ID', name: 'this', loc: fnArg.loc }], where: null, loc: fnArg.loc },
    scope,
    sem,
  );
  return { kind: 'MapCall', expr: semExpr(call.args[0]!, scope, sem), inner };
}

/** An aggregate called in an expression: it keeps state across values (Zed's AggregatorExpr). */
function semStreamingAgg(call: ast.Call, scope: Scope, sem: Sem): dag.Agg {
  const name = call.name.name;
  if (call.args.length > 1) throw new CompileError('too many arguments', call.loc);
  const argExpr = call.args[0];
  try {
    agg.resolveAggregate(name, argExpr !== undefined);
  } catch (e) {
    if (argExpr === undefined) throw new CompileError(`aggregator '${name}' requires argument`, call.loc);
    fail(e, call.loc);
  }
  return {
    kind: 'Agg',
    name,
    expr: argExpr === undefined ? null : semExpr(argExpr, scope, sem),
    where: call.where === null ? null : semExpr(call.where, scope, sem),
  };
}

/**
 * The plan of a user function, analyzing its body on first use in a child of
 * the scope it was declared in, with its parameters as locals. A recursive
 * call made while the body is analyzed refers to the function by id.
 */
export function analyzeFunc(f: FuncInfo, sem: Sem): { id: number } {
  if (f.plan !== null || f.analyzing) return f;
  f.analyzing = true;
  try {
    const inner = f.scope.child();
    const vars = f.params.map((p) => inner.defineLocal(p.name));
    const expr = semExpr(f.body, inner, sem);
    f.plan = { id: f.id, name: f.name, params: vars.map((v) => v.name), slots: vars.map((v) => v.slot), expr };
    sem.funcs.set(f.id, f.plan);
  } finally {
    f.analyzing = false;
  }
  return f;
}
