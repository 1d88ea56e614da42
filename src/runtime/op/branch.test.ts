import { describe, expect, it } from 'vitest';
import { type Value, compareValues, newBool, newInt64, newString } from '../../zed/index.js';
import { combineOp } from './combine.js';
import { exprSwitchOp } from './expr-switch.js';
import { forkOp } from './fork.js';
import { headOp } from './head.js';
import { mergeOp } from './merge.js';
import { sortOp } from './sort.js';
import { switchOp } from './switch.js';
import { tailOp } from './tail.js';
import { batches, collect, endless, testContext, type TestContext } from './testing.js';
import type { Evaluator, PipelineFn, Stream } from './types.js';
import { yieldOp } from './yield.js';

const id: PipelineFn = (s) => s;
const sorted = (t: TestContext, s: Stream) => collect(sortOp(t, s, [{ expr: t.field(''), order: 'asc' }]));
const cmpEq =
  (e: Evaluator, n: number): Evaluator =>
  (v) => {
    const x = e(v);
    return x.isError() ? x : newBool(compareValues(x, newInt64(n)) === 0);
  };

describe('fork and combine', () => {
  it('fork copies to each branch and combine merges them', async () => {
    const t = testContext();
    const exits = forkOp(t, t.stream('1 2'), [id, id]);
    expect(await sorted(t, combineOp(t, exits))).toEqual(['1', '1', '2', '2']);
  });

  it('fork branches run their own pipelines', async () => {
    const t = testContext();
    const upper: PipelineFn = (s) => yieldOp(t, s, [() => newString('U')]);
    const exits = forkOp(t, t.stream('1 2 3'), [id, upper, (s) => headOp(t, s, 1)]);
    expect(await sorted(t, combineOp(t, exits))).toEqual(['1', '1', '2', '3', '"U"', '"U"', '"U"']);
  });

  it('head after a fork of heads stops everything upstream', async () => {
    const t = testContext();
    const state = { closed: 0, pulled: 0 };
    const exits = forkOp(t, endless(newInt64(1), state), [(s) => headOp(t, s, 1), (s) => headOp(t, s, 2)]);
    expect(await collect(headOp(t, combineOp(t, exits), 1))).toEqual(['1']);
    expect(state.closed).toBe(1);
  });

  it('fork exits read one after the other see all values', async () => {
    const t = testContext();
    const [a, b] = forkOp(t, t.stream('1 2 3 4 5'), [id, id]);
    expect(await collect(a!)).toEqual(['1', '2', '3', '4', '5']);
    expect(await collect(b!)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('fork closes upstream only when every exit is closed', async () => {
    const t = testContext();
    const state = { closed: 0, pulled: 0 };
    const [a, b] = forkOp(t, endless(newInt64(1), state), [id, id]);
    expect(await collect(headOp(t, a!, 4))).toHaveLength(4);
    expect(state.closed).toBe(0);
    expect(await collect(headOp(t, b!, 2))).toHaveLength(2);
    expect(state.closed).toBe(1);
  });

  it('upstream errors reach every exit', async () => {
    const t = testContext();
    const bad = (async function* () {
      yield [newInt64(1)];
      throw new Error('boom');
    })();
    const [a, b] = forkOp(t, bad, [id, id]);
    await expect(collect(a!)).rejects.toThrow('boom');
    await expect(collect(b!)).rejects.toThrow('boom');
  });

  it('combine of no inputs, and errors propagate', async () => {
    const t = testContext();
    expect(await collect(combineOp(t, []))).toEqual([]);
    const bad = (async function* () {
      yield [newInt64(1)];
      throw new Error('boom');
    })();
    await expect(collect(combineOp(t, [t.stream('1'), bad]))).rejects.toThrow('boom');
  });
});

describe('switch', () => {
  it('switch routes each value to its first true case, default last', async () => {
    const t = testContext();
    const a = t.field('a');
    const tag = (name: string): PipelineFn => (s) => yieldOp(t, s, [(v) => newString(`${name}:${t.field('s')(v).asString()}`)]);
    const outs = switchOp(t, t.stream('{a:1,s:"a"} {a:2,s:"B"} {a:3,s:"c"} {a:4,s:"c"} {b:1,s:"m"}'), [
      { expr: null, branch: tag('default') },
      { expr: cmpEq(a, 2), branch: tag('two') },
      { expr: cmpEq(a, 1), branch: tag('one') },
      { expr: () => newBool(false), branch: tag('never') },
    ]);
    expect(await sorted(t, combineOp(t, outs))).toEqual(['"default:c"', '"default:c"', '"default:m"', '"one:a"', '"two:B"']);
  });

  it('switch sends error results to the case and tries the next one', async () => {
    const t = testContext();
    const a = t.field('a');
    const outs = switchOp(t, t.stream('{a:1,s:"a"} {a:2,s:"b"}'), [
      { expr: cmpEq(a, 1), branch: id },
      { expr: () => t.errs.message('divide by zero'), branch: id },
    ]);
    expect(await sorted(t, combineOp(t, outs))).toEqual(['{a:1,s:"a"}', 'error("divide by zero")']);
  });

  it('switch on an expression value with head and tail branches', async () => {
    const t = testContext();
    const input = '{a:1,b:1} {a:2,b:2} {a:3,b:3} {a:1,b:4} {a:2,b:5} {a:3,b:6} {a:1,b:7} {a:2,b:8} {a:3,b:9}';
    const outs = exprSwitchOp(t, t.stream(input), t.field('a'), [
      { value: newInt64(1), branch: (s) => headOp(t, s, 1) },
      { value: newInt64(2), branch: (s) => tailOp(t, s, 1) },
      { value: null, branch: id },
    ]);
    const out = await collect(sortOp(t, combineOp(t, outs), [{ expr: t.field('b'), order: 'asc' }]));
    expect(out).toEqual(['{a:1,b:1}', '{a:3,b:3}', '{a:3,b:6}', '{a:2,b:8}', '{a:3,b:9}']);
  });

  it('switch on a value drops missing and unmatched values without a default', async () => {
    const t = testContext();
    const outs = exprSwitchOp(t, t.stream('{a:1} {b:2} {a:5}'), t.field('a'), [{ value: newInt64(1), branch: id }]);
    expect(await collect(combineOp(t, outs))).toEqual(['{a:1}']);
  });

  it('switch cases match by bytes, as in Zed', async () => {
    const t = testContext();
    const outs = exprSwitchOp(t, t.stream('"" null 1(int32)'), t.field(''), [
      { value: newString(''), branch: id },
      { value: newInt64(1), branch: (s) => yieldOp(t, s, [() => newString('one')]) },
    ]);
    expect(await sorted(t, combineOp(t, outs))).toEqual(['""', '"one"', 'null']);
  });
});

describe('merge', () => {
  it('merge interleaves sorted inputs', async () => {
    const t = testContext();
    const out = await collect(mergeOp(t, [t.stream('{x:1} {x:2} {x:5}'), t.stream('{x:3} {x:4} {x:6}', 1)], t.field('x')));
    expect(out).toEqual(['{x:1}', '{x:2}', '{x:3}', '{x:4}', '{x:5}', '{x:6}']);
    const exits = forkOp(t, t.stream('1 2'), [id, id]);
    expect(await collect(mergeOp(t, exits, t.field('')))).toEqual(['1', '1', '2', '2']);
  });

  it('merge with nulls and missing last, ties to the first input', async () => {
    const t = testContext();
    const out = await collect(
      mergeOp(t, [t.stream('{x:3,i:0} {x:5,i:0} {y:1,i:0}'), t.stream('{x:4,i:1} {x:5,i:1} {x:null(int64),i:1}'), t.stream('')], t.field('x')),
    );
    expect(out).toEqual(['{x:3,i:0}', '{x:4,i:1}', '{x:5,i:0}', '{x:5,i:1}', '{y:1,i:0}', '{x:null(int64),i:1}']);
  });

  it("merge descending puts nulls first, as Zed's comparator does", async () => {
    const t = testContext();
    const out = await collect(mergeOp(t, [t.stream('{x:null(int64)} {x:5} {x:3}'), t.stream('{x:4} {x:1}', 1)], t.field('x'), 'desc'));
    expect(out).toEqual(['{x:null(int64)}', '{x:5}', '{x:4}', '{x:3}', '{x:1}']);
  });

  it('merge of many batches keeps order', async () => {
    const t = testContext();
    const mk = (start: number) => {
      const vals: Value[] = [];
      for (let i = start; i < 1000; i += 3) vals.push(newInt64(i));
      return batches(vals, 7);
    };
    const out = await collect(mergeOp(t, [mk(0), mk(1), mk(2)], t.field('')));
    expect(out).toEqual(Array.from({ length: 1000 }, (_, i) => String(i)));
  });

  it('merge stops its inputs when stopped early', async () => {
    const t = testContext();
    const state = { closed: 0, pulled: 0 };
    expect(await collect(headOp(t, mergeOp(t, [endless(newInt64(1), state), t.stream('2 3')], t.field('')), 4))).toEqual(['1', '1', '1', '1']);
    expect(state.closed).toBe(1);
  });
});
