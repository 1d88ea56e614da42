// compileExpr: every AST expression kind to an Evaluator closure, with
// Zed's semantics (compiler/semantic/expr.go and compiler/kernel/expr.go).
// Comparisons against a constant right operand and `in` with a constant left
// operand use the folded predicates Zed compiles for them.

import { Value, TypeString, underlying } from '../../zed/index.js';
import {
  FALSE,
  TRUE,
  compare,
  logicalNot,
  makeArith,
  makeConstCompare,
  makeConstIn,
  makeIn,
  makeLogicalAnd,
  makeLogicalOr,
  makePrimitiveCast,
  negate,
  typeValue,
  type ArithOp,
  type CompareOp,
} from '../../runtime/index.js';
import type { BinaryExpr, Expr, FString, TypeValue } from '../ast/index.js';
import type { Env, Evaluator } from './env.js';
import { CompileError, UnsupportedExprError } from './errors.js';
import { compileCall, makeCast, makeDynamicCast, makeTypeName } from './call.js';
import { makeIndex, makeSlice } from './index-expr.js';
import { constValue, primitiveValue } from './literal.js';
import { compileId, makeDot, makePath } from './path.js';
import { compileRecord } from './record.js';
import {
  compileRegexp,
  globToRegexp,
  makeRegexpMatch,
  makeRegexpSearch,
  makeStringTermSearch,
  makeValueSearch,
} from './search.js';
import { compileType } from './type.js';
import { makeArray, makeMapLiteral, makeSet } from './vector.js';

function constant(v: Value): Evaluator {
  return () => v;
}

const thisEval: Evaluator = (self) => self;

export function compileExpr(e: Expr, env: Env): Evaluator {
  switch (e.kind) {
    case 'ID':
      return compileId(e.name, env);
    case 'Primitive':
      return constant(primitiveValue(e, env));
    case 'TypeValue':
      return compileTypeValue(e, env);
    case 'Term': {
      if (e.value.kind === 'TypeValue') {
        return makeValueSearch(e.text, typeValue(env.ectx.zctx, compileType(e.value.value, env)), thisEval);
      }
      const v = primitiveValue(e.value, env);
      if (underlying(v.type) === TypeString) return makeStringTermSearch(v.asString(), thisEval);
      return makeValueSearch(e.text, v, thisEval);
    }
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
    case 'Cast': {
      const inner = compileExpr(e.expr, env);
      const t = e.type.value;
      if (t.kind === 'TypeName' && env.lookupType(t.name) === undefined && env.ectx.zctx.lookupByName(t.name) === undefined) {
        return makeDynamicCast(env, makeTypeName(env, t.name), inner);
      }
      return makeCast(env, compileType(t, env), inner);
    }
    case 'IndexExpr': {
      // A this-rooted path indexed by a constant string extends the path (Zed's isIndexOfThis).
      const path = thisPath(e, env);
      if (path !== null) return makePath(env.ectx, path);
      return makeIndex(env.ectx, compileExpr(e.expr, env), compileExpr(e.index, env));
    }
    case 'SliceExpr':
      return makeSlice(
        env.ectx,
        compileExpr(e.expr, env),
        e.from === null ? null : compileExpr(e.from, env),
        e.to === null ? null : compileExpr(e.to, env),
      );
    case 'Grep':
      return compileGrep(e.pattern, e.expr, env);
    case 'Glob':
      return makeRegexpSearch(regexpOrThrow(globToRegexp(e.pattern), e.loc), thisEval);
    case 'Regexp':
      return makeRegexpSearch(regexpOrThrow(e.pattern, e.loc), thisEval);
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
      if (hook === undefined) throw new UnsupportedExprError('lateral expressions need a query compiler', e.loc);
      return hook(e, env);
    }
    case 'FString':
      return compileFString(e, env);
    default: {
      const never: never = e;
      throw new CompileError(`invalid expression type ${(never as { kind: string }).kind}`, null);
    }
  }
}

/** The field path `e` denotes when it is `this`, a field, `a.b` or `a["b"]` with a constant string, else null. */
function thisPath(e: Expr, env: Env): string[] | null {
  switch (e.kind) {
    case 'ID':
      if (e.name === 'this') return [];
      return env.lookupLocal(e.name) === undefined && env.lookupConst(e.name) === undefined ? [e.name] : null;
    case 'BinaryExpr': {
      if (e.op !== '.' || e.rhs.kind !== 'ID') return null;
      const p = thisPath(e.lhs, env);
      if (p !== null) p.push(e.rhs.name);
      return p;
    }
    case 'IndexExpr': {
      const p = thisPath(e.expr, env);
      if (p === null) return null;
      const k = constValue(e.index, env);
      if (k === null || k.isError() || underlying(k.type) !== TypeString || k.bytes === null) return null;
      p.push(k.asString());
      return p;
    }
    default:
      return null;
  }
}

function regexpOrThrow(pattern: string, loc: Expr['loc']) {
  const re = compileRegexp(pattern);
  if (typeof re === 'string') throw new CompileError(re, loc);
  return re;
}

function compileTypeValue(e: TypeValue, env: Env): Evaluator {
  const t = e.value;
  // A bare type name nobody declared is looked up in the data at run time (Zed's semDynamicType).
  if (t.kind === 'TypeName' && env.lookupType(t.name) === undefined && env.ectx.zctx.lookupByName(t.name) === undefined) {
    return makeTypeName(env, t.name);
  }
  return constant(typeValue(env.ectx.zctx, compileType(t, env)));
}

function compileGrep(pattern: Expr, target: Expr | null, env: Env): Evaluator {
  const expr = target === null ? thisEval : compileExpr(target, env);
  if (pattern.kind === 'Regexp') return makeRegexpSearch(regexpOrThrow(pattern.pattern, pattern.loc), expr);
  if (pattern.kind === 'Glob') return makeRegexpSearch(regexpOrThrow(globToRegexp(pattern.pattern), pattern.loc), expr);
  const c = constValue(pattern, env);
  if (c !== null && !c.isError() && underlying(c.type) === TypeString && c.bytes !== null) {
    return makeStringTermSearch(c.asString(), expr);
  }
  return compileCall(
    {
      kind: 'Call',
      name: { kind: 'ID', name: 'grep', loc: pattern.loc },
      args: target === null ? [pattern, { kind: 'ID', name: 'this', loc: pattern.loc }] : [pattern, target],
      where: null,
      loc: pattern.loc,
    },
    env,
    compileExpr,
  );
}

const COMPARE_OPS = new Set<string>(['==', '!=', '<', '<=', '>', '>=']);

function compileBinary(e: BinaryExpr, env: Env): Evaluator {
  const ectx = env.ectx;
  switch (e.op) {
    case '.': {
      if (e.rhs.kind !== 'ID') throw new CompileError('RHS of dot operator is not an identifier', e.loc);
      return makeDot(ectx, compileExpr(e.lhs, env), e.rhs.name);
    }
    case '~': {
      if (e.rhs.kind !== 'Regexp') {
        throw new CompileError('right-hand side of ~ expression must be a regular expression', e.loc);
      }
      return makeRegexpMatch(regexpOrThrow(e.rhs.pattern, e.rhs.loc), compileExpr(e.lhs, env));
    }
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
      const op = makeArith(ectx, e.op as ArithOp);
      return (self) => {
        const a = lhs(self);
        if (a.isError()) return a;
        return op(a, rhs(self));
      };
    }
    default: {
      if (!COMPARE_OPS.has(e.op)) throw new CompileError(`invalid binary operator ${e.op}`, e.loc);
      const op = e.op as CompareOp;
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

function compileFString(f: FString, env: Env): Evaluator {
  const ectx = env.ectx;
  if (f.elems.length === 0) return constant(new Value(TypeString, new Uint8Array(0)));
  const toString = makePrimitiveCast(ectx, TypeString)!;
  const add = makeArith(ectx, '+');
  const parts: Evaluator[] = f.elems.map((el) => {
    if (el.kind === 'FStringText') return constant(primitiveValue({ kind: 'Primitive', type: 'string', text: el.text, loc: el.loc }, env));
    const inner = compileExpr(el.expr, env);
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
export function compileBool(e: Expr, env: Env): (self: Value) => boolean {
  const ev = compileExpr(e, env);
  return (self) => {
    const v = ev(self);
    return v === TRUE || (v !== FALSE && v.bytes !== null && underlying(v.type).id === TRUE.type.id && v.type.kind !== 'union' && v.asBool());
  };
}

/** A search expression (bare terms, globs, regexps, comparisons, and/or/not) as a predicate on `this`. */
export function compileSearch(e: Expr, env: Env): (self: Value) => boolean {
  return compileBool(e, env);
}
