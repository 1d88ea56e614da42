import { describe, expect, it } from 'vitest';
import type { Type } from '../../zed/index.js';
import { MemorySpillStore } from '../agg/index.js';
import { createEvalContext } from '../expr/context.js';
import { CAST, ConstShaper, FILL, ORDER } from '../function/shape.js';
import { fuseOp } from './fuse.js';
import { shapeOp } from './shape.js';
import { collect, testContext, type TestContext } from './testing.js';
import type { Evaluator } from './types.js';

function shaperFor(t: TestContext): (ty: Type) => Evaluator {
  const ectx = createEvalContext(t.zctx);
  return (ty) => {
    const s = new ConstShaper(ectx, ty, CAST | FILL | ORDER);
    return (v) => s.shape(v);
  };
}

describe('fuse', () => {
  it('fuse merges record types', async () => {
    const t = testContext();
    expect(await collect(fuseOp(t, t.stream('{a:1}{b:2}'), shaperFor(t)))).toEqual(['{a:1,b:null(int64)}', '{a:null(int64),b:2}']);
    expect(await collect(fuseOp(t, t.stream('{a:1}{a:"foo"}'), shaperFor(t)))).toEqual(['{a:1((int64,string))}', '{a:"foo"((int64,string))}']);
    expect(await collect(fuseOp(t, t.stream('{a:[1,2]}{a:["foo","bar"],b:10.0.0.1}'), shaperFor(t)))).toEqual([
      '{a:[1,2]([(int64,string)]),b:null(ip)}',
      '{a:["foo","bar"]([(int64,string)]),b:10.0.0.1}',
    ]);
    expect(await collect(fuseOp(t, t.stream(''), shaperFor(t)))).toEqual([]);
  });

  it('fuse of nested records', async () => {
    const t = testContext();
    const out = await collect(fuseOp(t, t.stream('{a:"hello",r:{x:1(int32),y:2(int32)}} {r:{y:4(int32),z:5(int32)},s:"world",r2:{x:6(int32)}}'), shaperFor(t)));
    expect(out).toEqual([
      '{a:"hello",r:{x:1(int32),y:2(int32),z:null(int32)},s:null(string),r2:null({x:int32})}',
      '{a:null(string),r:{x:null(int32),y:4(int32),z:5(int32)},s:"world",r2:{x:6(int32)}}',
    ]);
  });

  it('fuse spills its input past the memory limit', async () => {
    const store = new MemorySpillStore({ readChunkSize: 3 });
    const t = testContext({ memoryLimit: 13, spillStore: store });
    const out = await collect(fuseOp(t, t.stream('{a:"hello",b:"world"} {b:"goodnight",c:"gracie"}', 1), shaperFor(t)));
    expect(out).toEqual(['{a:"hello",b:"world",c:null(string)}', '{a:null(string),b:"goodnight",c:"gracie"}']);
    expect(store.filesCreated).toBe(1);
    expect(store.liveFiles).toBe(0);
  });
});

describe('shape', () => {
  it('shape merges null-typed fields', async () => {
    const t = testContext();
    expect(await collect(shapeOp(t, t.stream('{a:10,b:null} {a:null,b:11}')))).toEqual(['{a:10,b:null(int64)}', '{a:null(int64),b:11}']);
  });

  it('shape turns integral floats into integers', async () => {
    const t = testContext();
    const input = `{a:10.,b:null,c:null(float64)} {a:11.,b:null,c:null(float64)} {a:null(float64),b:null,c:null(float64)}
      {a:null,b:11.,c:11.2} {a:null,b:12.,c:1.} {a:null,b:null,c:null}`;
    expect(await collect(shapeOp(t, t.stream(input)))).toEqual([
      '{a:10,b:null(int64),c:null(float64)}',
      '{a:11,b:null(int64),c:null(float64)}',
      '{a:null(int64),b:null(int64),c:null(float64)}',
      '{a:null(int64),b:11,c:11.2}',
      '{a:null(int64),b:12,c:1.}',
      '{a:null(int64),b:null(int64),c:null(float64)}',
    ]);
  });

  it('shape keeps strings and passes non-records', async () => {
    const t = testContext();
    expect(await collect(shapeOp(t, t.stream('{s:"x",n:1.5} 3')))).toEqual(['{s:"x",n:1.5}', '3']);
  });
});
