import { describe, expect, test } from 'vitest';
import { stripLoc } from '../ast/index.js';
import { parseQuery } from './index.js';

/** The expression of a one-operator query that must be a bare expression. */
function s(text: string): unknown {
  const seq = stripLoc(parseQuery(text));
  expect(seq).toHaveLength(1);
  const op = seq[0];
  if (op?.kind !== 'OpExpr') throw new Error(`expected OpExpr, got ${op?.kind}`);
  return op.expr;
}

const id = (name: string) => ({ kind: 'ID', name });
const int = (text: string) => ({ kind: 'Primitive', type: 'int64', text });
const str = (text: string) => ({ kind: 'Primitive', type: 'string', text });
const term = (text: string, value: unknown = str(text)) => ({ kind: 'Term', text, value });
const bin = (op: string, lhs: unknown, rhs: unknown) => ({ kind: 'BinaryExpr', op, lhs, rhs });
const not = (operand: unknown) => ({ kind: 'UnaryExpr', op: '!', operand });

describe('search terms', () => {
  test('a bare word is a string term', () => {
    expect(s('foo')).toEqual(term('foo'));
    expect(s('foo.bar:baz/qux@x')).toEqual(term('foo.bar:baz/qux@x'));
  });

  test('a literal is a term of its type, keeping its text', () => {
    expect(s('"foo bar"')).toEqual(term('"foo bar"', str('foo bar')));
    expect(s('10.0.0.1')).toEqual(term('10.0.0.1', { kind: 'Primitive', type: 'ip', text: '10.0.0.1' }));
    expect(s('10.0.0.0/8')).toEqual(term('10.0.0.0/8', { kind: 'Primitive', type: 'net', text: '10.0.0.0/8' }));
    expect(s('123')).toEqual(term('123', int('123')));
    expect(s('<int64>')).toEqual(
      term('<int64>', { kind: 'TypeValue', value: { kind: 'TypePrimitive', name: 'int64' } }),
    );
  });

  test('keyword escapes are decoded', () => {
    expect(s('foo\\*bar')).toEqual(term('foo\\*bar', str('foo*bar')));
    expect(s('a\\tb')).toEqual(term('a\\tb', str('a\tb')));
  });

  test('globs keep an escaped star escaped', () => {
    expect(s('foo*')).toEqual({ kind: 'Glob', pattern: 'foo*' });
    expect(s('*abc*')).toEqual({ kind: 'Glob', pattern: '*abc*' });
    expect(s('*1')).toEqual({ kind: 'Glob', pattern: '*1' });
    expect(s('a\\*b*')).toEqual({ kind: 'Glob', pattern: 'a\\*b*' });
  });

  test('regexps', () => {
    expect(s('/(foo|bar)/')).toEqual({ kind: 'Regexp', pattern: '(foo|bar)' });
    expect(s('/a\\/b/')).toEqual({ kind: 'Regexp', pattern: 'a\\/b' });
  });

  test('* alone matches everything; an empty query is *', () => {
    expect(s('*')).toEqual({ kind: 'Primitive', type: 'bool', text: 'true' });
    expect(s('')).toEqual({ kind: 'Primitive', type: 'bool', text: 'true' });
  });
});

describe('search predicates', () => {
  test('comparisons', () => {
    expect(s('x==1')).toEqual(bin('==', id('x'), int('1')));
    expect(s('a.b != "c"')).toEqual(bin('!=', bin('.', id('a'), id('b')), str('c')));
    expect(s('a+b>=2')).toEqual(bin('>=', bin('+', id('a'), id('b')), int('2')));
    expect(s('1 in x')).toEqual(bin('in', int('1'), id('x')));
  });

  test('boolean function calls', () => {
    expect(s('is(<int64>)')).toMatchObject({ kind: 'Call', name: id('is') });
    expect(s('grep(/x/)')).toEqual({ kind: 'Grep', pattern: { kind: 'Regexp', pattern: 'x' }, expr: null });
  });

  test('a bare aggregate call is a call, decided later', () => {
    expect(s('count()')).toEqual({ kind: 'Call', name: id('count'), args: [], where: null });
  });
});

describe('search combinators', () => {
  test('juxtaposition is and', () => {
    expect(s('foo bar')).toEqual(bin('and', term('foo'), term('bar')));
    expect(s('x==1 y')).toEqual(bin('and', bin('==', id('x'), int('1')), term('y')));
  });

  test('and binds tighter than or, both left associative', () => {
    expect(s('a or b and c')).toEqual(bin('or', term('a'), bin('and', term('b'), term('c'))));
    expect(s('a OR b OR c')).toEqual(bin('or', bin('or', term('a'), term('b')), term('c')));
    expect(s('a AND b c')).toEqual(bin('and', bin('and', term('a'), term('b')), term('c')));
  });

  test('not and ! negate a factor', () => {
    expect(s('not foo')).toEqual(not(term('foo')));
    expect(s('!foo bar')).toEqual(bin('and', not(term('foo')), term('bar')));
    expect(s('NOT x==1')).toEqual(not(bin('==', id('x'), int('1'))));
  });

  test('parentheses group', () => {
    expect(s('(a or b) c')).toEqual(bin('and', bin('or', term('a'), term('b')), term('c')));
  });

  test('the search keyword', () => {
    expect(stripLoc(parseQuery('search foo or x>1'))).toEqual([
      { kind: 'Search', expr: bin('or', term('foo'), bin('>', id('x'), int('1'))) },
    ]);
  });

  test('an expression that is no search becomes a bare expression', () => {
    expect(s('x+1')).toEqual(bin('+', id('x'), int('1')));
    expect(s('<int64>(x)')).toMatchObject({ kind: 'Cast' });
  });

  test('juxtaposition stops before a case or source leg', () => {
    const [op] = stripLoc(parseQuery('switch ( case a => foo case b => bar )'));
    expect(op).toEqual({
      kind: 'Switch',
      expr: null,
      cases: [
        { kind: 'Case', expr: id('a'), path: [{ kind: 'OpExpr', expr: term('foo') }] },
        { kind: 'Case', expr: id('b'), path: [{ kind: 'OpExpr', expr: term('bar') }] },
      ],
    });
  });
});
