// Calls from text through the semantic pass and the kernel: built-ins,
// casts, map(), user functions and streaming aggregates.
import { describe, expect, test } from 'vitest';
import { formatValue } from '../../zson/index.js';
import { CompileError, StackOverflowError } from '../errors.js';
import { compileExprText } from '../testing.js';

/** Evaluates `expr`, after declarations `prelude`, over each ZSON input. */
function run(prelude: string, expr: string, ...inputs: string[]): string[] {
  return compileExprText(expr, prelude).run(...inputs);
}

describe('built-in function calls', () => {
  test('plain calls and calls with an implicit this', () => {
    const p = '';
    expect(run(p, 'lower(s)', '{s:"Bar"}')).toEqual(['"bar"']);
    expect(run(p, 'typeof(s)', '{s:"x"}')).toEqual(['<string>']);
    expect(run(p, 'is(<{x:int64}>)', '{x:1}', '{x:"a"}')).toEqual(['true', 'false']);
    expect(run(p, 'shape(this,<{s:string}>)', '{s:1}')).toEqual(['{s:"1"}']);
    expect(run(p, 'crop(<{a:int64}>)', '{a:1,b:2}')).toEqual(['{a:1}']);
    expect(run(p, 'missing(a[3])', '{a:[1,2]}')).toEqual(['true']);
  });
  test('the implied this argument is explicit in the plan', () => {
    expect(compileExprText('is(<int64>)').plan).toEqual({
      kind: 'Call',
      name: 'is',
      args: [{ kind: 'This', path: [] }, { kind: 'Literal', value: '<int64>' }],
    });
  });
  test('primitive type names cast', () => {
    expect(run('', 'int64(x)', '{x:"12"}', '{x:1.5}')).toEqual(['12', '1']);
    expect(run('', 'string(b)', '{b:0x303132}')).toEqual(['"012"']);
    expect(() => run('', 'int64(1,2)', '{}')).toThrow('too many arguments');
  });
  test('casts with <T>(e), named types and type names bound by the data', () => {
    expect(run('', '<int64>(x)', '{x:"3"}')).toEqual(['3']);
    expect(run('type foo = {x:int64}', 'cast(this, <foo>)', '{x:123}')).toEqual(['{x:123}(=foo)']);
    expect(run('', 'cast(this, s)', '{s:"bar",x:2}')).toEqual(['{s:"bar",x:2}(=bar)']);
  });
  test('unknown functions and wrong argument counts are compile errors', () => {
    expect(() => run('', 'nosuch(1)', '{}')).toThrow(CompileError);
    expect(() => run('', 'nosuch(1)', '{}')).toThrow('nosuch(): no such function');
    expect(() => run('', 'lower()', '{}')).toThrow('too few arguments');
    expect(() => run('', 'lower(a) where a', '{}')).toThrow(CompileError);
  });
  test('map applies a named function to each element', () => {
    expect(run('', 'map(a, upper)', '{a:["a","b"]}')).toEqual(['["A","B"]']);
    expect(run('func inc(x): (x+1)', 'map(a, inc)', '{a:[1,2]}')).toEqual(['[2,3]']);
    expect(() => run('', 'map(a, "upper")', '{}')).toThrow('second argument must be the identifier of a function');
  });
});

describe('user functions', () => {
  test('parameters bind as locals; the body sees this as null', () => {
    const p = 'func add(a, b): (a+b)\nfunc field(): (x)\nfunc hello(): ("hello")';
    expect(run(p, 'add(x, 10)', '{x:1}')).toEqual(['11']);
    expect(run(p, 'field()', '{x:1}')).toEqual(['error("missing")']);
    expect(run(p, 'hello()', 'null')).toEqual(['"hello"']);
    expect(() => run(p, 'add(1)', '{}')).toThrow('call expects 2 argument(s)');
  });
  test('a call names the function by id and its body is in the plan once', () => {
    const c = compileExprText('[add(1,2), add(3,4)]', 'func add(a, b): (a+b)');
    expect(c.plan).toMatchObject({ kind: 'ArrayExpr', elems: [{ expr: { kind: 'UdfCall', name: 'add', id: 0 } }, { expr: { kind: 'UdfCall', id: 0 } }] });
    const f = c.env.funcs.get(0)!;
    expect(f.params).toEqual(['a', 'b']);
    expect(f.expr).toEqual({ kind: 'BinaryExpr', op: '+', lhs: { kind: 'Var', name: 'a', slot: f.slots[0] }, rhs: { kind: 'Var', name: 'b', slot: f.slots[1] } });
  });
  test('a function never called is not analyzed', () => {
    expect(run('func broken(): (nosuch(1))', '1', 'null')).toEqual(['1']);
  });
  test('recursion and mutual recursion', () => {
    expect(run('func fib(n): (n <= 1 ? n : fib(n-1) + fib(n-2))', 'fib(this)', '3', '10')).toEqual(['2', '55']);
    const p = 'func is_even(n): (n == 0 ? true : is_odd(n-1))\nfunc is_odd(n): (n == 0 ? false : is_even(n-1))';
    expect(run(p, '[is_even(this), is_odd(this)]', '10', '11')).toEqual(['[true,false]', '[false,true]']);
    expect(run('func fib(n): (n <= 1 ? n : fib(n-1) + fib(n-2))', 'fib(fib(5))', 'null')).toEqual(['5']);
  });
  test('infinite recursion fails with "stack overflow"', () => {
    const c = compileExprText('overflow(this)', 'func overflow(n): (overflow(n+1))');
    const three = c.value('3');
    expect(() => c.ev(three)).toThrow(StackOverflowError);
    expect(() => c.ev(three)).toThrow('stack overflow');
  });
  test('a user function shadows a built-in of the same name', () => {
    expect(run('func lower(s): ("shadowed")', 'lower("A")', 'null')).toEqual(['"shadowed"']);
  });
});

describe('streaming aggregates', () => {
  test('an aggregate in an expression keeps state across values', () => {
    expect(run('', 'count()', '1', '2', '3')).toEqual(['1(uint64)', '2(uint64)', '3(uint64)']);
    expect(run('', 'sum(x)', '{x:1}', '{}', '{x:5}')).toEqual(['1', '1', '6']);
    expect(run('', 'count() where x > 1', '{x:1}', '{x:2}', '{x:3}')).toEqual(['0(uint64)', '1(uint64)', '2(uint64)']);
  });
  test('each call site of a stateful user function has its own state', () => {
    expect(run('func c1(): (count())\nfunc c2(): (c1()+c1())', '[c2(),c2(),c2()]', 'null')).toEqual([
      '[2(uint64),2(uint64),2(uint64)]',
    ]);
  });
  test('resetters restart streaming state', () => {
    const c = compileExprText('count()');
    const v = c.value('1');
    c.ev(v);
    c.ev(v);
    for (const r of c.env.resetters) r();
    expect(formatValue(c.ev(v))).toBe('1(uint64)');
  });
  test('min and max with several arguments are functions', () => {
    expect(run('', 'max(1, x, 3)', '{x:7}')).toEqual(['7']);
    expect(run('', 'max(x)', '{x:7}', '{x:2}')).toEqual(['7', '7']);
  });
});
