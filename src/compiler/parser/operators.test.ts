import { describe, expect, test } from 'vitest';
import { stripLoc } from '../ast/index.js';
import { parseQuery } from './index.js';

/** The single operator of a query. */
function op(text: string): unknown {
  const seq = stripLoc(parseQuery(text));
  expect(seq).toHaveLength(1);
  return seq[0];
}

const id = (name: string) => ({ kind: 'ID', name });
const int = (text: string) => ({ kind: 'Primitive', type: 'int64', text });
const str = (text: string) => ({ kind: 'Primitive', type: 'string', text });
const bin = (op: string, lhs: unknown, rhs: unknown) => ({ kind: 'BinaryExpr', op, lhs, rhs });
const assign = (lhs: unknown, rhs: unknown) => ({ kind: 'Assignment', lhs, rhs });
const agg = (name: string, expr: unknown = null, where: unknown = null) => ({ kind: 'Agg', name, expr, where });
const sortExpr = (expr: unknown, order: string | null = null) => ({ kind: 'SortExpr', expr, order });

describe('keyword operators', () => {
  test('assert keeps its expression text', () => {
    expect(op('assert a > 1')).toEqual({ kind: 'Assert', expr: bin('>', id('a'), int('1')), text: 'a > 1' });
  });

  test('sort with flags and keys', () => {
    expect(op('sort')).toEqual({ kind: 'Sort', reverse: false, nullsFirst: false, args: [] });
    expect(op('sort -r -nulls first a, b desc, c asc')).toEqual({
      kind: 'Sort',
      reverse: true,
      nullsFirst: true,
      args: [sortExpr(id('a')), sortExpr(id('b'), 'desc'), sortExpr(id('c'), 'asc')],
    });
    expect(op('sort -nulls last x')).toMatchObject({ nullsFirst: false, args: [sortExpr(id('x'))] });
  });

  test('top with a limit, -flush and fields', () => {
    expect(op('top')).toEqual({ kind: 'Top', limit: null, args: [], flush: false });
    expect(op('top 5 -flush')).toMatchObject({ flush: false, limit: bin('-', int('5'), id('flush')) });
    expect(op('top 5 a, b')).toEqual({ kind: 'Top', limit: int('5'), args: [id('a'), id('b')], flush: false });
  });

  test('cut and drop', () => {
    expect(op('cut a, b:=c.d')).toEqual({
      kind: 'Cut',
      args: [assign(null, id('a')), assign(id('b'), bin('.', id('c'), id('d')))],
    });
    expect(op('drop a, b.c')).toEqual({ kind: 'Drop', args: [id('a'), bin('.', id('b'), id('c'))] });
  });

  test('head and tail with and without a count', () => {
    expect(op('head')).toEqual({ kind: 'Head', count: null });
    expect(op('head 5')).toEqual({ kind: 'Head', count: int('5') });
    expect(op('tail n+1')).toEqual({ kind: 'Tail', count: bin('+', id('n'), int('1')) });
    expect(op('tail')).toEqual({ kind: 'Tail', count: null });
  });

  test('where, put, rename, merge, yield', () => {
    expect(op('where x>1')).toEqual({ kind: 'Where', expr: bin('>', id('x'), int('1')) });
    expect(op('put x:=1, y:=a')).toEqual({
      kind: 'Put',
      args: [assign(id('x'), int('1')), assign(id('y'), id('a'))],
    });
    expect(op('rename a:=b')).toEqual({ kind: 'Rename', args: [assign(id('a'), id('b'))] });
    expect(op('merge ts')).toEqual({ kind: 'Merge', expr: id('ts') });
    expect(op('yield 1, a')).toEqual({ kind: 'Yield', exprs: [int('1'), id('a')] });
  });

  test('flag-less operators', () => {
    expect(op('uniq')).toEqual({ kind: 'Uniq', cflag: false });
    expect(op('uniq -c')).toEqual({ kind: 'Uniq', cflag: true });
    expect(op('fuse')).toEqual({ kind: 'Fuse' });
    expect(op('shape')).toEqual({ kind: 'Shape' });
    expect(op('pass')).toEqual({ kind: 'Pass' });
  });

  test('a keyword followed by ( is a call instead', () => {
    expect(op('fuse(x)')).toMatchObject({ kind: 'OpExpr', expr: { kind: 'Call', name: id('fuse') } });
  });

  test('sample, explode, output, debug', () => {
    expect(op('sample')).toEqual({ kind: 'Sample', expr: null });
    expect(op('sample a.b')).toEqual({ kind: 'Sample', expr: bin('.', id('a'), id('b')) });
    expect(op('explode a, b by int64 as c')).toEqual({
      kind: 'Explode',
      args: [id('a'), id('b')],
      type: { kind: 'TypePrimitive', name: 'int64' },
      as: id('c'),
    });
    expect(op('output main')).toEqual({ kind: 'Output', name: id('main') });
    expect(op('debug')).toEqual({ kind: 'Debug', expr: null });
    expect(op('debug f"x={x}"')).toMatchObject({ kind: 'Debug', expr: { kind: 'FString' } });
  });
});

describe('join', () => {
  test('styles, keys and assignments', () => {
    expect(op('join on a=b c:=d')).toEqual({
      kind: 'Join',
      style: 'inner',
      rightInput: null,
      leftKey: id('a'),
      rightKey: id('b'),
      args: [assign(id('c'), id('d'))],
    });
    for (const style of ['anti', 'inner', 'left', 'right']) {
      expect(op(`${style} join on x`)).toMatchObject({ style, leftKey: id('x'), rightKey: null, args: [] });
    }
  });

  test('a parenthesized key and a right-hand input', () => {
    expect(op('left join (from b | sort k) on (lower(k))=k2 v')).toEqual({
      kind: 'Join',
      style: 'left',
      rightInput: [
        { kind: 'Pool', spec: { kind: 'PoolSpec', pool: { kind: 'String', text: 'b' }, commit: null, meta: null, tap: false } },
        { kind: 'Sort', reverse: false, nullsFirst: false, args: [sortExpr(id('k'))] },
      ],
      leftKey: { kind: 'Call', name: id('lower'), args: [id('k')], where: null },
      rightKey: id('k2'),
      args: [assign(null, id('v'))],
    });
  });
});

describe('sources', () => {
  const spec = (pool: unknown, extra: object = {}) => ({
    kind: 'PoolSpec',
    pool,
    commit: null,
    meta: null,
    tap: false,
    ...extra,
  });
  const name = (text: string) => ({ kind: 'String', text });

  test('from a pool, commit, meta and tap', () => {
    expect(op('from logs')).toEqual({ kind: 'Pool', spec: spec(name('logs')) });
    expect(op('from logs@main:objects tap')).toEqual({
      kind: 'Pool',
      spec: spec(name('logs'), { commit: 'main', meta: 'objects', tap: true }),
    });
    expect(op('from logs@2CqqxfGQ9Ebs6ePq3c6vSvMT5Fx')).toMatchObject({
      spec: { commit: '2CqqxfGQ9Ebs6ePq3c6vSvMT5Fx' },
    });
    expect(op('from :pools')).toEqual({ kind: 'Pool', spec: spec(null, { meta: 'pools' }) });
  });

  test('pool patterns', () => {
    expect(op('from /^l.*/')).toEqual({ kind: 'Pool', spec: spec({ kind: 'Regexp', pattern: '^l.*' }) });
    expect(op('from log*')).toEqual({ kind: 'Pool', spec: spec({ kind: 'Glob', pattern: 'log*' }) });
    expect(op('from *')).toEqual({ kind: 'Pool', spec: spec({ kind: 'Glob', pattern: '*' }) });
    expect(op('from "my pool"')).toEqual({ kind: 'Pool', spec: spec({ kind: 'QuotedString', text: 'my pool' }) });
  });

  test('file with format and order', () => {
    expect(op('file a/b.json format json order ts desc')).toEqual({
      kind: 'File',
      path: name('a/b.json'),
      format: 'json',
      sortKeys: [sortExpr(id('ts'), 'desc')],
    });
    expect(op('file "x y.zng"')).toMatchObject({ path: { kind: 'QuotedString', text: 'x y.zng' }, format: null });
  });

  test('get with all its arguments', () => {
    expect(op('get https://a.b/c?d=1 format csv method post headers {a:"b"} body "x"')).toEqual({
      kind: 'HTTP',
      url: name('https://a.b/c?d=1'),
      format: 'csv',
      sortKeys: [],
      method: 'post',
      headers: { kind: 'RecordExpr', elems: [{ kind: 'Field', name: 'a', value: str('b') }] },
      body: 'x',
    });
  });

  test('load', () => {
    expect(op('load logs')).toEqual({
      kind: 'Load',
      pool: 'logs',
      branch: null,
      author: null,
      message: null,
      meta: null,
    });
    expect(op('load logs@dev author "me" message "m" meta "x"')).toEqual({
      kind: 'Load',
      pool: 'logs',
      branch: 'dev',
      author: 'me',
      message: 'm',
      meta: 'x',
    });
  });
});

describe('over', () => {
  test('with locals and a lateral body', () => {
    expect(op('over a, b with x=c, y => ( yield x )')).toEqual({
      kind: 'Over',
      exprs: [id('a'), id('b')],
      locals: [
        { kind: 'Def', name: id('x'), expr: id('c') },
        { kind: 'Def', name: id('y'), expr: id('y') },
      ],
      body: [{ kind: 'Yield', exprs: [id('x')] }],
    });
    expect(op('over this')).toEqual({ kind: 'Over', exprs: [id('this')], locals: [], body: null });
  });

  test('a lateral body may declare', () => {
    expect(op('over a => ( const k=1 yield k )')).toMatchObject({
      body: [{ kind: 'Scope', decls: [{ kind: 'ConstDecl', name: id('k') }] }],
    });
  });
});

describe('aggregations and assignments', () => {
  const summarize = (aggs: unknown[], keys: unknown[] = [], limit = 0) => ({ kind: 'Summarize', keys, aggs, limit });

  test('aggregates with keys, with or without the keyword', () => {
    expect(op('count()')).toEqual({ kind: 'OpExpr', expr: { kind: 'Call', name: id('count'), args: [], where: null } });
    expect(op('count() by x')).toEqual(summarize([assign(null, agg('count'))], [assign(null, id('x'))]));
    expect(op('summarize count()')).toEqual(summarize([assign(null, agg('count'))]));
    expect(op('n:=sum(x) where x>0, m:=max(y) by k:=lower(z), every(1h) with -limit 10')).toEqual(
      summarize(
        [
          assign(id('n'), agg('sum', id('x'), bin('>', id('x'), int('0')))),
          assign(id('m'), agg('max', id('y'))),
        ],
        [
          assign(id('k'), { kind: 'Call', name: id('lower'), args: [id('z')], where: null }),
          assign(null, { kind: 'Call', name: id('every'), args: [{ kind: 'Primitive', type: 'duration', text: '1h' }], where: null }),
        ],
        10,
      ),
    );
  });

  test('keys only', () => {
    expect(op('by a, b')).toEqual(summarize([], [assign(null, id('a')), assign(null, id('b'))]));
    expect(op('summarize by a')).toEqual(summarize([], [assign(null, id('a'))]));
  });

  test('an aggregate argument may be a lateral expression', () => {
    expect(op('collect(over a | yield this) by k')).toMatchObject({
      aggs: [{ rhs: { kind: 'Agg', name: 'collect', expr: { kind: 'OverExpr' } } }],
    });
  });

  test('bare assignments are an OpAssignment', () => {
    expect(op('x:=1, y:=count()')).toEqual({
      kind: 'OpAssignment',
      assignments: [assign(id('x'), int('1')), assign(id('y'), { kind: 'Call', name: id('count'), args: [], where: null })],
    });
  });
});
