import { describe, expect, test } from 'vitest';
import { TypeContext } from '../../zed/index.js';
import { formatValue, parseZsonValue } from '../../zson/index.js';
import { createEvalContext } from '../../runtime/index.js';
import type { ID } from '../ast/index.js';
import { parseExpr } from '../parser/index.js';
import { CompileError, StackOverflowError, compileExpr, defineType, newEnv, type Env } from './index.js';

const loc = { start: 0, end: 0 };

function setup(): Env {
  return newEnv(createEvalContext(new TypeContext()));
}

function func(env: Env, name: string, params: string[], body: string): void {
  env.defineFunc(name, params.map((p): ID => ({ kind: 'ID', name: p, loc })), parseExpr(body));
}

function run(env: Env, expr: string, ...inputs: string[]): string[] {
  const ev = compileExpr(parseExpr(expr), env);
  return inputs.map((i) => formatValue(ev(parseZsonValue(i, env.ectx.zctx))));
}

describe('built-in function calls', () => {
  test('plain calls and calls with an implicit this', () => {
    const env = setup();
    expect(run(env, 'lower(s)', '{s:"Bar"}')).toEqual(['"bar"']);
    expect(run(env, 'typeof(s)', '{s:"x"}')).toEqual(['<string>']);
    expect(run(env, 'is(<{x:int64}>)', '{x:1}', '{x:"a"}')).toEqual(['true', 'false']);
    expect(run(env, 'shape(this,<{s:string}>)', '{s:1}')).toEqual(['{s:"1"}']);
    expect(run(env, 'crop(<{a:int64}>)', '{a:1,b:2}')).toEqual(['{a:1}']);
    expect(run(env, 'missing(a[3])', '{a:[1,2]}')).toEqual(['true']);
  });
  test('primitive type names cast', () => {
    const env = setup();
    expect(run(env, 'int64(x)', '{x:"12"}', '{x:1.5}')).toEqual(['12', '1']);
    expect(run(env, 'string(b)', '{b:0x303132}')).toEqual(['"012"']);
    expect(() => run(env, 'int64(1,2)', '{}')).toThrow('too many arguments');
  });
  test('casts with <T>(e), named types and type names bound by the data', () => {
    const env = setup();
    expect(run(env, '<int64>(x)', '{x:"3"}')).toEqual(['3']);
    defineType(env, 'foo', { kind: 'TypeRecord', fields: [{ kind: 'TypeField', name: 'x', type: { kind: 'TypePrimitive', name: 'int64', loc }, loc }], loc }, loc);
    expect(run(env, 'cast(this, <foo>)', '{x:123}')).toEqual(['{x:123}(=foo)']);
    expect(run(env, 'cast(this, s)', '{s:"bar",x:2}')).toEqual(['{s:"bar",x:2}(=bar)']);
  });
  test('unknown functions and wrong argument counts are compile errors', () => {
    const env = setup();
    expect(() => run(env, 'nosuch(1)', '{}')).toThrow(CompileError);
    expect(() => run(env, 'nosuch(1)', '{}')).toThrow('no such function');
    expect(() => run(env, 'lower()', '{}')).toThrow('too few arguments');
    expect(() => run(env, 'lower(a) where a', '{}')).toThrow(CompileError);
  });
  test('map applies a named function to each element', () => {
    const env = setup();
    expect(run(env, 'map(a, upper)', '{a:["a","b"]}')).toEqual(['["A","B"]']);
    func(env, 'inc', ['x'], 'x+1');
    expect(run(env, 'map(a, inc)', '{a:[1,2]}')).toEqual(['[2,3]']);
    expect(() => run(env, 'map(a, "upper")', '{}')).toThrow('second argument must be the identifier of a function');
  });
});

describe('user functions', () => {
  test('parameters bind as locals; the body sees this as null', () => {
    const env = setup();
    func(env, 'add', ['a', 'b'], 'a+b');
    func(env, 'field', [], 'x');
    func(env, 'hello', [], '"hello"');
    expect(run(env, 'add(x, 10)', '{x:1}')).toEqual(['11']);
    expect(run(env, 'field()', '{x:1}')).toEqual(['error("missing")']);
    expect(run(env, 'hello()', 'null')).toEqual(['"hello"']);
    expect(() => run(env, 'add(1)', '{}')).toThrow('call expects 2 argument(s)');
  });
  test('recursion and mutual recursion', () => {
    const env = setup();
    func(env, 'fib', ['n'], 'n <= 1 ? n : fib(n-1) + fib(n-2)');
    expect(run(env, 'fib(this)', '3', '10')).toEqual(['2', '55']);
    func(env, 'is_even', ['n'], 'n == 0 ? true : is_odd(n-1)');
    func(env, 'is_odd', ['n'], 'n == 0 ? false : is_even(n-1)');
    expect(run(env, '[is_even(this), is_odd(this)]', '10', '11')).toEqual(['[true,false]', '[false,true]']);
    expect(run(env, 'fib(fib(5))', 'null')).toEqual(['5']);
  });
  test('infinite recursion fails with "stack overflow"', () => {
    const env = setup();
    func(env, 'overflow', ['n'], 'overflow(n+1)');
    const ev = compileExpr(parseExpr('overflow(this)'), env);
    const three = parseZsonValue('3', env.ectx.zctx);
    expect(() => ev(three)).toThrow(StackOverflowError);
    expect(() => ev(three)).toThrow('stack overflow');
    // The frame is usable again afterwards.
    func(env, 'one', [], '1');
    expect(run(env, 'one()', 'null')).toEqual(['1']);
  });
  test('a user function shadows a built-in of the same name', () => {
    const env = setup();
    func(env, 'lower', ['s'], '"shadowed"');
    expect(run(env, 'lower("A")', 'null')).toEqual(['"shadowed"']);
  });
});

describe('streaming aggregates', () => {
  test('an aggregate in an expression keeps state across values', () => {
    const env = setup();
    expect(run(env, 'count()', '1', '2', '3')).toEqual(['1(uint64)', '2(uint64)', '3(uint64)']);
    expect(run(env, 'sum(x)', '{x:1}', '{}', '{x:5}')).toEqual(['1', '1', '6']);
    expect(run(env, 'count() where x > 1', '{x:1}', '{x:2}', '{x:3}')).toEqual(['0(uint64)', '1(uint64)', '2(uint64)']);
  });
  test('each call site of a stateful user function has its own state', () => {
    const env = setup();
    func(env, 'c1', [], 'count()');
    func(env, 'c2', [], 'c1()+c1()');
    expect(run(env, '[c2(),c2(),c2()]', 'null')).toEqual(['[2(uint64),2(uint64),2(uint64)]']);
  });
  test('resetters restart streaming state', () => {
    const env = setup();
    const ev = compileExpr(parseExpr('count()'), env);
    const v = parseZsonValue('1', env.ectx.zctx);
    ev(v);
    ev(v);
    for (const r of env.resetters) r();
    expect(formatValue(ev(v))).toBe('1(uint64)');
  });
  test('min and max with several arguments are functions', () => {
    const env = setup();
    expect(run(env, 'max(1, x, 3)', '{x:7}')).toEqual(['7']);
    expect(run(env, 'max(x)', '{x:7}', '{x:2}')).toEqual(['7', '7']);
  });
});
