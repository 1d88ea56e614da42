import { describe, expect, it } from 'vitest';
import { ZedError } from '../../errors/index.js';
import { encodeUtf8 } from '../../util/utf8.js';
import {
  TypeBool,
  TypeContext,
  TypeIP,
  TypeString,
  TypeUint64,
  Value,
  encodeUint,
  newBool,
  readElement,
  type RecordType,
} from '../../zed/index.js';
import { formatType, formatValue, parseZsonValue } from '../../zson/index.js';
import { MemoryLimitError } from './errors.js';
import { GroupTable, type GroupTableOptions } from './group-table.js';
import { lookupAggregate } from './registry.js';
import { MemorySpillStore } from './spill-store.js';

const TRUE = newBool(true);

/** The value at a dotted path of a record, or error("missing"). */
function field(zctx: TypeContext, rec: Value, path: string): Value {
  let v = rec;
  for (const name of path.split('.')) {
    const t = v.type;
    const i = t.kind === 'record' ? t.indexOf(name) : -1;
    if (i < 0 || v.bytes === null) return new Value(zctx.lookupError(TypeString), encodeUtf8('missing'));
    const el = { start: 0, end: 0 };
    let off = 0;
    for (let j = 0; j <= i; j++) off = readElement(v.bytes, off, v.bytes.length, el);
    v = new Value((t as RecordType).fields[i]!.type, el.start < 0 ? null : v.bytes.subarray(el.start, el.end));
  }
  return v;
}

interface AggCall {
  /** Output field, dotted. */
  readonly out: string;
  readonly fn: string;
  /** Argument field path; absent for count(). */
  readonly arg?: string;
  readonly where?: (rec: Value, zctx: TypeContext) => boolean;
}

type Options = Partial<Omit<GroupTableOptions, 'zctx' | 'keys' | 'aggs'>>;

function makeTable(zctx: TypeContext, keys: [string, string][], aggs: AggCall[], opts: Options): GroupTable {
  return new GroupTable({
    zctx,
    keys: keys.map(([out]) => out.split('.')),
    aggs: aggs.map((a) => ({ path: a.out.split('.'), def: lookupAggregate(a.fn)! })),
    ...opts,
  });
}

async function drain(t: GroupTable): Promise<Value[]> {
  const out: Value[] = [];
  for await (const batch of t.results()) out.push(...batch);
  return out;
}

/** Runs `summarize aggs by keys` over ZSON records; spills whenever the table asks. */
async function summarize(input: string[], keys: [string, string][], aggs: AggCall[], opts: Options = {}): Promise<string[]> {
  const zctx = new TypeContext();
  const t = makeTable(zctx, keys, aggs, opts);
  for (const text of input) {
    const rec = parseZsonValue(text, zctx);
    const kv = keys.map(([, expr]) => field(zctx, rec, expr));
    const args = aggs.map((a) => {
      if (a.where !== undefined && !a.where(rec, zctx)) return undefined;
      return a.arg === undefined ? TRUE : field(zctx, rec, a.arg);
    });
    t.consume(kv, args);
    if (t.shouldSpill) await t.spill();
  }
  return (await drain(t)).map((v) => formatValue(v));
}

const sorted = (xs: string[]): string[] => xs.slice().sort();

const KEYED = ['{key1:"a",key2:"x",n:1(int32)}', '{key1:"a",key2:"y",n:2(int32)}', '{key1:"b",key2:"z",n:1(int32)}'];

describe('GroupTable', () => {
  it('counts by a key, keys first', async () => {
    expect(sorted(await summarize(KEYED, [['key1', 'key1']], [{ out: 'count', fn: 'count' }]))).toEqual([
      '{key1:"a",count:2(uint64)}',
      '{key1:"b",count:1(uint64)}',
    ]);
  });

  it('outputs groups in order of first appearance', async () => {
    const input = ['{k:"b"}', '{k:"a"}', '{k:"b"}', '{k:"c"}'];
    expect(await summarize(input, [['k', 'k']], [{ out: 'count', fn: 'count' }])).toEqual([
      '{k:"b",count:2(uint64)}',
      '{k:"a",count:1(uint64)}',
      '{k:"c",count:1(uint64)}',
    ]);
  });

  it('runs several aggregates per group (reducers.yaml)', async () => {
    const aggs = ['any', 'sum', 'avg', 'min', 'max'].map((fn) => ({ out: fn, fn, arg: 'n' }));
    expect(sorted(await summarize(KEYED, [['key1', 'key1']], aggs))).toEqual([
      '{key1:"a",any:1(int32),sum:3,avg:1.5,min:1,max:2}',
      '{key1:"b",any:1(int32),sum:1,avg:1.,min:1,max:1}',
    ]);
  });

  it('groups by several keys', async () => {
    const out = await summarize(KEYED, [['key1', 'key1'], ['newkey', 'key2']], [{ out: 'count', fn: 'count' }]);
    expect(sorted(out)).toEqual([
      '{key1:"a",newkey:"x",count:1(uint64)}',
      '{key1:"a",newkey:"y",count:1(uint64)}',
      '{key1:"b",newkey:"z",count:1(uint64)}',
    ]);
  });

  it('groups null and missing keys', async () => {
    const input = [
      ...KEYED,
      '{key1:null(string),key2:null(string),n:3(int32)}',
      '{key1:null(string),key2:null(string),n:4(int32)}',
      '{key3:"a",n:1(int32)}',
      '{key3:"b",n:2(int32)}',
    ];
    expect(sorted(await summarize(input, [['key1', 'key1']], [{ out: 'count', fn: 'count' }]))).toEqual([
      '{key1:"a",count:2(uint64)}',
      '{key1:"b",count:1(uint64)}',
      '{key1:error("missing"),count:2(uint64)}',
      '{key1:null(string),count:2(uint64)}',
    ]);
  });

  it('keeps keys of different types apart, names included', async () => {
    const input = ['{k:1(int32)}', '{k:1}', '{k:1}', '{k:null(int64)}', '{k:null(string)}', '{k:127.0.0.1(=ipaddr)}', '{k:127.0.0.1}'];
    expect(sorted(await summarize(input, [['k', 'k']], [{ out: 'count', fn: 'count' }]))).toEqual([
      '{k:1(int32),count:1(uint64)}',
      '{k:1,count:2(uint64)}',
      '{k:127.0.0.1(=ipaddr),count:1(uint64)}',
      '{k:127.0.0.1,count:1(uint64)}',
      '{k:null(int64),count:1(uint64)}',
      '{k:null(string),count:1(uint64)}',
    ]);
  });

  it('groups by container keys', async () => {
    const input = ['{arr:null([int32])}', '{arr:[1(int32),2(int32)]}', '{arr:[1(int32),2(int32)]}', '{arr:{y:5}}'];
    expect(sorted(await summarize(input, [['arr', 'arr']], [{ out: 'count', fn: 'count' }]))).toEqual([
      '{arr:[1(int32),2(int32)],count:2(uint64)}',
      '{arr:null([int32]),count:1(uint64)}',
      '{arr:{y:5},count:1(uint64)}',
    ]);
  });

  it('drops records with a quiet key', async () => {
    const zctx = new TypeContext();
    const t = makeTable(zctx, [['k', 'k']], [{ out: 'count', fn: 'count' }], {});
    t.consume([new Value(zctx.lookupError(TypeString), encodeUtf8('quiet'))], [TRUE]);
    t.consume([parseZsonValue('"a"', zctx)], [TRUE]);
    expect((await drain(t)).map((v) => formatValue(v))).toEqual(['{k:"a",count:1(uint64)}']);
  });

  it('applies where clauses per aggregate (where.yaml)', async () => {
    const input = [
      '{animal:"cat",s:"a",x:1(int32)}',
      '{animal:"dog",s:"b",x:1(int32)}',
      '{animal:"cat",s:"a",x:1(int32)}',
      '{animal:"elephant",s:"a",x:1(int32)}',
      '{animal:"cat",s:"b",x:1(int32)}',
    ];
    const isA = (rec: Value, zctx: TypeContext): boolean => field(zctx, rec, 's').asString() === 'a';
    const out = await summarize(input, [['key', 'animal']], [
      { out: 'sum', fn: 'sum', arg: 'x', where: isA },
      { out: 's2', fn: 'sum', arg: 'x' },
    ]);
    expect(out).toEqual(['{key:"cat",sum:2,s2:3}', '{key:"dog",sum:null,s2:1}', '{key:"elephant",sum:1,s2:1}']);
  });

  it('skips missing arguments but counts nulls (null.yaml, not-present.yaml)', async () => {
    const input = ['{x:null(uint64)}', '{x:null(float64)}', '{x:null(int64)}', '{x:null(duration)}', '{x:null(time)}'];
    const aggs = ['avg', 'count', 'dcount', 'any', 'max', 'min', 'sum'].map((fn) => ({ out: fn, fn, arg: 'x' }));
    expect(await summarize(input, [], aggs)).toEqual([
      '{avg:null(float64),count:5(uint64),dcount:5(uint64),any:null(uint64),max:null(float64),min:null(float64),sum:null(float64)}',
    ]);
    expect(await summarize(['{key:"key1"}'], [['key', 'key']], [{ out: 'max', fn: 'max', arg: 'val' }])).toEqual([
      '{key:"key1",max:null}',
    ]);
  });

  it('nests dotted output fields (nested-agg-name.yaml)', async () => {
    const input = ['{animal:"cat"}', '{animal:"dog"}', '{animal:"cat"}'];
    expect(await summarize(input, [['result.animal', 'animal']], [{ out: 'result.count', fn: 'count' }])).toEqual([
      '{result:{animal:"cat",count:2(uint64)}}',
      '{result:{animal:"dog",count:1(uint64)}}',
    ]);
  });

  it('summarizes without keys, and outputs nothing for no input', async () => {
    const input = ['1', '2', '3', '4'].map((n) => `{x:${n}}`);
    const aggs = [
      { out: 'avg', fn: 'avg', arg: 'x' },
      { out: 'sum', fn: 'sum', arg: 'x' },
      { out: 'count', fn: 'count' },
    ];
    expect(await summarize(input, [], aggs)).toEqual(['{avg:2.5,sum:10,count:4(uint64)}']);
    expect(await summarize([], [], aggs)).toEqual([]);
  });

  it('outputs only keys for `by` alone', async () => {
    const input = ['{s:"b"}', '{s:"f"}', '{s:"b"}', '{s:"a"}'];
    expect(await summarize(input, [['s', 's']], [])).toEqual(['{s:"b"}', '{s:"f"}', '{s:"a"}']);
  });

  it('types each output record by its key and result types', async () => {
    const zctx = new TypeContext();
    const t = makeTable(zctx, [['k', 'k']], [{ out: 'sum', fn: 'sum', arg: 'v' }], {});
    for (const [k, v] of [['"a"', '1'], ['1', '1.5'], ['"b"', '2']]) t.consume([parseZsonValue(k!, zctx)], [parseZsonValue(v!, zctx)]);
    const out = await drain(t);
    expect(out.map((v) => formatType(v.type))).toEqual(['{k:string,sum:int64}', '{k:int64,sum:float64}', '{k:string,sum:int64}']);
    expect(out[0]!.type).toBe(out[2]!.type);
  });

  it('rejects duplicate output fields', () => {
    const zctx = new TypeContext();
    expect(() => makeTable(zctx, [], [{ out: 'count', fn: 'count' }, { out: 'count', fn: 'count' }], {})).toThrow(
      'duplicate field: "count"',
    );
  });

  // The target of issue #3: `sum(orig_bytes) by id.orig_h` over 1M records
  // and 128k groups, with values as a decoder makes them (views into one
  // buffer per batch). Measured at about 0.35 s to consume and 0.15 s to
  // output on a loaded 2-core machine; the bound only catches pathologies.
  it('sums 1M records over 128k groups quickly', async () => {
    const N = 1_000_000;
    const G = 128 * 1024;
    const B = 1000;
    const batches: { keys: Value[]; vals: Value[] }[] = [];
    const want = new Float64Array(G);
    for (let s = 0; s < N; s += B) {
      const buf = new Uint8Array(B * 12);
      const keys: Value[] = [];
      const vals: Value[] = [];
      for (let i = 0; i < B; i++) {
        const g = ((s + i) * 7919) % G;
        const n = (s + i) % 100000;
        want[g]! += n;
        buf.set([10, g >> 16, (g >> 8) & 255, g & 255], i * 12);
        const u = encodeUint(n);
        buf.set(u, i * 12 + 4);
        keys.push(new Value(TypeIP, buf.subarray(i * 12, i * 12 + 4)));
        vals.push(new Value(TypeUint64, buf.subarray(i * 12 + 4, i * 12 + 4 + u.length)));
      }
      batches.push({ keys, vals });
    }
    const zctx = new TypeContext();
    const t = makeTable(zctx, [['id.orig_h', 'id.orig_h']], [{ out: 'sum', fn: 'sum', arg: 'orig_bytes' }], {});
    const key: Value[] = [];
    const args: Value[] = [];
    const t0 = performance.now();
    for (const b of batches) {
      for (let i = 0; i < B; i++) {
        key[0] = b.keys[i]!;
        args[0] = b.vals[i]!;
        t.consume(key, args);
      }
    }
    expect(t.groups).toBe(G);
    const out = await drain(t);
    const ms = performance.now() - t0;
    expect(out.length).toBe(G);
    for (const v of [out[0]!, out[4242]!, out[G - 1]!]) {
      const m = /^\{id:\{orig_h:10\.(\d+)\.(\d+)\.(\d+)\},sum:(\d+)\(uint64\)\}$/.exec(formatValue(v))!;
      const g = (Number(m[1]) << 16) | (Number(m[2]) << 8) | Number(m[3]);
      expect(Number(m[4])).toBe(want[g]);
    }
    expect(ms).toBeLessThan(5000);
  });
});

describe('GroupTable spilling', () => {
  const input: string[] = [];
  for (let i = 0; i < 400; i++) {
    const k = ['"a"', '"b"', '1', '1(int32)', 'null(string)', '10.0.0.1', '[1,2]', '{x:1}'][i % 8]!;
    const v = [`${i}`, `${i}.5`, `"s${i % 7}"`, 'null(int64)', `${i % 3 === 0}`, `${i % 256}(uint8)`][i % 6]!;
    input.push(`{k:${k},k2:${i % 5},v:${v},m:|{${i % 4}:${v}}|}`);
  }
  const aggs: AggCall[] = [
    { out: 'count', fn: 'count' },
    { out: 'sum', fn: 'sum', arg: 'v' },
    { out: 'avg', fn: 'avg', arg: 'v' },
    { out: 'min', fn: 'min', arg: 'v' },
    { out: 'max', fn: 'max', arg: 'v' },
    { out: 'and', fn: 'and', arg: 'v' },
    { out: 'or', fn: 'or', arg: 'v' },
    { out: 'collect', fn: 'collect', arg: 'v' },
    { out: 'union', fn: 'union', arg: 'v' },
    { out: 'dcount', fn: 'dcount', arg: 'v' },
    { out: 'fuse', fn: 'fuse', arg: 'v' },
    { out: 'collect_map', fn: 'collect_map', arg: 'm' },
    { out: 'evens', fn: 'count', where: (rec, zctx) => field(zctx, rec, 'k2').asIntNumber() % 2 === 0 },
  ];
  const keys: [string, string][] = [
    ['k', 'k'],
    ['k2', 'k2'],
  ];

  it('gives the same groups with a tiny memory limit as without', async () => {
    const want = sorted(await summarize(input, keys, aggs));
    const store = new MemorySpillStore({ readChunkSize: 7 });
    const zctx = new TypeContext();
    const t = makeTable(zctx, keys, aggs, { memoryLimit: 4000, spillStore: store });
    let spills = 0;
    for (const text of input) {
      const rec = parseZsonValue(text, zctx);
      t.consume(
        keys.map(([, e]) => field(zctx, rec, e)),
        aggs.map((a) => (a.where !== undefined && !a.where(rec, zctx) ? undefined : a.arg === undefined ? TRUE : field(zctx, rec, a.arg))),
      );
      if (t.shouldSpill) {
        await t.spill();
        spills++;
      }
    }
    expect(spills).toBeGreaterThan(3);
    const got = (await drain(t)).map((v) => formatValue(v));
    expect(sorted(got)).toEqual(want);
    expect(store.liveFiles).toBe(0);
    expect(store.filesCreated).toBe(spills);
  });

  it('outputs spilled groups in key order', async () => {
    const input = ['{k:"c"}', '{k:"a"}', '{k:"b"}', '{k:"a"}', '{k:2}', '{k:"c"}'];
    const out = await summarize(input, [['k', 'k']], [{ out: 'count', fn: 'count' }], {
      groupLimit: 2,
      spillStore: new MemorySpillStore(),
    });
    expect(out).toEqual(['{k:2,count:1(uint64)}', '{k:"a",count:2(uint64)}', '{k:"b",count:1(uint64)}', '{k:"c",count:2(uint64)}']);
  });

  // The `with -limit 1` ztests of runtime/sam/expr/agg, which exercise partials.
  const limit1 = { groupLimit: 1, spillStore: new MemorySpillStore() };

  it('merges container partials (container-partials.yaml)', async () => {
    const input = [
      '{key:"a",x:1(int32)}',
      '{key:"a",x:2(int32)}',
      '{key:"b",x:2(int32)}',
      '{key:"b",x:1(int32)}',
      '{key:"a",x:8(int32)}',
      '{key:"b",x:1(int32)}',
      '{key:"a"}',
      '{key:"a"}',
    ];
    expect(await summarize(input, [['key', 'key']], [{ out: 'union', fn: 'union', arg: 'x' }], limit1)).toEqual([
      '{key:"a",union:|[1(int32),2(int32),8(int32)]|}',
      '{key:"b",union:|[1(int32),2(int32)]|}',
    ]);
    expect(await summarize(input, [['key', 'key']], [{ out: 'collect', fn: 'collect', arg: 'x' }], limit1)).toEqual([
      '{key:"a",collect:[1(int32),2(int32),8(int32)]}',
      '{key:"b",collect:[2(int32),1(int32),1(int32)]}',
    ]);
  });

  it('merges math partials (math-partials.yaml)', async () => {
    const input = ['{key:"a",n:0(int32)}', '{key:"a",n:5(int32)}', '{key:"b",n:10(int32)}', '{key:"a"}'];
    const run = (fn: string, arg?: string): Promise<string[]> =>
      summarize(input, [['key', 'key']], [arg === undefined ? { out: fn, fn } : { out: fn, fn, arg }], limit1);
    expect(await run('avg', 'n')).toEqual(['{key:"a",avg:2.5}', '{key:"b",avg:10.}']);
    expect(await run('count')).toEqual(['{key:"a",count:3(uint64)}', '{key:"b",count:1(uint64)}']);
    expect(await run('min', 'n')).toEqual(['{key:"a",min:0}', '{key:"b",min:10}']);
    expect(await run('max', 'n')).toEqual(['{key:"a",max:5}', '{key:"b",max:10}']);
  });

  it('merges fuse partials (fuse-partials.yaml)', async () => {
    const input = ['a', 'b', 'c']
      .map((k) => `{a:"hello",r:{x:1(int32),y:2(int32)},key:"${k}"}`)
      .concat(['a', 'b', 'c'].map((k) => `{r:{y:4(int32),z:5(int32)},s:"world",r2:{x:6(int32)},key:"${k}"}`));
    const zctx = new TypeContext();
    const t = makeTable(zctx, [['key', 'key']], [{ out: 'fuse', fn: 'fuse' }], limit1);
    for (const text of input) {
      const rec = parseZsonValue(text, zctx);
      t.consume([field(zctx, rec, 'key')], [rec]);
      if (t.shouldSpill) await t.spill();
    }
    const fused = '<{a:string,r:{x:int32,y:int32,z:int32},key:string,s:string,r2:{x:int32}}>';
    expect((await drain(t)).map((v) => formatValue(v))).toEqual(['a', 'b', 'c'].map((k) => `{key:"${k}",fuse:${fused}}`));
  });

  it('merges logical partials (logical-partials.yaml)', async () => {
    const input = ['{key:"a",x:1(int32)}', '{key:"a",x:-1(int32)}', '{key:"b",x:2(int32)}', '{key:"b",x:1(int32)}', '{key:"a"}', '{key:"b",x:1(int32)}'];
    const zctx = new TypeContext();
    const cmp = (rec: Value, gt: number): Value => {
      const x = field(zctx, rec, 'x');
      if (x.isError()) return x;
      return newBool(x.asIntNumber() > gt);
    };
    const t = makeTable(zctx, [['key', 'key']], ['t1', 't2', 't3', 't4', 't5'].map((out) => ({ out, fn: out === 't1' || out === 't2' ? 'or' : 'and' })), limit1);
    for (const text of input) {
      const rec = parseZsonValue(text, zctx);
      const x = field(zctx, rec, 'x');
      const where = !x.isError() && x.asIntNumber() > 2;
      t.consume([field(zctx, rec, 'key')], [cmp(rec, 2), cmp(rec, 4), cmp(rec, 0), cmp(rec, 2), where ? cmp(rec, 2) : undefined]);
      if (t.shouldSpill) await t.spill();
    }
    expect((await drain(t)).map((v) => formatValue(v))).toEqual([
      '{key:"a",t1:false,t2:false,t3:false,t4:false,t5:null(bool)}',
      '{key:"b",t1:false,t2:false,t3:true,t4:false,t5:null(bool)}',
    ]);
  });

  it('removes spill files when the reader stops early', async () => {
    const store = new MemorySpillStore();
    const zctx = new TypeContext();
    const t = makeTable(zctx, [['k', 'k']], [{ out: 'count', fn: 'count' }], { groupLimit: 10, spillStore: store, batchSize: 5 });
    for (let i = 0; i < 100; i++) {
      t.consume([new Value(TypeUint64, encodeUint(i))], [TRUE]);
      if (t.shouldSpill) await t.spill();
    }
    expect(store.liveFiles).toBeGreaterThan(0);
    for await (const batch of t.results()) {
      expect(batch.length).toBe(5);
      break;
    }
    expect(store.liveFiles).toBe(0);
  });

  it('throws MemoryLimitError over the limit without a spill store', () => {
    const zctx = new TypeContext();
    const t = makeTable(zctx, [['k', 'k']], [{ out: 'collect', fn: 'collect', arg: 'v' }], { memoryLimit: 10000 });
    let err: unknown;
    try {
      for (let i = 0; i < 1000; i++) t.consume([new Value(TypeUint64, encodeUint(i))], [new Value(TypeBool, Uint8Array.of(1))]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MemoryLimitError);
    expect(err).toBeInstanceOf(ZedError);
    expect((err as ZedError).kind).toBe('unsupported');
    expect((err as Error).message).toMatch(/^Summarize exceeded its memory limit of 10000 bytes \(\d+ groups, about \d+ bytes\) and has no spill store$/);
  });

  it('hands out partials and merges them downstream', async () => {
    const zctx = new TypeContext();
    const direct = makeTable(zctx, keys, aggs, {});
    const halves = [makeTable(zctx, keys, aggs, { partialsOut: true }), makeTable(zctx, keys, aggs, { partialsOut: true })];
    input.forEach((text, i) => {
      const rec = parseZsonValue(text, zctx);
      const kv = keys.map(([, e]) => field(zctx, rec, e));
      const args = aggs.map((a) => (a.where !== undefined && !a.where(rec, zctx) ? undefined : a.arg === undefined ? TRUE : field(zctx, rec, a.arg)));
      direct.consume(kv, args);
      halves[i % 2]!.consume(kv, args);
    });
    const merge = makeTable(zctx, keys, aggs, {});
    for (const half of halves) {
      for (const rec of await drain(half)) {
        merge.consumePartials(
          keys.map(([out]) => field(zctx, rec, out)),
          aggs.map((a) => field(zctx, rec, a.out)),
        );
      }
    }
    const want = (await drain(direct)).map((v) => formatValue(v));
    expect(sorted((await drain(merge)).map((v) => formatValue(v)))).toEqual(sorted(want));
  });
});
