// The semantic pass: names, consts, types, functions, user ops and
// shortcuts resolved into a plan, and semantic errors with their spans.
import { describe, expect, test } from 'vitest';
import { TypeContext } from '../../zed/index.js';
import { createEvalContext } from '../../runtime/index.js';
import type * as dag from '../dag/index.js';
import { CompileError, UnsupportedExprError } from '../errors.js';
import { parseQuery } from '../parser/index.js';
import { analyze } from './index.js';

function plan(query: string, canLoad = false): dag.Seq {
  return analyze(parseQuery(query), { ectx: createEvalContext(new TypeContext()), canLoad }).seq;
}

/** The plan without the leading DefaultScan the semantic pass adds. */
function ops(query: string): dag.Seq {
  const seq = plan(query);
  const first = seq[0];
  if (first?.kind === 'Scope') return [{ ...first, body: first.body.slice(1) }];
  expect(first).toEqual({ kind: 'DefaultScan', filter: null });
  return seq.slice(1);
}

/** The error analyzing `query` raises, with the source text its span covers. */
function failure(query: string): { message: string; at: string | null; error: unknown } {
  try {
    plan(query);
  } catch (e) {
    const loc = (e as { loc?: { start: number; end: number } | null }).loc;
    return { message: (e as Error).message, at: loc === undefined || loc === null ? null : query.slice(loc.start, loc.end), error: e };
  }
  throw new Error(`no error for ${query}`);
}

const THIS = { kind: 'This', path: [] };
const f = (...path: string[]) => ({ kind: 'This', path });

describe('semantic pass: names', () => {
  test('fields, this-rooted paths and constant string indexes are This paths', () => {
    expect(ops('cut a.b.c, this.a, z:=this["x.y"], q:=this')).toEqual([
      {
        kind: 'Cut',
        args: [
          { kind: 'Assignment', lhs: f('a', 'b', 'c'), rhs: f('a', 'b', 'c') },
          { kind: 'Assignment', lhs: f('a'), rhs: f('a') },
          { kind: 'Assignment', lhs: f('z'), rhs: f('x.y') },
          { kind: 'Assignment', lhs: f('q'), rhs: THIS },
        ],
      },
    ]);
    expect(ops('const k = "y"\nput this[k] := a["b"].c')).toEqual([
      {
        kind: 'Scope',
        consts: [{ name: 'k', value: '"y"' }],
        types: [],
        funcs: [],
        body: [{ kind: 'Put', args: [{ kind: 'Assignment', lhs: f('y'), rhs: f('a', 'b', 'c') }] }],
      },
    ]);
  });
  test('consts are evaluated once and inlined; nearer consts shadow outer ones', () => {
    const seq = ops('const c = 1+2\nconst t = <{a:string}>\nyield [c, is(t), x == c]');
    const scope = seq[0] as dag.Scope;
    expect(scope.consts).toEqual([
      { name: 'c', value: '3' },
      { name: 't', value: '<{a:string}>' },
    ]);
    expect(scope.body).toEqual([
      {
        kind: 'Yield',
        exprs: [
          {
            kind: 'ArrayExpr',
            elems: [
              { kind: 'VectorValue', expr: { kind: 'Literal', value: '3' } },
              { kind: 'VectorValue', expr: { kind: 'Call', name: 'is', args: [THIS, { kind: 'Literal', value: '<{a:string}>' }] } },
              { kind: 'VectorValue', expr: { kind: 'BinaryExpr', op: '==', lhs: f('x'), rhs: { kind: 'Literal', value: '3' } } },
            ],
          },
        ],
      },
    ]);
    const inner = plan('const a = 1\nover x => ( const a = 10\nyield a )');
    expect(JSON.stringify(inner)).toContain('{"kind":"Yield","exprs":[{"kind":"Literal","value":"10"}]}');
  });
  test('with-locals are frame slots; a local hides a field of the same name', () => {
    const seq = ops('over a with k=key, x="local" => ( yield [k, x, y] )');
    expect(seq).toEqual([
      {
        kind: 'Over',
        defs: [
          { name: 'k', slot: 0, expr: f('key') },
          { name: 'x', slot: 1, expr: { kind: 'Literal', value: '"local"' } },
        ],
        exprs: [f('a')],
        body: [
          {
            kind: 'Yield',
            exprs: [
              {
                kind: 'ArrayExpr',
                elems: [
                  { kind: 'VectorValue', expr: { kind: 'Var', name: 'k', slot: 0 } },
                  { kind: 'VectorValue', expr: { kind: 'Var', name: 'x', slot: 1 } },
                  { kind: 'VectorValue', expr: f('y') },
                ],
              },
            ],
          },
        ],
      },
    ]);
  });
  test('declared type names are type values; every type form resolves', () => {
    const seq = ops('type port = uint16\nyield [port, <{a:[ip],b:|[string]|,c:|{string:int64}|,d:(int64,string),e:error(string),f:p2=uint8,g:p2}>]');
    const scope = seq[0] as dag.Scope;
    expect(scope.types).toEqual([{ name: 'port', type: 'port=uint16' }]);
    expect(JSON.stringify(scope.body)).toContain('"<port=uint16>"');
    expect(JSON.stringify(scope.body)).toContain('<{a:[ip],b:|[string]|,c:|{string:int64}|,d:(int64,string),e:error(string),f:p2=uint8,g:p2}>');
  });
  test('an undeclared type name is looked up at run time', () => {
    expect(ops('yield <nope>, <nope>(x)')).toEqual([
      { kind: 'Yield', exprs: [{ kind: 'TypeName', name: 'nope' }, { kind: 'Cast', expr: f('x'), type: { kind: 'TypeName', name: 'nope' } }] },
    ]);
  });
});

describe('semantic pass: shortcuts and operators', () => {
  test('a bare Boolean filters, a bare aggregate summarizes, anything else yields', () => {
    expect(ops('x > 1')).toEqual([{ kind: 'Filter', expr: { kind: 'BinaryExpr', op: '>', lhs: f('x'), rhs: { kind: 'Literal', value: '1' } } }]);
    expect(ops('count()')).toEqual([
      { kind: 'Summarize', keys: [], aggs: [{ kind: 'AggAssignment', lhs: f('count'), rhs: { kind: 'Agg', name: 'count', expr: null, where: null } }], limit: 0 },
      { kind: 'Yield', exprs: [f('count')] },
    ]);
    expect(ops('x + 1')).toEqual([{ kind: 'Yield', exprs: [{ kind: 'BinaryExpr', op: '+', lhs: f('x'), rhs: { kind: 'Literal', value: '1' } }] }]);
    expect(ops('n:=count(), s:=sum(x) by k')[0]).toMatchObject({ kind: 'Summarize', keys: [{ lhs: f('k'), rhs: f('k') }] });
    expect(ops('y:=x*10')[0]).toMatchObject({ kind: 'Put' });
  });
  test('search terms, globs and regexps become search nodes', () => {
    expect(ops('foo 10 bar* /b.r/')).toEqual([
      {
        kind: 'Filter',
        expr: {
          kind: 'BinaryExpr',
          op: 'and',
          lhs: {
            kind: 'BinaryExpr',
            op: 'and',
            lhs: {
              kind: 'BinaryExpr',
              op: 'and',
              lhs: { kind: 'Search', text: 'foo', value: '"foo"', expr: THIS },
              rhs: { kind: 'Search', text: '10', value: '10', expr: THIS },
            },
            rhs: { kind: 'RegexpSearch', pattern: '^bar.*$', expr: THIS },
          },
          rhs: { kind: 'RegexpSearch', pattern: 'b.r', expr: THIS },
        },
      },
    ]);
  });
  test('user ops expand in place with their arguments', () => {
    expect(ops('op stamp(who): ( put by := who )\nstamp("bob")')).toEqual([
      {
        kind: 'Scope',
        consts: [],
        types: [],
        funcs: [],
        body: [{ kind: 'Put', args: [{ kind: 'Assignment', lhs: f('by'), rhs: { kind: 'Literal', value: '"bob"' } }] }],
      },
    ]);
  });
  test('from with several trunks forks; one trunk is inlined', () => {
    const two = plan('from ( file a.zson => head 1 file b.zson )');
    expect(two).toMatchObject([{ kind: 'Fork', paths: [[{ kind: 'FileScan', filter: null }, { kind: 'Head', count: 1 }], [{ kind: 'FileScan' }]] }]);
    expect(plan('from ( file a.zson => head 1 )')).toMatchObject([{ kind: 'FileScan' }, { kind: 'Head', count: 1 }]);
    expect(plan('file a.zson order x desc | head 2')).toMatchObject([{ kind: 'FileScan', sortKeys: [{ path: ['x'], order: 'desc' }] }, { kind: 'Head' }]);
  });
  test('join with a parenthesized right input forks the input', () => {
    expect(plan('join (file r.zson) on a=b')).toMatchObject([
      { kind: 'DefaultScan' },
      { kind: 'Fork', paths: [[{ kind: 'Pass' }], [{ kind: 'FileScan' }]] },
      { kind: 'Join', style: 'inner', leftKey: f('a'), rightKey: f('b') },
    ]);
  });
  test('switch with an expression takes constant cases', () => {
    expect(ops('switch x ( case 1 => pass default => head )')).toEqual([
      {
        kind: 'Switch',
        expr: f('x'),
        cases: [
          { expr: { kind: 'Literal', value: '1' }, path: [{ kind: 'Pass' }] },
          { expr: null, path: [{ kind: 'Head', count: 1 }] },
        ],
      },
    ]);
  });
  test('the plan is plain JSON', () => {
    const seq = plan('const c = 1\nfunc f(x): (x + c)\nover a with k=b => ( yield f(k) ) | sort -r y | head 3');
    expect(JSON.parse(JSON.stringify(seq))).toEqual(seq);
    const scope = seq[0] as dag.Scope;
    expect(scope.funcs).toEqual([
      { id: 0, name: 'f', params: ['x'], slots: [1], expr: { kind: 'BinaryExpr', op: '+', lhs: { kind: 'Var', name: 'x', slot: 1 }, rhs: { kind: 'Literal', value: '1' } } },
    ]);
  });
});

describe('semantic pass: errors with positions', () => {
  const cases: { query: string; message: string; at: string | null }[] = [
    { query: 'put this := 1', message: "cannot assign to 'this'", at: 'this' },
    { query: 'put f(a) := 1', message: 'illegal left-hand side of assignment', at: 'f(a)' },
    { query: 'rename a := c+1', message: 'illegal left-hand side of assignment', at: 'c+1' },
    { query: 'cut a+1', message: 'assignment name could not be inferred from rhs expression', at: 'a+1' },
    { query: 'yield {x:1, x:2}', message: 'record expression: duplicate field: "x"', at: 'x:2' },
    { query: 'const t = a\npass', message: 'const "t": cannot have variable dependency', at: 't' },
    { query: 'head "x"', message: 'head: expression value must be an integer constant', at: '"x"' },
    { query: 'tail 1.5', message: 'tail: expression value must be an integer constant', at: '1.5' },
    { query: 'yield nosuch(1)', message: 'nosuch(): no such function', at: 'nosuch(1)' },
    { query: 'yield lower()', message: 'lower(): too few arguments', at: 'lower()' },
    { query: 'yield lower(a) where a', message: "'where' clause on non-aggregation function", at: 'lower(a) where a' },
    { query: 'func f(a): (a)\nyield f()', message: 'call expects 1 argument(s)', at: 'f()' },
    { query: 'yield map(a, "upper")', message: 'second argument must be the identifier of a function', at: '"upper"' },
    { query: 'yield 1.2.3.456', message: 'invalid IP address: 1.2.3.456', at: '1.2.3.456' },
    { query: 'yield 10.0.0.0/33', message: 'invalid network: 10.0.0.0/33', at: '10.0.0.0/33' },
    { query: 'yield 2300-01-01T00:00:00Z', message: 'time overflow: 2300-01-01T00:00:00Z (max: 2262-04-11T23:47:16Z)', at: '2300-01-01T00:00:00Z' },
    { query: 'yield <nope>(1) | yield <{a:nope2}>', message: 'no such type name: "nope2"', at: 'nope2' },
    { query: 'yield x ~ /(/', message: 'error parsing regexp: missing closing ): `(`', at: '/(/' },
    { query: 'switch x ( case y => pass )', message: 'switch case is not a constant expression', at: 'y' },
    { query: 'sum(x), sum(x)', message: 'duplicate field: "sum"', at: 'sum(x)' },
    { query: 'count() by this', message: "cannot assign to 'this'", at: 'this' },
    { query: 'join on a=b', message: 'join requires two inputs', at: 'join on a=b' },
    { query: 'load p', message: 'load operator cannot be used without a lake', at: 'load p' },
    { query: 'op a(): (b())\nop b(): (a())\na()', message: 'operator cycle found: a -> b -> a', at: 'a()' },
    { query: 'op a(x): (pass)\na()', message: 'a(): expected 1 argument(s), got 0', at: 'a()' },
    { query: 'yield count(1, 2)', message: 'too many arguments', at: 'count(1, 2)' },
    { query: 'yield avg()', message: "aggregator 'avg' requires argument", at: 'avg()' },
  ];
  for (const c of cases) {
    test(`${c.query.replace(/\n/g, ' ')}: ${c.message}`, () => {
      const got = failure(c.query);
      expect(got.error).toBeInstanceOf(CompileError);
      expect(got.message).toBe(c.message);
      if (c.at !== null) expect(got.at).toBe(c.at);
    });
  }
  test('a computed assignment index is unsupported, with its span', () => {
    const got = failure('put a[b] := 1');
    expect(got.error).toBeInstanceOf(UnsupportedExprError);
    expect(got.at).toBe('a[b]');
  });
  test('load is allowed when the sources have a lake', () => {
    expect(plan('load p@dev author "me"', true)).toMatchObject([
      { kind: 'DefaultScan' },
      { kind: 'Load', pool: 'p', branch: 'dev', author: 'me', message: null, meta: null },
    ]);
  });
});
