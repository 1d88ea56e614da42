import { describe, expect, it } from 'vitest';
import { TypeInt64, Value, encodeInt, newInt64 } from '../../zed/index.js';
import { formatValue } from '../../zson/index.js';
import { MemorySpillStore } from '../agg/index.js';
import { sortOp } from './sort.js';
import { batches, collect, collectValues, testContext, type TestContext } from './testing.js';
import { topOp } from './top.js';
import type { Evaluator, Order, SortKey } from './types.js';

const key = (t: TestContext, f: string, order: Order = 'asc'): SortKey => ({ expr: t.field(f), order });

describe('sort', () => {
  it('sort this with nulls last, first and reversed', async () => {
    const t = testContext();
    expect(await collect(sortOp(t, t.stream('2 null 1 3'), [key(t, '')]))).toEqual(['1', '2', '3', 'null']);
    expect(await collect(sortOp(t, t.stream('2 null 1 3'), []))).toEqual(['1', '2', '3', 'null']);
    expect(await collect(sortOp(t, t.stream('2 null 1 3'), [], { nullsFirst: true }))).toEqual(['null', '1', '2', '3']);
    expect(await collect(sortOp(t, t.stream('2 null 1 3'), [], { reverse: true }))).toEqual(['3', '2', '1', 'null']);
    expect(await collect(sortOp(t, t.stream(''), [key(t, 'foo')]))).toEqual([]);
  });

  it('sort guesses a numeric key for records', async () => {
    const t = testContext();
    const input = '{s:"bar",k:2}{s:"bar",k:3}{s:"foo",k:1}';
    expect(await collect(sortOp(t, t.stream(input), []))).toEqual(['{s:"foo",k:1}', '{s:"bar",k:2}', '{s:"bar",k:3}']);
    expect(await collect(sortOp(t, t.stream('{a:"1",b:2(=named)} {a:"2",b:1(=named)}'), []))).toEqual([
      '{a:"2",b:1(=named)}',
      '{a:"1",b:2(=named)}',
    ]);
    expect(await collect(sortOp(t, t.stream('{a:"1",b:{c:2}} {a:"2",b:{c:1}}'), []))).toEqual([
      '{a:"2",b:{c:1}}',
      '{a:"1",b:{c:2}}',
    ]);
    expect(await collect(sortOp(t, t.stream('{word:"hello"}{word:"Hi"}{word:"WORLD"}'), []))).toEqual([
      '{word:"Hi"}',
      '{word:"WORLD"}',
      '{word:"hello"}',
    ]);
  });

  it('sort by several keys with mixed orders', async () => {
    const t = testContext();
    const input = `{foo:2,bar:1,baz:2} {foo:1,bar:2,baz:1} {foo:2,bar:2,baz:2} {foo:1,bar:2,baz:2}
      {foo:2,bar:1,baz:1} {foo:1,bar:1,baz:2} {foo:1,bar:1,baz:1} {foo:2,bar:2,baz:1}`;
    const out = await collect(sortOp(t, t.stream(input), [key(t, 'foo'), key(t, 'bar', 'desc'), key(t, 'baz')]));
    expect(out).toEqual([
      '{foo:1,bar:2,baz:1}',
      '{foo:1,bar:2,baz:2}',
      '{foo:1,bar:1,baz:1}',
      '{foo:1,bar:1,baz:2}',
      '{foo:2,bar:2,baz:1}',
      '{foo:2,bar:2,baz:2}',
      '{foo:2,bar:1,baz:1}',
      '{foo:2,bar:1,baz:2}',
    ]);
  });

  it('sort of mixed numbers and of nulls and missing keys', async () => {
    const t = testContext();
    const nums = '16(uint16) 32(uint32) 64(uint64) -16(int16) -32(int32) -64 -32.32(float32) 32.32(float32) -64.64 64.64 -Inf +Inf NaN';
    expect(await collect(sortOp(t, t.stream(nums), []))).toEqual([
      'NaN', '-Inf', '-64.64', '-64', '-32.32(float32)', '-32(int32)', '-16(int16)', '16(uint16)', '32(uint32)', '32.32(float32)', '64(uint64)', '64.64', '+Inf',
    ]);
    const input = '{s:"b"} {s:"c"} {s:"a"} {s:null(string)} {notS:"bleah"}';
    expect(await collect(sortOp(t, t.stream(input), [key(t, 's')]))).toEqual([
      '{s:"a"}', '{s:"b"}', '{s:"c"}', '{s:null(string)}', '{notS:"bleah"}',
    ]);
    expect(await collect(sortOp(t, t.stream(input), [key(t, 's')], { nullsFirst: true }))).toEqual([
      '{s:null(string)}', '{notS:"bleah"}', '{s:"a"}', '{s:"b"}', '{s:"c"}',
    ]);
    expect(await collect(sortOp(t, t.stream(input), [key(t, 's')], { reverse: true }))).toEqual([
      '{s:"c"}', '{s:"b"}', '{s:"a"}', '{s:null(string)}', '{notS:"bleah"}',
    ]);
    expect(await collect(sortOp(t, t.stream(input), [key(t, 's')], { reverse: true, nullsFirst: true }))).toEqual([
      '{s:null(string)}', '{notS:"bleah"}', '{s:"c"}', '{s:"b"}', '{s:"a"}',
    ]);
    expect(await collect(sortOp(t, t.stream('{x:null(int64),y:2} {x:null(int64),y:1} {x:null(int64),y:3}'), [key(t, 'x'), key(t, 'y')]))).toEqual([
      '{x:null(int64),y:1}', '{x:null(int64),y:2}', '{x:null(int64),y:3}',
    ]);
  });

  it('sort of sets and types', async () => {
    const t = testContext();
    expect(await collect(sortOp(t, t.stream('|[192.168.1.2,192.168.1.10,192.179.1.1]| |[192.168.1.2,192.168.1.10]|'), []))).toEqual([
      '|[192.168.1.2,192.168.1.10]|',
      '|[192.168.1.2,192.168.1.10,192.179.1.1]|',
    ]);
    expect(await collect(sortOp(t, t.stream('<string> <int64> <{x:int64}> <null>'), [key(t, '')]))).toEqual([
      '<int64>', '<string>', '<null>', '<{x:int64}>',
    ]);
  });

  it('sort is stable, numeric keys included', async () => {
    const t = testContext();
    const input = '{k:1,i:0} {k:0,i:1} {k:1,i:2} {k:0,i:3} {k:null(int64),i:4} {k:1,i:5}';
    expect(await collect(sortOp(t, t.stream(input), [key(t, 'k')]))).toEqual([
      '{k:0,i:1}', '{k:0,i:3}', '{k:1,i:0}', '{k:1,i:2}', '{k:1,i:5}', '{k:null(int64),i:4}',
    ]);
    expect(await collect(sortOp(t, t.stream(input), [key(t, 'k', 'desc')]))).toEqual([
      '{k:1,i:0}', '{k:1,i:2}', '{k:1,i:5}', '{k:0,i:1}', '{k:0,i:3}', '{k:null(int64),i:4}',
    ]);
  });

  it('sort spills sorted runs and merges them stably', async () => {
    const store = new MemorySpillStore({ readChunkSize: 7 });
    const t = testContext({ memoryLimit: 2000, spillStore: store });
    const vals: Value[] = [];
    for (let i = 0; i < 500; i++) vals.push(t.v(`{k:${(i * 7919) % 50},i:${i},s:${i % 3 === 0 ? 'null(string)' : `"${i % 11}"`}}`));
    const keys = [key(t, 'k'), key(t, 's', 'desc')];
    const spilled = await collectValues(sortOp(t, batches(vals, 10), keys));
    expect(store.filesCreated).toBeGreaterThan(3);
    expect(store.liveFiles).toBe(0);
    const mem = testContext();
    const expected = await collect(sortOp(mem, batches(vals.map((v) => mem.values(formatZ(v))[0]!), 10), [key(mem, 'k'), key(mem, 's', 'desc')]));
    expect(spilled.map(formatZ)).toEqual(expected);
  });

  it('sort removes its spill files when stopped early', async () => {
    const store = new MemorySpillStore();
    const t = testContext({ memoryLimit: 500, spillStore: store });
    const vals = Array.from({ length: 300 }, (_, i) => newInt64(300 - i));
    for await (const b of sortOp(t, batches(vals, 7), [key(t, '')])) {
      expect(b.length).toBeGreaterThan(0);
      break;
    }
    expect(store.filesCreated).toBeGreaterThan(1);
    expect(store.liveFiles).toBe(0);
  });

  it('sort of a million integers', async () => {
    const t = testContext();
    const n = 1_000_000;
    const vals = new Array<Value>(n);
    let x = 12345;
    for (let i = 0; i < n; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      vals[i] = new Value(TypeInt64, encodeInt(x - 1073741824));
    }
    const start = performance.now();
    let prev = -Infinity;
    let count = 0;
    let ordered = true;
    for await (const b of sortOp(t, batches(vals, 1000), [key(t, '')])) {
      for (const v of b) {
        const y = v.asIntNumber();
        if (y < prev) ordered = false;
        prev = y;
        count++;
      }
    }
    expect(ordered).toBe(true);
    expect(count).toBe(n);
    expect(performance.now() - start).toBeLessThan(20_000);
  });
});

function formatZ(v: Value): string {
  return formatValue(v);
}

describe('top', () => {
  it('top n by a key, greatest first, nulls least', async () => {
    const t = testContext();
    expect(await collect(topOp(t, t.stream('1 5 3 9 23 7'), 2, [t.field('')]))).toEqual(['23', '9']);
    const input = '{foo:null(int64)} {foo:1} {foo:2} {foo:3} {foo:4} {foo:5}';
    expect(await collect(topOp(t, t.stream(input), 3, [t.field('foo')]))).toEqual(['{foo:5}', '{foo:4}', '{foo:3}']);
    expect(await collect(topOp(t, t.stream(input), 3, null))).toEqual(['{foo:5}', '{foo:4}', '{foo:3}']);
    expect(await collect(topOp(t, t.stream(''), 3, null))).toEqual([]);
  });

  it('top with flush emits per batch', async () => {
    const t = testContext();
    expect(await collect(topOp(t, t.stream('1 5 3 9', 2), 1, [t.field('')], true))).toEqual(['5', '9']);
  });

  it('top with more keys and ties', async () => {
    const t = testContext();
    const c = t.field('c');
    const n = t.field('n');
    const ev: Evaluator[] = [c, n];
    const input = '{n:"joe",c:1} {n:"bob",c:2} {n:"liz",c:3} {n:"amy",c:2}';
    expect(await collect(topOp(t, t.stream(input), 2, ev))).toEqual(['{n:"liz",c:3}', '{n:"bob",c:2}']);
  });
});
