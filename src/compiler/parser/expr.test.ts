import { describe, expect, test } from 'vitest';
import { stripLoc } from '../ast/index.js';
import { parseExpr } from './index.js';

const e = (text: string) => stripLoc(parseExpr(text));
const id = (name: string) => ({ kind: 'ID', name });
const int = (text: string) => ({ kind: 'Primitive', type: 'int64', text });
const str = (text: string) => ({ kind: 'Primitive', type: 'string', text });
const bin = (op: string, lhs: unknown, rhs: unknown) => ({ kind: 'BinaryExpr', op, lhs, rhs });
const not = (operand: unknown) => ({ kind: 'UnaryExpr', op: '!', operand });
const neg = (operand: unknown) => ({ kind: 'UnaryExpr', op: '-', operand });
const call = (name: string, args: unknown[], where: unknown = null) => ({
  kind: 'Call',
  name: id(name),
  args,
  where,
});

describe('parseExpr precedence', () => {
  test('multiplication binds tighter than addition', () => {
    expect(e('1+2*3')).toEqual(bin('+', int('1'), bin('*', int('2'), int('3'))));
    expect(e('(1+2)*3')).toEqual(bin('*', bin('+', int('1'), int('2')), int('3')));
  });

  test('additive and multiplicative levels are left associative', () => {
    expect(e('a-b-c')).toEqual(bin('-', bin('-', id('a'), id('b')), id('c')));
    expect(e('a/b%c')).toEqual(bin('%', bin('/', id('a'), id('b')), id('c')));
  });

  test('and binds tighter than or; comparisons tighter than and', () => {
    expect(e('a or b and c')).toEqual(bin('or', id('a'), bin('and', id('b'), id('c'))));
    expect(e('x==1 AND y!=2 OR z')).toEqual(
      bin('or', bin('and', bin('==', id('x'), int('1')), bin('!=', id('y'), int('2'))), id('z')),
    );
  });

  test('arithmetic binds tighter than comparison', () => {
    expect(e('a+1 >= b*2')).toEqual(bin('>=', bin('+', id('a'), int('1')), bin('*', id('b'), int('2'))));
    expect(e('x in [1,2]')).toEqual(
      bin('in', id('x'), {
        kind: 'ArrayExpr',
        elems: [
          { kind: 'VectorValue', expr: int('1') },
          { kind: 'VectorValue', expr: int('2') },
        ],
      }),
    );
  });

  test('comparisons do not chain', () => {
    expect(() => parseExpr('a < b < c')).toThrow(/column 7/);
  });

  test('not and ! bind tighter than arithmetic and comparison', () => {
    expect(e('!a*b')).toEqual(bin('*', not(id('a')), id('b')));
    expect(e('not a == b')).toEqual(bin('==', not(id('a')), id('b')));
    expect(e('!!a')).toEqual(not(not(id('a'))));
  });

  test('unary minus applies to a postfix expression; -1 is a literal', () => {
    expect(e('-a.b')).toEqual(neg(bin('.', id('a'), id('b'))));
    expect(e('-a*b')).toEqual(bin('*', neg(id('a')), id('b')));
    expect(e('-1')).toEqual(int('-1'));
    expect(e('- 1')).toEqual(neg(int('1')));
    expect(e('a - -1')).toEqual(bin('-', id('a'), int('-1')));
  });

  test('the conditional is lowest and right associative', () => {
    expect(e('a ? b : c ? d : e')).toEqual({
      kind: 'Conditional',
      cond: id('a'),
      then: id('b'),
      else: { kind: 'Conditional', cond: id('c'), then: id('d'), else: id('e') },
    });
    expect(e('x > 1 or y ? 1 : 2')).toMatchObject({
      kind: 'Conditional',
      cond: bin('or', bin('>', id('x'), int('1')), id('y')),
    });
  });

  test('~ takes a regexp on its right', () => {
    expect(e('s ~ /a.*b/')).toEqual(bin('~', id('s'), { kind: 'Regexp', pattern: 'a.*b' }));
  });
});

describe('parseExpr postfix', () => {
  test('field access chains to the left', () => {
    expect(e('a.b.c')).toEqual(bin('.', bin('.', id('a'), id('b')), id('c')));
    expect(e('this.x')).toEqual(bin('.', id('this'), id('x')));
    expect(e('$x')).toEqual(id('$x'));
  });

  test('index and slice forms', () => {
    expect(e('a[1]')).toEqual({ kind: 'IndexExpr', expr: id('a'), index: int('1') });
    expect(e('a["x y"]')).toEqual({ kind: 'IndexExpr', expr: id('a'), index: str('x y') });
    expect(e('a[1:2]')).toEqual({ kind: 'SliceExpr', expr: id('a'), from: int('1'), to: int('2') });
    expect(e('a[1 : ]')).toEqual({ kind: 'SliceExpr', expr: id('a'), from: int('1'), to: null });
    expect(e('a[:2]')).toEqual({ kind: 'SliceExpr', expr: id('a'), from: null, to: int('2') });
    expect(e('a[0].b[1:]')).toEqual({
      kind: 'SliceExpr',
      expr: bin('.', { kind: 'IndexExpr', expr: id('a'), index: int('0') }, id('b')),
      from: int('1'),
      to: null,
    });
  });

  test('an index takes a full expression, a slice bound an additive one', () => {
    expect(e('a[x ? 1 : 2]')).toMatchObject({ kind: 'IndexExpr', index: { kind: 'Conditional' } });
  });

  test('no space is allowed before a suffix or inside index brackets', () => {
    expect(() => parseExpr('a [1]')).toThrow(/column 3/);
    expect(() => parseExpr('a[ 1]')).toThrow(/column 4/);
  });
});

describe('parseExpr calls and casts', () => {
  test('function calls', () => {
    expect(e('f()')).toEqual(call('f', []));
    expect(e('f( 1 , "a" )')).toEqual(call('f', [int('1'), str('a')]));
    expect(e('split(s, ",")[0]')).toEqual({
      kind: 'IndexExpr',
      expr: call('split', [id('s'), str(',')]),
      index: int('0'),
    });
  });

  test('a call may carry a where clause', () => {
    expect(e('count() where x > 1')).toEqual(call('count', [], bin('>', id('x'), int('1'))));
  });

  test('not(...) and select(...) are never calls', () => {
    expect(e('not (x)')).toEqual(not(id('x')));
    expect(() => parseExpr('not(x)')).toThrow(/column 4/);
    expect(() => parseExpr('select(x)')).toThrow(/column 7/);
    expect(e('nothing(x)')).toEqual(call('nothing', [id('x')]));
  });

  test('regexp and regexp_replace take a regexp literal', () => {
    expect(e('regexp(/(.)$/, s)')).toEqual(call('regexp', [str('(.)$'), id('s')]));
    expect(e('regexp_replace(s, /a+/, "b")')).toEqual(
      call('regexp_replace', [id('s'), str('a+'), str('b')]),
    );
  });

  test('grep with a regexp, glob or expression pattern', () => {
    expect(e('grep(/^ba.*/, s)')).toEqual({
      kind: 'Grep',
      pattern: { kind: 'Regexp', pattern: '^ba.*' },
      expr: id('s'),
    });
    expect(e('grep(foo*)')).toEqual({ kind: 'Grep', pattern: { kind: 'Glob', pattern: 'foo*' }, expr: null });
    expect(e('grep("x", this)')).toEqual({ kind: 'Grep', pattern: str('x'), expr: id('this') });
  });

  test('casts to a type value; type names are calls', () => {
    expect(e('<int64>(x)')).toEqual({
      kind: 'Cast',
      type: { kind: 'TypeValue', value: { kind: 'TypePrimitive', name: 'int64' } },
      expr: id('x'),
    });
    expect(e('int64(x)')).toEqual(call('int64', [id('x')]));
    expect(e('type(x)')).toEqual(call('type', [id('x')]));
  });

  test('lateral expressions inside parentheses and as an argument', () => {
    const over = {
      kind: 'OverExpr',
      exprs: [id('a')],
      locals: [{ kind: 'Def', name: id('b'), expr: id('c') }],
      body: [{ kind: 'Yield', exprs: [id('b')] }],
    };
    expect(e('(over a with b=c | yield b)')).toEqual(over);
    expect(e('collect(over a with b=c | yield b)')).toEqual(call('collect', [over]));
    expect(e('(over a with b | pass)')).toMatchObject({
      locals: [{ kind: 'Def', name: id('b'), expr: id('b') }],
    });
  });
});

describe('parseExpr composite literals', () => {
  test('records with fields, identifiers, quoted names and spreads', () => {
    expect(e('{a:1,"b c":x, d, ...r}')).toEqual({
      kind: 'RecordExpr',
      elems: [
        { kind: 'Field', name: 'a', value: int('1') },
        { kind: 'Field', name: 'b c', value: id('x') },
        id('d'),
        { kind: 'Spread', expr: id('r') },
      ],
    });
    expect(e('{}')).toEqual({ kind: 'RecordExpr', elems: [] });
  });

  test('arrays and sets with spreads', () => {
    expect(e('[1,...a]')).toEqual({
      kind: 'ArrayExpr',
      elems: [{ kind: 'VectorValue', expr: int('1') }, { kind: 'Spread', expr: id('a') }],
    });
    expect(e('|[ ]|')).toEqual({ kind: 'SetExpr', elems: [] });
  });

  test('maps', () => {
    expect(e('|{"a":1, x:y}|')).toEqual({
      kind: 'MapExpr',
      entries: [
        { kind: 'Entry', key: str('a'), value: int('1') },
        { kind: 'Entry', key: id('x'), value: id('y') },
      ],
    });
  });

  test('f-strings with expressions and escaped braces', () => {
    expect(e('f"a{x+1}b\\{c}"')).toEqual({
      kind: 'FString',
      elems: [
        { kind: 'FStringText', text: 'a' },
        { kind: 'FStringExpr', expr: bin('+', id('x'), int('1')) },
        { kind: 'FStringText', text: 'b{c}' },
      ],
    });
    expect(e("f'{x}'")).toEqual({ kind: 'FString', elems: [{ kind: 'FStringExpr', expr: id('x') }] });
  });
});

describe('parseExpr locations', () => {
  test('nodes span their source text, excluding parentheses and spaces', () => {
    const text = ' (a + b.c) * f(1) ';
    const x = parseExpr(text);
    expect(x.loc).toEqual({ start: 2, end: 17 });
    expect(x.kind === 'BinaryExpr' && text.slice(x.lhs.loc.start, x.lhs.loc.end)).toBe('a + b.c');
    expect(x.kind === 'BinaryExpr' && text.slice(x.rhs.loc.start, x.rhs.loc.end)).toBe('f(1)');
  });
});
