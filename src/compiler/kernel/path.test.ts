import { describe, expect, test } from 'vitest';
import { TypeContext, newString } from '../../zed/index.js';
import { formatValue, parseZsonValue } from '../../zson/index.js';
import { createEvalContext } from '../../runtime/index.js';
import type { OverExpr } from '../ast/index.js';
import { parseExpr } from '../parser/index.js';
import {
  CompileError,
  UnsupportedExprError,
  compileAssignmentLval,
  compileExpr,
  compileLval,
  compileType,
  defineConst,
  newEnv,
  type Env,
} from './index.js';

const loc = { start: 0, end: 0 };

function setup(): Env {
  return newEnv(createEvalContext(new TypeContext()));
}

describe('compileLval', () => {
  test('dotted paths, this-rooted paths and constant string indexes', () => {
    const env = setup();
    expect(compileLval(parseExpr('a.b.c'), env)).toEqual(['a', 'b', 'c']);
    expect(compileLval(parseExpr('this.a'), env)).toEqual(['a']);
    expect(compileLval(parseExpr('this'), env)).toEqual([]);
    expect(compileLval(parseExpr('this["x.y"]'), env)).toEqual(['x.y']);
    env.consts.set('k', newString('y'));
    expect(compileLval(parseExpr('this[k]'), env)).toEqual(['y']);
    expect(compileLval(parseExpr('a["b"].c'), env)).toEqual(['a', 'b', 'c']);
  });
  test('invalid targets fail with Zed texts', () => {
    const env = setup();
    expect(() => compileAssignmentLval(parseExpr('this'), env)).toThrow("cannot assign to 'this'");
    expect(() => compileLval(parseExpr('a+1'), env)).toThrow('illegal left-hand side of assignment');
    expect(() => compileLval(parseExpr('a[b]'), env)).toThrow(UnsupportedExprError);
  });
});

describe('Env scopes', () => {
  test('consts, locals and fields resolve in that order of nearness', () => {
    const env = setup();
    defineConst(env, 'c', parseExpr('1+2'), loc);
    const inner = env.child();
    const slot = inner.defineLocal('x');
    inner.frame.vars[slot] = parseZsonValue('"local"', env.ectx.zctx);
    const ev = compileExpr(parseExpr('[c, x, y]'), inner);
    expect(formatValue(ev(parseZsonValue('{x:"field",y:"y"}', env.ectx.zctx)))).toBe('[3,"local","y"]');
    expect(formatValue(compileExpr(parseExpr('x'), env)(parseZsonValue('{x:1}', env.ectx.zctx)))).toBe('1');
  });
  test('nested scopes shadow consts', () => {
    const env = setup();
    defineConst(env, 'a', parseExpr('1'), loc);
    const inner = env.child();
    defineConst(inner, 'a', parseExpr('10'), loc);
    expect(formatValue(compileExpr(parseExpr('[a]'), inner)(parseZsonValue('{}', env.ectx.zctx)))).toBe('[10]');
    expect(formatValue(compileExpr(parseExpr('[a]'), env)(parseZsonValue('{}', env.ectx.zctx)))).toBe('[1]');
  });
  test('a const that reads input is refused', () => {
    const env = setup();
    expect(() => defineConst(env, 't', parseExpr('a'), loc)).toThrow(/const .* cannot have variable dependency/);
  });
  test('consts fold into comparisons and type checks', () => {
    const env = setup();
    defineConst(env, 'THREE', parseExpr('3'), loc);
    defineConst(env, 't', parseExpr('<{a:string}>'), loc);
    const z = env.ectx.zctx;
    expect(formatValue(compileExpr(parseExpr('x == THREE'), env)(parseZsonValue('{x:3}', z)))).toBe('true');
    expect(formatValue(compileExpr(parseExpr('is(t)'), env)(parseZsonValue('{a:"s"}', z)))).toBe('true');
  });
  test('lateral expressions go through the hook, or are unsupported', () => {
    const env = setup();
    const over: OverExpr = { kind: 'OverExpr', exprs: [], locals: [], body: [], loc };
    expect(() => compileExpr(over, env)).toThrow(UnsupportedExprError);
    const seen: OverExpr[] = [];
    env.compileLateral = (node) => {
      seen.push(node);
      return (self) => self;
    };
    compileExpr(over, env.child());
    expect(seen).toEqual([over]);
  });
});

describe('compileType', () => {
  test('every type form', () => {
    const env = setup();
    const t = compileType(
      {
        kind: 'TypeRecord',
        fields: [
          { kind: 'TypeField', name: 'a', type: { kind: 'TypeArray', type: { kind: 'TypePrimitive', name: 'ip', loc }, loc }, loc },
          { kind: 'TypeField', name: 'b', type: { kind: 'TypeSet', type: { kind: 'TypePrimitive', name: 'string', loc }, loc }, loc },
          {
            kind: 'TypeField',
            name: 'c',
            type: { kind: 'TypeMap', keyType: { kind: 'TypePrimitive', name: 'string', loc }, valType: { kind: 'TypePrimitive', name: 'int64', loc }, loc },
            loc,
          },
          {
            kind: 'TypeField',
            name: 'd',
            type: { kind: 'TypeUnion', types: [{ kind: 'TypePrimitive', name: 'string', loc }, { kind: 'TypePrimitive', name: 'int64', loc }], loc },
            loc,
          },
          { kind: 'TypeField', name: 'e', type: { kind: 'TypeError', type: { kind: 'TypePrimitive', name: 'string', loc }, loc }, loc },
          { kind: 'TypeField', name: 'f', type: { kind: 'TypeDef', name: 'port', type: { kind: 'TypePrimitive', name: 'uint16', loc }, loc }, loc },
          { kind: 'TypeField', name: 'g', type: { kind: 'TypeName', name: 'port', loc }, loc },
        ],
        loc,
      },
      env,
    );
    const z = env.ectx.zctx;
    expect(formatValue(compileExpr(parseExpr('typeof(this)'), env)(parseZsonValue('1', z)))).toBe('<int64>');
    expect(t.kind).toBe('record');
    expect(formatValue(compileExpr({ kind: 'TypeValue', value: { kind: 'TypeName', name: 'port', loc }, loc }, env)(parseZsonValue('1', z)))).toBe(
      '<port=uint16>',
    );
  });
  test('unknown names and duplicate fields are compile errors', () => {
    const env = setup();
    expect(() => compileType({ kind: 'TypeName', name: 'nope', loc }, env)).toThrow(CompileError);
    const dup = {
      kind: 'TypeRecord',
      fields: [
        { kind: 'TypeField', name: 'a', type: { kind: 'TypePrimitive', name: 'int64', loc }, loc },
        { kind: 'TypeField', name: 'a', type: { kind: 'TypePrimitive', name: 'int64', loc }, loc },
      ],
      loc,
    } as const;
    expect(() => compileType(dup, env)).toThrow('duplicate field: "a"');
  });
});
