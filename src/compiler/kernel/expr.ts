// compileExpr: every plan expression to an Evaluator closure, with Zed's
// semantics (compiler/kernel/expr.go). Comparisons against a constant right
// operand and `in` with a constant left operand use the folded predicates
// Zed compiles for them.

import { InvalidError } from '../../errors/index.js';
import { NullValue, TypeString, Value, underlying } from '../../zed/index.js';
import { UnsupportedExprError } from '../errors.js';
import {
  FALSE,
  TRUE,
  compare,
  compileGoRegexp,
  logicalNot,
  makeArith,
  makeConstCompare,
  makeConstIn,
  makeIn,
  makeLogicalAnd,
  makeLogicalOr,
  makePrimitiveCast,
  negate,
  type GoRegexp,
} from '../../runtime/index.js';
import type * as dag from '../dag/index.js';
import { compileAgg, compileCall, compileMapCall, compileUdfCall, makeCast, makeDynamicCast, makeTypeName } from './call.js';
import type { Env, Evaluator } from './env.js';
import { makeIndex, makeSlice } from './index-expr.js';
import { identity, makeDot, makePath } from './path.js';
import { compileRecord } from './record.js';
import { makeRegexpMatch, makeRegexpSearch, makeStringTermSearch, makeValueSearch } from './search.js';
import { makeArray, makeMapLiteral, makeSet } from './vector.js';

function constant(v: Value): Evaluator {
  return () => v;
}

/** Makes sure the frame has `slot`. */
export function ensureSlot(env: Env, slot: number): void {
  const vars = env.frame.vars;
  while (vars.length <= slot) vars.push(NullValue);
}

export function compileExpr(e: dag.Expr, env: Env): Evaluator {
  switch (e.kind) {
    case 'This':
      return e.path.length === 0 ? identity : makePath(env.ectx, e.path);
    case 'Var': {
      ensureSlot(env, e.slot);
      const vars = env.frame.vars;
      const slot = e.slot;
      return () => vars[slot]!;
    }
    case 'Literal':
      return constant(env.literals.value(e.value));
    case 'Dot':
      return makeDot(env.ectx, compileExpr(e.lhs, env), e.rhs);
    case 'IndexExpr':
      return makeIndex(env.ectx, compileExpr(e.expr, env), compileExpr(e.index, env));
    case 'SliceExpr':
      return makeSlice(
        env.ectx,
        compileExpr(e.expr, env),
        e.from === null ? null : compileExpr(e.from, env),
        e.to === null ? null : compileExpr(e.to, env),
      );
    case 'UnaryExpr': {
      const operand = compileExpr(e.operand, env);
      const ectx = env.ectx;
      if (e.op === '-') return (self) => negate(ectx, operand(self));
      return (self) => logicalNot(ectx, operand(self));
    }
    case 'BinaryExpr':
      return compileBinary(e, env);
    case 'Conditional': {
      const cond = compileExpr(e.cond, env);
      const then = compileExpr(e.then, env);
      const otherwise = compileExpr(e.else, env);
      const ectx = env.ectx;
      return (self) => {
        const c = cond(self);
        if (c.type.kind === 'union' || underlying(c.type).id !== TRUE.type.id) {
          return ectx.errors.wrap('?-operator: bool predicate required', c);
        }
        return c.asBool() ? then(self) : otherwise(self);
      };
    }
    case 'Call':
      return compileCall(e, env, compileExpr);
    case 'UdfCall':
      return compileUdfCall(e, env, compileExpr);
    case 'Agg':
      return compileAgg(e, env, compileExpr);
    case 'MapCall':
      return compileMapCall(e, env, compileExpr);
    case 'Cast': {
      const inner = compileExpr(e.expr, env);
      if (e.type.kind === 'Literal') {
        const t = env.literals.typeOfValue(e.type.value);
        if (t !== null) return makeCast(env, t, inner);
      }
      return makeDynamicCast(env, compileExpr(e.type, env), inner);
    }
    case 'TypeName':
      return makeTypeName(env, e.name);
    case 'Search': {
      const v = env.literals.value(e.value);
      const expr = compileExpr(e.expr, env);
      if (underlying(v.type) === TypeString) return makeStringTermSearch(v.asString(), expr);
      return makeValueSearch(e.text, v, expr);
    }
    case 'RegexpSearch':
      return makeRegexpSearch(regexp(e.pattern), compileExpr(e.expr, env));
    case 'RegexpMatch':
      return makeRegexpMatch(regexp(e.pattern), compileExpr(e.expr, env));
    case 'RecordExpr':
      return compileRecord(e.elems, env, compileExpr);
    case 'ArrayExpr':
      return makeArray(env, e.elems.map((el) => ({ spread: el.kind === 'Spread', expr: compileExpr(el.expr, env) })));
    case 'SetExpr':
      return makeSet(env, e.elems.map((el) => ({ spread: el.kind === 'Spread', expr: compileExpr(el.expr, env) })));
    case 'MapExpr':
      return makeMapLiteral(
        env.ectx,
        e.entries.map((en) => ({ key: compileExpr(en.key, env), val: compileExpr(en.value, env) })),
      );
    case 'OverExpr': {
      const hook = env.compileLateral;
      if (hook === undefined) throw new UnsupportedExprError('lateral expressions need a query builder', null);
      return hook(e, env);
    }
    case 'FString':
      return compileFString(e, env);
    default: {
      const never: never = e;
      throw new InvalidError(`Unknown plan expression "${(never as { kind: string }).kind}"`);
    }
  }
}

/** Regexps in a plan were checked by the semantic pass. */
function regexp(pattern: string): GoRegexp {
  const re = compileGoRegexp(pattern, { wholeExpr: true });
  if (typeof re === 'string') throw new InvalidError(`Plan has an invalid regexp: ${re}`);
  return re;
}

/** The value of `e` when it is a literal or a negated literal, else null. */
export function constValue(e: dag.Expr, env: Env): Value | null {
  if (e.kind === 'Literal') return env.literals.value(e.value);
  if (e.kind === 'UnaryExpr' && e.op === '-') {
    const v = constValue(e.operand, env);
    return v === null ? null : negate(env.ectx, v);
  }
  return null;
}

function compileBinary(e: dag.BinaryExpr, env: Env): Evaluator {
  const ectx = env.ectx;
  switch (e.op) {
    case 'and':
      return makeLogicalAnd(ectx, compileExpr(e.lhs, env), compileExpr(e.rhs, env));
    case 'or':
      return makeLogicalOr(ectx, compileExpr(e.lhs, env), compileExpr(e.rhs, env));
    case 'in': {
      const lit = constValue(e.lhs, env);
      if (lit !== null && !lit.isError()) {
        const pred = makeConstIn(lit);
        if (pred !== null) {
          const container = compileExpr(e.rhs, env);
          return (self) => pred(container(self));
        }
      }
      const elem = compileExpr(e.lhs, env);
      const container = compileExpr(e.rhs, env);
      const inFn = makeIn();
      return (self) => inFn(elem(self), container(self));
    }
    case '+':
    case '-':
    case '*':
    case '/':
    case '%': {
      const lhs = compileExpr(e.lhs, env);
      const rhs = compileExpr(e.rhs, env);
      const op = makeArith(ectx, e.op);
      return (self) => {
        const a = lhs(self);
        if (a.isError()) return a;
        return op(a, rhs(self));
      };
    }
    default: {
      const op = e.op;
      const lit = constValue(e.rhs, env);
      if (lit !== null && !lit.isError()) {
        const pred = makeConstCompare(op, lit);
        if (pred !== null) {
          const lhs = compileExpr(e.lhs, env);
          return (self) => pred(lhs(self));
        }
      }
      const lhs = compileExpr(e.lhs, env);
      const rhs = compileExpr(e.rhs, env);
      return (self) => compare(op, lhs(self), rhs(self));
    }
  }
}

function compileFString(f: dag.FString, env: Env): Evaluator {
  const ectx = env.ectx;
  if (f.elems.length === 0) return constant(new Value(TypeString, new Uint8Array(0)));
  const toString = makePrimitiveCast(ectx, TypeString)!;
  const add = makeArith(ectx, '+');
  const parts: Evaluator[] = f.elems.map((el) => {
    if (el.kind === 'Literal') {
      const v = env.literals.value(el.value);
      if (v.type === TypeString) return constant(v);
    }
    const inner = compileExpr(el, env);
    return (self) => toString(inner(self));
  });
  return (self) => {
    let out = parts[0]!(self);
    for (let i = 1; i < parts.length; i++) {
      if (out.isError()) return out;
      out = add(out, parts[i]!(self));
    }
    return out;
  };
}

/** A predicate for `where` and search filters: true only when the expression is bool true. */
export function compileBool(e: dag.Expr, env: Env): (self: Value) => boolean {
  const ev = compileExpr(e, env);
  return (self) => {
    const v = ev(self);
    return v === TRUE || (v !== FALSE && v.bytes !== null && underlying(v.type).id === TRUE.type.id && v.type.kind !== 'union' && v.asBool());
  };
}
