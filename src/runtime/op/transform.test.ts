import { describe, expect, it } from 'vitest';
import { compareValues, newBool, newInt64, newString } from '../../zed/index.js';
import { cutOp } from './cut.js';
import { dropOp } from './drop.js';
import { dynamicName } from './paths.js';
import { putOp } from './put.js';
import { renameOp } from './rename.js';
import { collect, constant, quiet, testContext } from './testing.js';
import type { Evaluator } from './types.js';

const s = (x: string) => constant(newString(x));

describe('cut', () => {
  it('cut keeps the named fields in the given order', async () => {
    const t = testContext();
    const out = await collect(cutOp(t, t.stream('{a:1,b:2,c:3} 1 {c:1,a:2}'), [
      { lhs: ['a'], rhs: t.field('a') },
      { lhs: ['c'], rhs: t.field('c') },
    ]));
    expect(out).toEqual(['{a:1,c:3}', '{a:error("missing"),c:error("missing")}', '{a:2,c:1}']);
  });

  it('cut leaves out quiet fields and drops records left empty', async () => {
    const t = testContext();
    const input = '{foo:"foo0"} {foo:"foo1",goo:"goo1"} {bar:"bar2"} {bar:"bar4",goo:"goo4",foo:"foo4"} {goo:"goo5"}';
    const out = await collect(cutOp(t, t.stream(input), [
      { lhs: ['f'], rhs: quiet(t, t.field('foo')) },
      { lhs: ['b'], rhs: quiet(t, t.field('bar')) },
    ]));
    expect(out).toEqual(['{f:"foo0"}', '{f:"foo1"}', '{b:"bar2"}', '{f:"foo4",b:"bar4"}']);
  });

  it('cut nests dotted targets and renames', async () => {
    const t = testContext();
    const input = '{id:{orig_p:1(port=uint16),resp_p:2(port)}} {id:[3(port=uint16),4(port)]}';
    const out = await collect(cutOp(t, t.stream(input), [
      { lhs: ['ports'], rhs: t.field('id') },
      { lhs: ['resp_p'], rhs: quiet(t, t.field('id.resp_p')) },
    ]));
    expect(out).toEqual(['{ports:{orig_p:1(port=uint16),resp_p:2(port)},resp_p:2(port)}', '{ports:[3(port=uint16),4(port)]}']);
    const nested = await collect(cutOp(t, t.stream('{a:1,b:{c:2,d:3}}'), [
      { lhs: ['x', 'y'], rhs: t.field('a') },
      { lhs: ['x', 'z'], rhs: t.field('b.d') },
    ]));
    expect(nested).toEqual(['{x:{y:1,z:3}}']);
  });

  it('cut with computed field names, and its runtime errors', async () => {
    const t = testContext();
    const dyn = (f: string) => dynamicName(t.field(f));
    expect(await collect(cutOp(t, t.stream('{a:"hi",b:"hello"}'), [{ lhs: [dyn('a'), dyn('b')], rhs: s('world') }]))).toEqual([
      '{hi:{hello:"world"}}',
    ]);
    expect(
      await collect(cutOp(t, t.stream('{key:"foo",v1:1} {key:"bar",v1:2}'), [{ lhs: [dyn('key')], rhs: t.field('v1') }])),
    ).toEqual(['{foo:1}', '{bar:2}']);
    expect(
      await collect(cutOp(t, t.stream('{a:"hello",b:"hello"}'), [
        { lhs: [dyn('a')], rhs: s('world1') },
        { lhs: [dyn('b')], rhs: s('world2') },
      ])),
    ).toEqual(['error({message:"cut: duplicate field: \\"hello\\"",on:{a:"hello",b:"hello"}})']);
    expect(await collect(cutOp(t, t.stream('{}'), [{ lhs: [dyn('doesnotexist')], rhs: s('world') }]))).toEqual([
      'error({message:"cut: missing",on:{}})',
    ]);
    expect(await collect(cutOp(t, t.stream('{a:1}'), [{ lhs: [], rhs: s('x') }]))).toEqual([
      `error({message:"cut: 'this' not allowed (use record literal)",on:{a:1}})`,
    ]);
  });

  it('cut of empty records', async () => {
    const t = testContext();
    const out = await collect(cutOp(t, t.stream('{} {a:{}} {a:{},b:{}}'), [
      { lhs: ['a'], rhs: t.field('a') },
      { lhs: ['b'], rhs: t.field('b') },
    ]));
    expect(out).toEqual(['{a:error("missing"),b:error("missing")}', '{a:{},b:error("missing")}', '{a:{},b:{}}']);
  });
});

describe('drop', () => {
  it('drop removes fields and passes non-records', async () => {
    const t = testContext();
    expect(await collect(dropOp(t, t.stream('1 {a:1,b:2,c:3}'), [['a'], ['b']]))).toEqual(['1', '{c:3}']);
    expect(await collect(dropOp(t, t.stream('{id:null({ip:ip}),id2:{ip:1.1.1.1}}'), [['id']]))).toEqual(['{id2:{ip:1.1.1.1}}']);
  });

  it('drop of nested fields rebuilds or removes the records they are in', async () => {
    const t = testContext();
    const out = await collect(dropOp(t, t.stream('{a:1,r:{b:2,c:3},w:2} {r:{b:1},x:1} {r:null({b:int64,c:int64})} {a:1}'), [['r', 'b']]));
    expect(out).toEqual(['{a:1,r:{c:3},w:2}', '{x:1}', '{r:{c:null(int64)}}', '{a:1}']);
  });

  it('drop of every field drops the record', async () => {
    const t = testContext();
    expect(await collect(dropOp(t, t.stream('{a:1} {a:1,b:2}'), [['a']]))).toEqual(['{b:2}']);
  });
});

describe('put', () => {
  it('put appends new fields and replaces in place', async () => {
    const t = testContext();
    const out = await collect(putOp(t, t.stream('{a:1,b:2} {b:5,c:0}'), [
      { lhs: ['c'], rhs: constant(newInt64(3)) },
      { lhs: ['a'], rhs: t.field('b') },
    ]));
    expect(out).toEqual(['{a:2,b:2,c:3}', '{b:5,c:3,a:5}']);
  });

  it('put on non-records and errors', async () => {
    const t = testContext();
    const out = await collect(putOp(t, t.stream('{a:1} 1 error("x")'), [{ lhs: ['b'], rhs: constant(newInt64(2)) }]));
    expect(out).toEqual(['{a:1,b:2}', 'error({message:"put: not a record",on:1})', 'error("x")']);
    expect(await collect(putOp(t, t.stream('{a:1,b:2,c:3}'), [{ lhs: ['d'], rhs: t.field('e') }]))).toEqual([
      '{a:1,b:2,c:3,d:error("missing")}',
    ]);
    expect(await collect(putOp(t, t.stream('{} {x:1}'), [{ lhs: ['x'], rhs: quiet(t, t.field('y')) }]))).toEqual(['{}', '{x:1}']);
  });

  it('put nested paths as Zed orders them', async () => {
    const t = testContext();
    const input = `{}
      {a:null}
      {a:{}(=named)}
      {a:{c:null}}
      {a:{c:{a:{a:4}}}}
      {pre:"pre",a:{x:10,b:2,c:{a:3},d:4},b:5,post:"post"}
      {other:"other"}`;
    const out = await collect(putOp(t, t.stream(input), [
      { lhs: ['pre'], rhs: s('pre') },
      { lhs: ['a', 'a'], rhs: constant(newInt64(1)) },
      { lhs: ['a', 'b'], rhs: constant(newInt64(2)) },
      { lhs: ['a', 'c', 'a'], rhs: constant(newInt64(3)) },
      { lhs: ['a', 'd'], rhs: constant(newInt64(4)) },
      { lhs: ['b'], rhs: constant(newInt64(5)) },
      { lhs: ['post'], rhs: s('post') },
    ]));
    expect(out).toEqual([
      '{pre:"pre",a:{a:1,b:2,c:{a:3},d:4},b:5,post:"post"}',
      '{a:{a:1,b:2,c:{a:3},d:4},pre:"pre",b:5,post:"post"}',
      '{a:{a:1,b:2,c:{a:3},d:4},pre:"pre",b:5,post:"post"}',
      '{a:{c:{a:3},a:1,b:2,d:4},pre:"pre",b:5,post:"post"}',
      '{a:{c:{a:3},a:1,b:2,d:4},pre:"pre",b:5,post:"post"}',
      '{pre:"pre",a:{x:10,b:2,c:{a:3},d:4,a:1},b:5,post:"post"}',
      '{other:"other",pre:"pre",a:{a:1,b:2,c:{a:3},d:4},b:5,post:"post"}',
    ]);
  });

  it('put follows changing result types for one input type', async () => {
    const t = testContext();
    const e: Evaluator = (v) => {
      const x = t.field('x')(v);
      return compareValues(x, newInt64(0)) > 0 ? newString('string') : x;
    };
    expect(await collect(putOp(t, t.stream('{x:0(int32)} {x:1(int32)} {x:0(int32)}'), [{ lhs: ['y'], rhs: e }]))).toEqual([
      '{x:0(int32),y:0(int32)}',
      '{x:1(int32),y:"string"}',
      '{x:0(int32),y:0(int32)}',
    ]);
  });

  it('put with computed names and conflicting targets', async () => {
    const t = testContext();
    const dyn = (f: string) => dynamicName(t.field(f));
    expect(await collect(putOp(t, t.stream('{a:"hi",b:"hello"}'), [{ lhs: [dyn('a'), dyn('b')], rhs: s('world') }]))).toEqual([
      '{a:"hi",b:"hello",hi:{hello:"world"}}',
    ]);
    expect(
      await collect(putOp(t, t.stream('{a:"hello",b:"hello"}'), [
        { lhs: [dyn('a')], rhs: s('world1') },
        { lhs: [dyn('b')], rhs: s('world2') },
      ])),
    ).toEqual(['error({message:"put: multiple assignments to hello",on:{a:"hello",b:"hello"}})']);
    expect(
      await collect(putOp(t, t.stream('{a:"foo",b:"bar"}'), [
        { lhs: [dyn('a'), dyn('b')], rhs: s('world') },
        { lhs: [dyn('a')], rhs: s('world') },
      ])),
    ).toEqual(['error({message:"put: conflicting nested assignments to foo and foo.bar",on:{a:"foo",b:"bar"}})']);
    expect(await collect(putOp(t, t.stream('{}'), [{ lhs: [dyn('doesnotexist')], rhs: s('world') }]))).toEqual([
      'error({message:"put: missing",on:{}})',
    ]);
  });

  it('put into a null record makes the result null, as Zed does', async () => {
    const t = testContext();
    expect(await collect(putOp(t, t.stream('{r:null({x:int64})}'), [{ lhs: ['r', 'y'], rhs: constant(newBool(true)) }]))).toEqual([
      'null({r:{x:int64,y:bool}})',
    ]);
  });
});

describe('rename', () => {
  it('rename renames in place, nested too', async () => {
    const t = testContext();
    expect(await collect(renameOp(t, t.stream('{a:1,b:2} 3'), [{ dst: ['c'], src: ['b'] }]))).toEqual(['{a:1,c:2}', '3']);
    expect(await collect(renameOp(t, t.stream('{a:1,r:{b:2,c:3}}'), [{ dst: ['r', 'a'], src: ['r', 'b'] }]))).toEqual([
      '{a:1,r:{a:2,c:3}}',
    ]);
  });

  it('rename clashes and bad paths give structured errors', async () => {
    const t = testContext();
    expect(await collect(renameOp(t, t.stream('{b:1} {a:1,b:1} {c:1}'), [{ dst: ['a'], src: ['b'] }]))).toEqual([
      '{a:1}',
      'error({message:"rename: duplicate field: \\"a\\"",on:{a:1,b:1}})',
      '{c:1}',
    ]);
    const dyn = (f: string) => dynamicName(t.field(f));
    expect(
      await collect(renameOp(t, t.stream('{foo:"a",bar:"b"}'), [{ dst: [dyn('foo'), 'c'], src: [dyn('bar'), 'd'] }])),
    ).toEqual(['error({message:"rename: cannot rename b.d to a.c (differ in b vs a)",on:{foo:"a",bar:"b"}})']);
    expect(
      await collect(renameOp(t, t.stream('{foo:"a"}'), [{ dst: [dyn('foo'), 'c'], src: [dyn('foo'), 'a', 'b'] }])),
    ).toEqual(['error({message:"rename: left-hand side and right-hand side must have the same depth (a.a.b vs a.c)",on:{foo:"a"}})']);
    expect(
      await collect(renameOp(t, t.stream('{target:"foo",src:"bar"}'), [{ dst: [dyn('target')], src: ['src'] }])),
    ).toEqual(['{target:"foo",foo:"bar"}']);
  });
});
