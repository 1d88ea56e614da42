// Expressions of one field: which ones are, and that one compiled over the
// field's value gives what it gives over the whole record.
import { describe, expect, test } from 'vitest';
import { formatValue, parseZsonValue } from '../../zson/index.js';
import { compileExprText } from '../testing.js';
import { compileColumnExpr, compileColumnExprIn, singlePathOf } from './column-expr.js';
import { TypeContext } from '../../zed/index.js';

const path = (text: string, prelude = ''): readonly string[] | null => singlePathOf(compileExprText(text, prelude).plan);

describe('singlePathOf', () => {
  test('expressions that read one field, however often', () => {
    expect(path('has(a.b)')).toEqual(['a', 'b']);
    expect(path('!(a > 1) and len(a) < 10')).toEqual(['a']);
    expect(path('is(a, <string>)')).toEqual(['a']);
    expect(path('cidr_match(10.0.0.0/8, a) or a == 1.1.1.1')).toEqual(['a']);
    expect(path('grep(/x+/, a)')).toEqual(['a']);
    expect(path('f"{a}-{a}" == "1-1"')).toEqual(['a']);
    expect(path('[a, {x: a}][0] > 3')).toEqual(['a']);
  });
  test('not those that read no field, two fields, this, or what a value alone does not decide', () => {
    expect(path('1 == 1')).toBeNull();
    expect(path('a == b')).toBeNull();
    expect(path('a.b == a.c')).toBeNull();
    expect(path('a == 1 and has(this)')).toBeNull();
    expect(path('is(<string>)')).toBeNull();
    expect(path('grep("x")')).toBeNull();
    expect(path('a > now()')).toBeNull();
    expect(path('typename("port") == typeof(a)')).toBeNull();
    expect(path('<port>(a) == 1')).toBeNull();
    expect(path('f(a) == 1', 'func f(x): (x + 1)')).toBeNull();
    expect(path('count(a) > 1')).toBeNull();
    expect(path('len(map(a, upper)) > 1')).toBeNull();
  });
});

describe('compileColumnExpr', () => {
  // Each expression of `a.b` over records, against the same over their a.b alone (null: a record without it).
  const records = ['{a:{b:1}}', '{a:{b:"tcp"}}', '{a:{b:null(string)}}', '{a:{b:10.1.2.3}}', '{a:{b:error("boom")}}', '{a:{c:1}}', '{x:1}', '{a:{b:[1,2,3]}}', '{a:{b:true}}', '{a:{b:null(bool)}}'];
  const exprs = [
    'has(a.b)',
    'missing(a.b)',
    '!has(a.b)',
    'is(a.b, <int64>)',
    'typeof(a.b) == <string>',
    'len(a.b) > 2',
    'a.b + 1 > 1',
    'cidr_match(10.0.0.0/8, a.b)',
    'grep("cp", a.b)',
    'is_error(a.b)',
    'coalesce(a.b, 0) == 0',
    '<bool>(a.b)',
    'a.b',
    '(a.b == 1 ? "one" : a.b)',
  ];
  test('gives over the field what the expression gives over the record', () => {
    for (const text of exprs) {
      const c = compileExprText(text);
      const p = singlePathOf(c.plan);
      expect({ text, p }).toEqual({ text, p: ['a', 'b'] });
      const f = compileColumnExpr(c.plan, p!, c.env);
      const g = compileColumnExprIn(c.plan, p!, c.zctx);
      const field = compileExprText('a.b');
      for (const r of records) {
        const whole = formatValue(c.ev(c.value(r)));
        const v = field.ev(field.value(r));
        // A record without the field: the column is missing.
        const arg = v.isError() && formatValue(v) === 'error("missing")' ? null : c.value(formatValue(v));
        expect({ text, r, got: formatValue(f(arg)) }).toEqual({ text, r, got: whole });
        expect({ text, r, other: formatValue(g(arg)) }).toEqual({ text, r, other: whole });
      }
    }
  });
  test('compiled again in another type context, it reads values of that context', () => {
    const c = compileExprText('is(a, <{x:int64}>)');
    const zctx = new TypeContext();
    const g = compileColumnExprIn(c.plan, ['a'], zctx);
    expect(formatValue(g(parseZsonValue('{x:1}', zctx)))).toBe('true');
    expect(formatValue(g(parseZsonValue('{x:"1"}', zctx)))).toBe('false');
  });
});
