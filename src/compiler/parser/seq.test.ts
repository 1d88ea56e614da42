import { describe, expect, test } from 'vitest';
import { stripLoc } from '../ast/index.js';
import { parseQuery } from './index.js';

const q = (text: string) => stripLoc(parseQuery(text));
const id = (name: string) => ({ kind: 'ID', name });
const int = (text: string) => ({ kind: 'Primitive', type: 'int64', text });
const term = (text: string) => ({ kind: 'Term', text, value: { kind: 'Primitive', type: 'string', text } });
const opExpr = (expr: unknown) => ({ kind: 'OpExpr', expr });
const pass = { kind: 'Pass' };

describe('sequences', () => {
  test('operators joined by pipes, across lines and comments', () => {
    expect(q('foo\n| // a comment\n  head 1 |pass')).toEqual([
      opExpr(term('foo')),
      { kind: 'Head', count: int('1') },
      pass,
    ]);
  });

  test('a pipe must not start a set or map', () => {
    expect(q('yield 1 | yield |[1]|')).toHaveLength(2);
  });

  test('fork', () => {
    expect(q('fork ( => pass => head | tail )')).toEqual([
      {
        kind: 'Parallel',
        paths: [[pass], [{ kind: 'Head', count: null }, { kind: 'Tail', count: null }]],
      },
    ]);
  });

  test('switch on a value and switch on conditions', () => {
    expect(q('switch x ( case 1 => pass default => head )')).toEqual([
      {
        kind: 'Switch',
        expr: id('x'),
        cases: [
          { kind: 'Case', expr: int('1'), path: [pass] },
          { kind: 'Case', expr: null, path: [{ kind: 'Head', count: null }] },
        ],
      },
    ]);
    expect(q('switch (case x>1 => pass)')).toMatchObject([
      { kind: 'Switch', expr: null, cases: [{ expr: { kind: 'BinaryExpr', op: '>' } }] },
    ]);
  });

  test('from with legs', () => {
    expect(q('from ( pool a => head 1 pool b file c.json pass => tail )')).toEqual([
      {
        kind: 'From',
        trunks: [
          {
            kind: 'Trunk',
            source: {
              kind: 'Pool',
              spec: { kind: 'PoolSpec', pool: { kind: 'String', text: 'a' }, commit: null, meta: null, tap: false },
            },
            seq: [{ kind: 'Head', count: int('1') }],
          },
          {
            kind: 'Trunk',
            source: {
              kind: 'Pool',
              spec: { kind: 'PoolSpec', pool: { kind: 'String', text: 'b' }, commit: null, meta: null, tap: false },
            },
            seq: null,
          },
          {
            kind: 'Trunk',
            source: { kind: 'File', path: { kind: 'String', text: 'c.json' }, format: null, sortKeys: [] },
            seq: null,
          },
          { kind: 'Trunk', source: pass, seq: [{ kind: 'Tail', count: null }] },
        ],
      },
    ]);
  });
});

describe('declarations and scopes', () => {
  test('a query opening with declarations is one scope', () => {
    expect(q('const x = 1\ntype port = uint16\nyield x')).toEqual([
      {
        kind: 'Scope',
        decls: [
          { kind: 'ConstDecl', name: id('x'), expr: int('1') },
          { kind: 'TypeDecl', name: id('port'), type: { kind: 'TypePrimitive', name: 'uint16' } },
        ],
        body: [{ kind: 'Yield', exprs: [id('x')] }],
      },
    ]);
  });

  test('func and op declarations', () => {
    expect(q('func add(a, b): (a+b) op twice(): (pass | pass) twice()')).toEqual([
      {
        kind: 'Scope',
        decls: [
          {
            kind: 'FuncDecl',
            name: id('add'),
            params: [id('a'), id('b')],
            expr: { kind: 'BinaryExpr', op: '+', lhs: id('a'), rhs: id('b') },
          },
          { kind: 'OpDecl', name: id('twice'), params: [], body: [pass, pass] },
        ],
        body: [opExpr({ kind: 'Call', name: id('twice'), args: [], where: null })],
      },
    ]);
  });

  test('an op body may declare', () => {
    expect(q('op f(): ( const y=1 yield y ) f()')).toMatchObject([
      { kind: 'Scope', decls: [{ kind: 'OpDecl', body: [{ kind: 'Scope' }] }] },
    ]);
  });

  test('a parenthesized scope inside a sequence', () => {
    expect(q('pass | ( const a=1 yield a ) | head')).toEqual([
      pass,
      {
        kind: 'Scope',
        decls: [{ kind: 'ConstDecl', name: id('a'), expr: int('1') }],
        body: [{ kind: 'Yield', exprs: [id('a')] }],
      },
      { kind: 'Head', count: null },
    ]);
  });

  test('a declaration must be followed by a space', () => {
    expect(() => parseQuery('const x=1')).toThrow(/column 10/);
  });
});

describe('locations', () => {
  test('operators and leaves span their source text', () => {
    const text = 'count() by x | sort -r a';
    const [sum, sort] = parseQuery(text);
    expect(sum?.loc).toEqual({ start: 0, end: 12 });
    expect(sort?.loc).toEqual({ start: 15, end: 24 });
    const term = parseQuery('  foo  ')[0];
    expect(term?.loc).toEqual({ start: 2, end: 5 });
  });
});
