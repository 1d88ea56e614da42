import { describe, expect, it } from 'vitest';
import { TypeBool, TypeString, Value, compareValues, newBool, newInt64, newString } from '../../zed/index.js';
import { assertOp } from './assert.js';
import { explodeOp } from './explode.js';
import { filterOp } from './filter.js';
import { headOp } from './head.js';
import { passOp } from './pass.js';
import { tailOp } from './tail.js';
import { batches, collect, endless, testContext } from './testing.js';
import { uniqOp } from './uniq.js';
import { yieldOp } from './yield.js';
import { isMissing } from './values.js';
import type { Evaluator } from './types.js';

const gt =
  (e: Evaluator, n: number): Evaluator =>
  (v) => {
    const x = e(v);
    if (x.isError()) return x;
    return newBool(compareValues(x, newInt64(n)) > 0);
  };

describe('head', () => {
  it('head keeps the first n values across batches', async () => {
    const t = testContext();
    expect(await collect(headOp(t, t.stream('1 "foo" [1,2,3] 4 5'), 2))).toEqual(['1', '"foo"']);
    expect(await collect(headOp(t, t.stream('1 2 3'), 3))).toEqual(['1', '2', '3']);
    expect(await collect(headOp(t, t.stream('1 2 3'), 10))).toEqual(['1', '2', '3']);
    expect(await collect(headOp(t, t.stream(''), 1))).toEqual([]);
  });

  it('head after an endless source stops it and runs its finally block', async () => {
    const t = testContext();
    const state = { closed: 0, pulled: 0 };
    expect(await collect(headOp(t, endless(newInt64(7), state), 5))).toEqual(['7', '7', '7', '7', '7']);
    expect(state.closed).toBe(1);
    expect(state.pulled).toBe(2);
  });

  it('head closes upstream before handing on its last batch', async () => {
    const t = testContext();
    const state = { closed: 0, pulled: 0 };
    const it = headOp(t, endless(newInt64(1), state), 2)[Symbol.asyncIterator]();
    const first = await it.next();
    expect(first.value).toHaveLength(2);
    expect(state.closed).toBe(1);
    expect((await it.next()).done).toBe(true);
  });

  it('head 0 pulls nothing', async () => {
    const t = testContext();
    const state = { closed: 0, pulled: 0 };
    expect(await collect(headOp(t, endless(newInt64(1), state), 0))).toEqual([]);
    expect(state.pulled).toBe(0);
  });
});

describe('tail', () => {
  it('tail keeps the last n values', async () => {
    const t = testContext();
    expect(await collect(tailOp(t, t.stream('1 "foo" [1,2,3]'), 2))).toEqual(['"foo"', '[1,2,3]']);
    expect(await collect(tailOp(t, t.stream('{x:"first"}'), 2))).toEqual(['{x:"first"}']);
    expect(await collect(tailOp(t, t.stream('1 2 3 4 5 6 7', 3), 4))).toEqual(['4', '5', '6', '7']);
    expect(await collect(tailOp(t, t.stream(''), 4))).toEqual([]);
  });
});

describe('pass and yield', () => {
  it('pass copies', async () => {
    const t = testContext();
    expect(await collect(passOp(t, t.stream('1 2 3')))).toEqual(['1', '2', '3']);
  });

  it('yield evaluates each expression per value and drops quiet', async () => {
    const t = testContext();
    const a = t.field('a');
    const c = (): Value => newInt64(123);
    expect(await collect(yieldOp(t, t.stream('{a:1} {b:1} {a:[3,2,1,0]}'), [a, c]))).toEqual([
      '1',
      '123',
      'error("missing")',
      '123',
      '[3,2,1,0]',
      '123',
    ]);
    const quiet: Evaluator = (v) => {
      const x = a(v);
      return isMissing(x) ? t.errs.quiet() : x;
    };
    expect(await collect(yieldOp(t, t.stream('{a:1} {b:1} {a:[3,2,1,0]}'), [quiet]))).toEqual(['1', '[3,2,1,0]']);
  });
});

describe('where', () => {
  it('where keeps true values and drops false, null and missing', async () => {
    const t = testContext();
    const pred = gt(t.field(''), 1);
    expect(await collect(filterOp(t, t.stream('1 2 3'), pred))).toEqual(['2', '3']);
    const nullBool: Evaluator = () => new Value(TypeBool, null);
    expect(await collect(filterOp(t, t.stream('1 2'), nullBool))).toEqual([]);
    expect(await collect(filterOp(t, t.stream('{a:1} {a:5} {b:9}'), gt(t.field('a'), 2)))).toEqual(['{a:5}']);
  });

  it('where passes errors and wraps non-Boolean results', async () => {
    const t = testContext();
    const e: Evaluator = (v) => (compareValues(v, newInt64(2)) === 0 ? t.errs.message('boom') : v);
    expect(await collect(filterOp(t, t.stream('1 2'), e))).toEqual([
      'error({message:"not type bool",on:1})',
      'error("boom")',
    ]);
  });

  it('where hands on a batch that passes whole unchanged', async () => {
    const t = testContext();
    const input = t.values('1 2');
    for await (const b of filterOp(t, batches(input, 2), () => newBool(true))) expect(b).toEqual(input);
  });
});

describe('assert', () => {
  it('assert passes true values and wraps the others', async () => {
    const t = testContext();
    const out = await collect(assertOp(t, t.stream('{a:1} {a:-1} {b:1}'), gt(t.field('a'), 0), 'a > 0'));
    expect(out).toEqual([
      '{a:1}',
      'error({message:"assertion failed",expr:"a > 0",on:{a:-1}})',
      'error({message:"?-operator: bool predicate required",on:error("missing")})',
    ]);
  });
});

describe('uniq', () => {
  it('uniq drops adjacent duplicates', async () => {
    const t = testContext();
    expect(await collect(uniqOp(t, t.stream('1 2 2 3 2'), false))).toEqual(['1', '2', '3', '2']);
    expect(await collect(uniqOp(t, t.stream(''), false))).toEqual([]);
  });

  it('uniq -c counts runs across batches', async () => {
    const t = testContext();
    expect(await collect(uniqOp(t, t.stream('1 1 {x:1}'), true))).toEqual([
      '{value:1,count:2(uint64)}',
      '{value:{x:1},count:1(uint64)}',
    ]);
    expect(await collect(uniqOp(t, t.stream('1 2 2 3', 1), true))).toEqual([
      '{value:1,count:1(uint64)}',
      '{value:2,count:2(uint64)}',
      '{value:3,count:1(uint64)}',
    ]);
  });

  it('uniq compares bytes only, as Zed does', async () => {
    const t = testContext();
    expect(await collect(uniqOp(t, t.stream('1 1(int32) null ""'), false))).toEqual(['1', 'null']);
  });
});

describe('explode', () => {
  it('explode finds values of a type inside each argument', async () => {
    const t = testContext();
    const input = '{a:1,b:[10,11],c:["a","b"]} {a:22,b:[33],c:["e","f"],d:0}';
    const i64 = t.v('0').type;
    expect(await collect(explodeOp(t, t.stream(input), [t.field('a'), t.field('b')], i64))).toEqual([
      '{value:1}',
      '{value:10}',
      '{value:11}',
      '{value:22}',
      '{value:33}',
    ]);
    expect(await collect(explodeOp(t, t.stream(input), [t.field('')], i64, 'foo'))).toEqual([
      '{foo:1}',
      '{foo:10}',
      '{foo:11}',
      '{foo:22}',
      '{foo:33}',
      '{foo:0}',
    ]);
  });

  it('explode walks maps, sets and unions, skips missing and passes errors', async () => {
    const t = testContext();
    const e = await collect(
      explodeOp(t, t.stream('{m:|{"a":"x"}|,s:|["y"]|,u:"z"((int64,string))} {q:1}'), [t.field('m'), t.field('s'), t.field('u'), () => t.errs.message('bad')], TypeString),
    );
    expect(e).toEqual(['{value:"a"}', '{value:"x"}', '{value:"y"}', '{value:"z"}', 'error("bad")', 'error("bad")']);
    expect(newString('a').type).toBe(TypeString);
  });
});
