// Each optimizer rule on plans made from query text: the plan before and
// after, and the cases a rule must leave alone.
import { describe, expect, test } from 'vitest';
import { TypeContext } from '../../zed/index.js';
import { createEvalContext } from '../../runtime/index.js';
import type * as ast from '../ast/index.js';
import type * as dag from '../dag/index.js';
import { parseQuery } from '../parser/index.js';
import { analyze } from '../semantic/index.js';
import { optimize } from './optimize.js';

function analyzed(query: string): { seq: dag.Seq; lits: ReturnType<typeof analyze>['literals'] } {
  const a = analyze(parseQuery(query), { ectx: createEvalContext(new TypeContext()) });
  return { seq: a.seq, lits: a.literals };
}

function optimized(query: string, poolKey?: (src: ast.Pool) => dag.SortKey | undefined): dag.Seq {
  const a = analyzed(query);
  return optimize(a.seq, { literals: a.lits, ...(poolKey !== undefined ? { poolKey } : {}) });
}

const f = (...path: string[]): dag.This => ({ kind: 'This', path });
const lit = (value: string): dag.Literal => ({ kind: 'Literal', value });
const cmp = (op: dag.CompareOp, lhs: dag.Expr, rhs: dag.Expr): dag.BinaryExpr => ({ kind: 'BinaryExpr', op, lhs, rhs });
const and = (lhs: dag.Expr, rhs: dag.Expr): dag.BinaryExpr => ({ kind: 'BinaryExpr', op: 'and', lhs, rhs });
const scan = (filter: dag.Expr | null): dag.DefaultScan => ({ kind: 'DefaultScan', filter });

describe('optimizer: filters', () => {
  test('adjacent filters merge into one and, then into the scan', () => {
    expect(analyzed('where a > 1 | where b == 2').seq).toEqual([
      scan(null),
      { kind: 'Filter', expr: cmp('>', f('a'), lit('1')) },
      { kind: 'Filter', expr: cmp('==', f('b'), lit('2')) },
    ]);
    expect(optimized('where a > 1 | where b == 2')).toEqual([scan(and(cmp('>', f('a'), lit('1')), cmp('==', f('b'), lit('2'))))]);
  });

  test('pass operators go away', () => {
    expect(optimized('pass | yield 1 | pass')).toEqual([scan(null), { kind: 'Yield', exprs: [lit('1')] }]);
  });

  test('a filter moves ahead of a keyed sort, and of put, rename and drop of other fields', () => {
    expect(optimized('sort x | where y > 1')).toEqual([
      scan(cmp('>', f('y'), lit('1'))),
      { kind: 'Sort', args: [{ key: f('x'), order: 'asc' }], nullsFirst: false, reverse: false },
    ]);
    expect(optimized('put z := 1 | rename w := v | drop q | where x == 1')).toEqual([
      scan(cmp('==', f('x'), lit('1'))),
      { kind: 'Put', args: [{ kind: 'Assignment', lhs: f('z'), rhs: lit('1') }] },
      { kind: 'Rename', args: [{ lhs: f('w'), rhs: f('v') }] },
      { kind: 'Drop', args: [f('q')] },
    ]);
  });

  test('a filter stays behind what writes the fields it reads', () => {
    for (const q of ['put y := x | where y == 1', 'put a := 1 | where a.b == 1', 'put a.b := 1 | where a == 1', 'rename y := x | where x == 1', 'drop x | where x == 1']) {
      const seq = optimized(q);
      expect(seq[0], q).toEqual(scan(null));
      expect(seq[seq.length - 1]!.kind, q).toBe('Filter');
    }
  });

  test('a filter moves ahead of a cut that keeps what it reads unchanged', () => {
    expect(optimized('cut a, b | where a.c == 1')[0]).toEqual(scan(cmp('==', f('a', 'c'), lit('1'))));
    expect(optimized('cut a.c | where a == 1')[0]).toEqual(scan(null));
    expect(optimized('cut y := x | where y == 1')[0]).toEqual(scan(null));
  });

  test('whole-value filters and sorts without keys keep their place', () => {
    expect(optimized('put z := 1 | search foo')[0]).toEqual(scan(null));
    expect(optimized('sort | where x == 1')[0]).toEqual(scan(null));
    expect(optimized('sort x | search foo')[0]).toEqual(scan({ kind: 'Search', text: 'foo', value: '"foo"', expr: f() }));
  });

  test('stateful filters neither move nor go into the scan', () => {
    for (const q of ['where count() > 2', 'sort x | where count() > 2', 'func f(a): (a)\nwhere f(x) == 1', 'where (over a | count()) > 1', 'where typeof(this) == <foo>']) {
      const seq = optimized(q);
      expect(JSON.stringify(seq), q).toContain('"Filter"');
      expect(JSON.stringify(seq), q).toContain('"DefaultScan","filter":null');
    }
  });

  test('filters nested in branches and lateral bodies are optimized there', () => {
    expect(optimized('fork ( => where a == 1 | where b == 2 => sort x | head 1 )')).toEqual([
      scan(null),
      {
        kind: 'Fork',
        paths: [
          [{ kind: 'Filter', expr: and(cmp('==', f('a'), lit('1')), cmp('==', f('b'), lit('2'))) }],
          [{ kind: 'SortLimit', args: [{ key: f('x'), order: 'asc' }], nullsFirst: false, reverse: false, limit: 1 }],
        ],
      },
    ]);
  });
});

describe('optimizer: sources', () => {
  test('a filter after a file or pool scan becomes its filter', () => {
    const seq = optimized('from ( file a.json => where x == 1 pool p => x == 2 | head 1 )');
    expect(seq).toMatchObject([
      {
        kind: 'Fork',
        paths: [
          [{ kind: 'FileScan', filter: cmp('==', f('x'), lit('1')) }],
          [{ kind: 'PoolScan', filter: cmp('==', f('x'), lit('2')) }, { kind: 'Head', count: 1 }],
        ],
      },
    ]);
  });

  test('sort | head becomes one bounded operator; head alone does not', () => {
    expect(optimized('sort -r x | head 3')).toEqual([
      scan(null),
      { kind: 'SortLimit', args: [{ key: f('x'), order: 'asc' }], nullsFirst: false, reverse: true, limit: 3 },
    ]);
    expect(optimized('sort x | where y > 0 | head 3')).toMatchObject([{ kind: 'DefaultScan' }, { kind: 'SortLimit', limit: 3 }]);
    expect(optimized('head 3 | sort x')).toMatchObject([{ kind: 'DefaultScan' }, { kind: 'Head' }, { kind: 'Sort' }]);
  });

  test('a keyless count() right after a source is marked', () => {
    expect(optimized('from p | count()')).toMatchObject([{ kind: 'PoolScan', count: true }, { kind: 'Summarize' }, { kind: 'Yield' }]);
    expect(optimized('from p | ts > 1 | c := count()')).toMatchObject([{ kind: 'PoolScan', count: true, filter: {} }, { kind: 'Summarize' }]);
    for (const q of ['from p | count() by k', 'from p | count(x)', 'from p | put y := 1 | count()', 'from p | a.b := count()', 'count()']) {
      expect(JSON.stringify(optimized(q)), q).not.toContain('"count":true');
    }
  });

  test('with the pool key known, a filter on it becomes a key span', () => {
    const key = (): dag.SortKey => ({ path: ['ts'], order: 'desc' });
    const span = (q: string) => (optimized(q, key)[0] as dag.PoolScan).keySpan;
    expect(span('from p | ts >= 2020-01-01T00:00:00Z')).toEqual({ lower: '2020-01-01T00:00:00Z' });
    expect(span('from p | ts < 5 and ts > 2 and x == "a"')).toEqual({ lower: '2', upper: '5' });
    expect(span('from p | ts == 3 or ts == 7')).toEqual({ lower: '3', upper: '7' });
    expect(span('from p | 10 > ts')).toEqual({ upper: '10' });
    expect(span('from p | ts == 3 or x == 7')).toBeUndefined();
    expect(span('from p | x == 3')).toBeUndefined();
    expect(optimized('from p | x == 3', key)[0]).toMatchObject({ sortKey: { path: ['ts'], order: 'desc' } });
    const other = (optimized('from p | k == 3', () => ({ path: ['k'], order: 'asc' }))[0] as dag.PoolScan).keySpan;
    expect(other).toEqual({ lower: '3', upper: '3' });
  });

  test('the optimized plan is plain JSON', () => {
    const seq = optimized('from ( file a.json => where x == 1 | sort y | head 2 pass => count() )');
    expect(JSON.parse(JSON.stringify(seq))).toEqual(seq);
  });
});

describe('optimizer: branches', () => {
  test('a filter after a fork or switch goes into each branch, and on into their sources', () => {
    expect(optimized('from ( pool a pool b ) | where x == 1 | count()')).toMatchObject([
      { kind: 'Fork', paths: [[{ kind: 'PoolScan', filter: cmp('==', f('x'), lit('1')) }], [{ kind: 'PoolScan', filter: cmp('==', f('x'), lit('1')) }]] },
      { kind: 'Summarize' },
      { kind: 'Yield' },
    ]);
    expect(optimized('switch ( case a == 1 => put b := 1 default => pass ) | where c == 2 | sort c')).toMatchObject([
      { kind: 'DefaultScan', filter: null },
      {
        kind: 'Switch',
        cases: [
          { path: [{ kind: 'Filter', expr: cmp('==', f('c'), lit('2')) }, { kind: 'Put' }] },
          { path: [{ kind: 'Filter', expr: cmp('==', f('c'), lit('2')) }] },
        ],
      },
      { kind: 'Sort' },
    ]);
  });

  test('not when the next operator takes the branches apart, or nothing follows', () => {
    for (const q of ['fork ( => pass => pass ) | where a == 1 | merge a', 'fork ( => pass => pass ) | where a == 1', 'fork ( => pass => pass ) | where a == 1 | output main']) {
      expect(optimized(q).some((op) => op.kind === 'Filter'), q).toBe(true);
    }
  });
});
