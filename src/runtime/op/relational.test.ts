import { describe, expect, it } from 'vitest';
import { type Value, compareValues, newBool, newInt64 } from '../../zed/index.js';
import { MemorySpillStore, lookupAggregate } from '../agg/index.js';
import { filterOp } from './filter.js';
import { forkOp } from './fork.js';
import { headOp } from './head.js';
import { joinOp, type JoinStyle } from './join.js';
import { overOp } from './over.js';
import { sampleOp } from './sample.js';
import { sortOp } from './sort.js';
import { summarizeOp, type SummarizeAgg } from './summarize.js';
import { tailOp } from './tail.js';
import { batches, collect, constant, quiet, testContext, type TestContext } from './testing.js';
import type { Evaluator, LateralFn, PipelineFn } from './types.js';
import { yieldOp } from './yield.js';

const agg = (name: string, path: string[], arg: Evaluator | null, where: Evaluator | null = null): SummarizeAgg => ({
  path,
  def: lookupAggregate(name)!,
  arg,
  where,
});
const sortThis = (t: TestContext) => (s: AsyncIterable<Value[]>) => sortOp(t, s, [{ expr: t.field(''), order: 'asc' }]);

describe('join', () => {
  const A = '{a:10,sa:"a0"} {a:15,sa:"a8"} {a:20,sa:"a1"} {a:25,sa:"a7"} {a:30,sa:"a2"} {a:35,sa:"a6"} {a:40,sa:"a3"} {a:45,sa:"a5"} {a:50,sa:"a4"} {anti_a:"no"}';
  const B = '{b:20,sb:"b20.1"} {b:20,sb:"b20.2"} {b:40,sb:"b40"} {b:40,sb:"b40.2"} {b:60,sb:"b60"}';
  const C = '{c:15,sc:"c8"} {c:20,sc:"c1"} {c:25,sc:"c7"} {c:30,sc:"c2"} {c:35,sc:"c6"} {c:40,sc:"c3"}';
  const j = (t: TestContext, style: JoinStyle, left: string, right: string, lk: string, rk: string, hit = true) =>
    collect(
      joinOp(t, t.stream(left), t.stream(right), {
        style,
        leftKey: t.field(lk),
        rightKey: t.field(rk),
        assignments: hit ? [{ lhs: ['hit'], rhs: t.field(style === 'right' ? 'sb' : 'sb') }] : [],
      }),
    );

  it('join kinds: anti, left, inner, right', async () => {
    const t = testContext();
    expect(await j(t, 'anti', A, B, 'a', 'b', false)).toEqual([
      '{a:10,sa:"a0"}', '{a:15,sa:"a8"}', '{a:25,sa:"a7"}', '{a:30,sa:"a2"}', '{a:35,sa:"a6"}', '{a:45,sa:"a5"}', '{a:50,sa:"a4"}',
    ]);
    expect(await j(t, 'left', A, B, 'a', 'b')).toEqual([
      '{a:10,sa:"a0"}', '{a:15,sa:"a8"}', '{a:20,sa:"a1",hit:"b20.1"}', '{a:20,sa:"a1",hit:"b20.2"}', '{a:25,sa:"a7"}', '{a:30,sa:"a2"}',
      '{a:35,sa:"a6"}', '{a:40,sa:"a3",hit:"b40"}', '{a:40,sa:"a3",hit:"b40.2"}', '{a:45,sa:"a5"}', '{a:50,sa:"a4"}',
    ]);
    expect(await j(t, 'inner', A, B, 'a', 'b')).toEqual([
      '{a:20,sa:"a1",hit:"b20.1"}', '{a:20,sa:"a1",hit:"b20.2"}', '{a:40,sa:"a3",hit:"b40"}', '{a:40,sa:"a3",hit:"b40.2"}',
    ]);
    expect(await j(t, 'right', B, C, 'b', 'c')).toEqual([
      '{c:15,sc:"c8"}', '{c:20,sc:"c1",hit:"b20.1"}', '{c:20,sc:"c1",hit:"b20.2"}', '{c:25,sc:"c7"}', '{c:30,sc:"c2"}',
      '{c:35,sc:"c6"}', '{c:40,sc:"c3",hit:"b40"}', '{c:40,sc:"c3",hit:"b40.2"}',
    ]);
  });

  it('join sorts unsorted inputs, nulls last, and respects a known order', async () => {
    const t = testContext();
    const a = '{a:null(int64)} {a:1} {a:2}';
    const b = '{b:2} {b:1} {b:null(int64)}';
    expect(await j(t, 'inner', a, b, 'a', 'b', false)).toEqual(['{a:1}', '{a:2}', '{a:null(int64)}']);
    const desc = await collect(
      joinOp(t, t.stream('{a:2} {a:1} {a:null(int64)}'), t.stream(b), { style: 'inner', leftKey: t.field('a'), rightKey: t.field('b'), leftDir: 'desc', assignments: [] }),
    );
    expect(desc).toEqual(['{a:2}', '{a:1}', '{a:null(int64)}']);
  });

  it('join of a fork with itself, and name clashes', async () => {
    const t = testContext();
    const id: PipelineFn = (s) => s;
    const [l, r] = forkOp(t, t.stream('{a:0,b:"x"} {a:1,b:"y"}'), [id, id]);
    const out = await collect(
      joinOp(t, l!, r!, { style: 'inner', leftKey: t.field('a'), rightKey: t.field('a'), assignments: [{ lhs: ['a'], rhs: t.field('a') }, { lhs: ['b'], rhs: t.field('b') }] }),
    );
    expect(out).toEqual(['{a:0,b:"x",a_2:0,b_2:"x"}', '{a:1,b:"y",a_2:1,b_2:"y"}']);
  });

  it('join with quiet assignments and unions on the left', async () => {
    const t = testContext();
    const people = '{name:"morgan",likes:"tart"} {name:"quinn",likes:"sweet"} {name:"jessie",likes:"plain"}';
    const fruit = '{name:"apple",flavor:"tart"} {name:"banana",flavor:"sweet"} {name:"dates",flavor:"sweet",note:"in season"} {name:"figs",flavor:"plain"}';
    const out = await collect(
      joinOp(t, t.stream(people), t.stream(fruit), {
        style: 'left',
        leftKey: t.field('likes'),
        rightKey: t.field('flavor'),
        assignments: [{ lhs: ['fruit'], rhs: t.field('name') }, { lhs: ['note'], rhs: quiet(t, t.field('note')) }],
      }),
    );
    expect(out).toEqual([
      '{name:"jessie",likes:"plain",fruit:"figs"}',
      '{name:"quinn",likes:"sweet",fruit:"banana"}',
      '{name:"quinn",likes:"sweet",fruit:"dates",note:"in season"}',
      '{name:"morgan",likes:"tart",fruit:"apple"}',
    ]);
    const u = await collect(
      joinOp(t, t.stream('{a:1}(({a:int64},{a:string})) {a:2}(({a:int64},{a:string})) {a:"bar"}(({a:int64},{a:string}))'), t.stream('{b:1} {b:3} {b:"bar"}'), {
        style: 'inner',
        leftKey: (v) => t.field('a')(v),
        rightKey: t.field('b'),
        assignments: [],
      }),
    );
    expect(u).toEqual(['{a:1}', '{a:"bar"}']);
  });

  it('join stops both inputs when stopped early', async () => {
    const t = testContext();
    const closed: string[] = [];
    const src = (name: string, n: number) =>
      (async function* () {
        try {
          for (let i = 0; i < n; i++) yield [t.v(`{k:${i}}`)];
        } finally {
          closed.push(name);
        }
      })();
    const out = await collect(headOp(t, joinOp(t, src('l', 100), src('r', 100), { style: 'inner', leftKey: t.field('k'), rightKey: t.field('k'), leftDir: 'asc', rightDir: 'asc', assignments: [] }), 3));
    expect(out).toEqual(['{k:0}', '{k:1}', '{k:2}']);
    expect(closed.sort()).toEqual(['l', 'r']);
  });
});

describe('over', () => {
  it('over traverses arrays, sets, maps, records and unions', async () => {
    const t = testContext();
    expect(await collect(overOp(t, t.stream('null null'), [constant(newInt64(1)), constant(newInt64(2))]))).toEqual(['1', '2', '1', '2']);
    expect(await collect(overOp(t, t.stream('{a:[1,2,3]} {a:null([int64])} {b:1} {a:|[4]|}'), [t.field('a')]))).toEqual(['1', '2', '3', '4']);
    expect(await collect(overOp(t, t.stream('[null,0] [null,""]'), [t.field('')]))).toEqual(['null(int64)', '0', 'null(string)', '""']);
    expect(await collect(overOp(t, t.stream('|{"a":1,"b":2}|'), [t.field('')]))).toEqual(['{key:"a",value:1}', '{key:"b",value:2}']);
    expect(await collect(overOp(t, t.stream('{x:1,y:"s"}'), [t.field('')]))).toEqual(['{key:["x"],value:1}', '{key:["y"],value:"s"}']);
    expect(
      await collect(overOp(t, t.stream('[1,"foo"]([(int64,string)]) [3,4](([int64],ip)) "bar"((int64,string))'), [t.field('')])),
    ).toEqual(['1', '"foo"', '3', '4', '"bar"']);
    expect(await collect(overOp(t, t.stream('1'), [() => t.errs.message('bad')]))).toEqual(['error("bad")']);
  });

  it('over with a lateral body runs it per value', async () => {
    const t = testContext();
    const sum: LateralFn = (s) => summarizeOp(t, s, { keys: [], aggs: [agg('sum', ['sum'], t.field(''))] });
    expect(await collect(overOp(t, t.stream('{a:null([int64])} {a:[6,5,4]} {a:[3,2,1]}'), [t.field('a')], sum))).toEqual(['{sum:15}', '{sum:6}']);
    const head2: LateralFn = (s) => headOp(t, s, 2);
    expect(await collect(overOp(t, t.stream('{a:[7,6,1]} {a:[8]} {a:[3,2,1,0]}'), [t.field('a')], head2))).toEqual(['7', '6', '8', '3', '2']);
    const tailHead: LateralFn = (s) => headOp(t, tailOp(t, s, 2), 1);
    expect(await collect(overOp(t, t.stream('[1,2,3] [4,5,6] [7,8,9]'), [t.field('')], tailHead))).toEqual(['2', '5', '8']);
  });

  it('over bodies see the outer value (with bindings)', async () => {
    const t = testContext();
    const body: LateralFn = (s, outer) => {
      const w = t.field('a')(outer);
      return yieldOp(t, s, [(v) => t.values(`{x:${fmt(w)},y:${fmt(v)}}`)[0]!]);
    };
    expect(await collect(overOp(t, t.stream('{a:1,b:[10,11]} {a:2,b:[12]}'), [t.field('b')], body))).toEqual([
      '{x:1,y:10}',
      '{x:1,y:11}',
      '{x:2,y:12}',
    ]);
  });

  it('over stops when the lateral output is cut short', async () => {
    const t = testContext();
    const filterGt2: LateralFn = (s) =>
      filterOp(t, s, (v) => newBool(compareValues(v, newInt64(2)) > 0));
    expect(await collect(headOp(t, overOp(t, t.stream('[1,2,3,4] [4,3,2,1]'), [t.field('')], filterGt2), 3))).toEqual(['3', '4', '4']);
  });
});

import { formatValue } from '../../zson/index.js';
function fmt(v: Value): string {
  return formatValue(v);
}

describe('summarize', () => {
  it('summarize by keys, nested output paths and where clauses', async () => {
    const t = testContext();
    const input = '{animal:"cat",s:"a",x:1(int32)} {animal:"dog",s:"b",x:1(int32)} {animal:"cat",s:"a",x:1(int32)} {animal:"elephant",s:"a",x:1(int32)} {animal:"cat",s:"b",x:1(int32)}';
    const isA: Evaluator = (v) => newBool(t.field('s')(v).asString() === 'a');
    const out = await collect(
      sortThis(t)(summarizeOp(t, t.stream(input), {
        keys: [{ path: ['key'], expr: t.field('animal') }],
        aggs: [agg('sum', ['sum'], t.field('x'), isA), agg('sum', ['s2'], t.field('x'))],
      })),
    );
    expect(out).toEqual(['{key:"cat",sum:2,s2:3}', '{key:"elephant",sum:1,s2:1}', '{key:"dog",sum:null,s2:1}']);
    const nested = await collect(
      sortThis(t)(summarizeOp(t, t.stream(input), {
        keys: [{ path: ['result', 'animal'], expr: t.field('animal') }],
        aggs: [agg('count', ['result', 'count'], null)],
      })),
    );
    expect(nested).toEqual([
      '{result:{animal:"cat",count:3(uint64)}}',
      '{result:{animal:"dog",count:1(uint64)}}',
      '{result:{animal:"elephant",count:1(uint64)}}',
    ]);
  });

  it('summarize with missing keys, by-only and no input', async () => {
    const t = testContext();
    const input = '{key1:"a",n:1} {key1:"a",n:2} {key1:"b",n:1} {key3:"a",n:1} {key3:"b",n:2}';
    expect(await collect(summarizeOp(t, t.stream(input), { keys: [{ path: ['key1'], expr: t.field('key1') }], aggs: [agg('count', ['count'], null)] }))).toEqual([
      '{key1:"a",count:2(uint64)}',
      '{key1:"b",count:1(uint64)}',
      '{key1:error("missing"),count:2(uint64)}',
    ]);
    expect(await collect(summarizeOp(t, t.stream('{s:"b"} {s:"a"} {s:"b"}'), { keys: [{ path: ['s'], expr: t.field('s') }], aggs: [] }))).toEqual(['{s:"b"}', '{s:"a"}']);
    expect(await collect(summarizeOp(t, t.stream(''), { keys: [], aggs: [agg('count', ['count'], null)] }))).toEqual([]);
    expect(() => summarizeOp(t, t.stream(''), { keys: [], aggs: [agg('count', ['count'], null), agg('count', ['count'], null)] })).toThrow('duplicate field: "count"');
  });

  it('summarize spills through the spill store', async () => {
    const store = new MemorySpillStore();
    const t = testContext({ memoryLimit: 4000, spillStore: store });
    const vals: Value[] = [];
    for (let i = 0; i < 1000; i++) vals.push(t.v(`{k:${i % 97},v:${i}}`));
    const out = await collect(summarizeOp(t, batches(vals, 50), { keys: [{ path: ['k'], expr: t.field('k') }], aggs: [agg('sum', ['s'], t.field('v'))] }));
    expect(store.filesCreated).toBeGreaterThan(0);
    expect(store.liveFiles).toBe(0);
    expect(out).toHaveLength(97);
    expect(out[0]).toBe('{k:0,s:' + Array.from({ length: 11 }, (_, j) => j * 97).filter((x) => x < 1000).reduce((a, b) => a + b, 0) + '}');
  });

  it('summarize partials out then in gives the final result', async () => {
    const t = testContext();
    const input = '{k:"a",v:1} {k:"b",v:2} {k:"a",v:3}';
    const partial = summarizeOp(t, t.stream(input), {
      keys: [{ path: ['k'], expr: t.field('k') }],
      aggs: [agg('avg', ['avg'], t.field('v'))],
      partialsOut: true,
    });
    const out = await collect(summarizeOp(t, partial, {
      keys: [{ path: ['k'], expr: t.field('k') }],
      aggs: [agg('avg', ['avg'], t.field('v'))],
      partialsIn: true,
    }));
    expect(out).toEqual(['{k:"a",avg:2.}', '{k:"b",avg:2.}']);
  });

  it('summarize over input sorted by the key emits groups as keys complete', async () => {
    const t = testContext();
    let pulled = 0;
    const src = (async function* () {
      for (let i = 0; i < 10; i++) {
        pulled = i;
        yield [t.v(`{k:${Math.floor(i / 3)},v:1}`), t.v(`{k:${Math.floor(i / 3)},v:1}`)];
      }
    })();
    const first: string[] = [];
    let pulledAtFirst = -1;
    for await (const b of summarizeOp(t, src, { keys: [{ path: ['k'], expr: t.field('k') }], aggs: [agg('count', ['c'], null)], inputSortDir: 'asc' })) {
      if (pulledAtFirst < 0) pulledAtFirst = pulled;
      for (const v of b) first.push(fmt(v));
    }
    expect(first).toEqual(['{k:0,c:6(uint64)}', '{k:1,c:6(uint64)}', '{k:2,c:6(uint64)}', '{k:3,c:2(uint64)}']);
    expect(pulledAtFirst).toBeLessThan(9);
  });
});

describe('sample', () => {
  it('sample keeps one value of each type', async () => {
    const t = testContext();
    expect(await collect(sampleOp(t, t.stream('1 2 3 "foo" "bar" 10.0.0.1 10.0.0.2')))).toEqual(['1', '"foo"', '10.0.0.1']);
    expect(await collect(sampleOp(t, t.stream('{a:1}{a:2}{s:"foo"}{s:"bar"}{a:3,s:"baz"}')))).toEqual(['{a:1}', '{s:"foo"}', '{a:3,s:"baz"}']);
    expect(await collect(sampleOp(t, t.stream('{a:1}{a:"x"}{a:2}'), t.field('a')))).toEqual(['1', '"x"']);
  });
});
