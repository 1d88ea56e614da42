import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';

describe('regexp', () => {
  test('regexp returns the match and its groups (regexp.md)', () => {
    const h = harness();
    const f = h.fn('regexp');
    expect(f('"foo(.?) (\\\\w+) fr.*"', '"seafood fool friend"')).toBe('["food fool friend","d","fool"]');
    expect(f('"bar"', '"foo"')).toBe('null([string])');
    expect(f('"(a)|b"', '"b"')).toBe('["b",null(string)]');
    expect(f('1', '"foo"')).toBe('error({message:"regexp: string required for first arg",on:1})');
    expect(f('"a"', '1')).toBe('error({message:"regexp: string required for second arg",on:1})');
    expect(f('"a("', '"a"')).toBe('error("regexp: error parsing regexp: missing closing ): `a(`")');
  });

  test('regexp follows Go on UTF-8, unmatched groups and null strings', () => {
    const h = harness();
    const f = h.fn('regexp');
    expect(f('"(é+)(x)?"', '"caféé!"')).toBe('["éé","éé",null(string)]');
    expect(f('"(?P<word>\\\\pL+)"', '"123 ñandú"')).toBe('["ñandú","ñandú"]');
    expect(f('"a*"', '"bbb"')).toBe('[""]');
    // A null string is Go's nil slice: it matches as "" and every group is null.
    expect(f('"(a*)"', 'null(string)')).toBe('[null(string),null(string)]');
    expect(f('"(?<n>x)"', '"x"')).toBe('error("regexp: error parsing regexp: invalid or unsupported Perl syntax: `(?<`")');
  });

  test('regexp runs pathological patterns in linear time', () => {
    const h = harness();
    const f = h.fn('regexp');
    expect(f('"^(a|a)*$"', `"${'a'.repeat(50_000)}b"`)).toBe('null([string])');
    expect(f('"(x+x+)+y"', `"${'x'.repeat(50_000)}"`)).toBe('null([string])');
  });
});

describe('regexp_replace', () => {
  test('regexp_replace (regexp-replace.yaml)', () => {
    const h = harness();
    const f = h.fn('regexp_replace');
    const rows: [string, string, string, string][] = [
      ['"-ab-axxb-"', '"ax*b"', '"T"', '"-T-T-"'],
      ['"-ab-axxb-"', '"a(x*)b"', '"$1"', '"--xx-"'],
      ['"-ab-axxb-"', '"a(?P<X>x*)b"', '"$X"', '"--xx-"'],
      ['"Foo bar"', '"Foo"', '"foo"', '"foo bar"'],
      ['""', '"a(x*)b"', '""', '""'],
      ['"seafood fool"', '"foo(.?"', '"food"', 'error("regexp_replace: error parsing regexp: missing closing ): `foo(.?`")'],
      ['4', '5', '["foo"]', 'error({message:"regexp_replace: string arg required",on:4})'],
      ['"foo"', 'null(string)', 'null(string)', 'error("regexp_replace: 2nd and 3rd args cannot be null")'],
    ];
    for (const [s, re, neu, want] of rows) expect(f(s, re, neu)).toBe(want);
    expect(f('null(string)', '"a"', '"b"')).toBe('null');
  });

  test('regexp_replace steps over empty matches by characters and expands names', () => {
    const h = harness();
    const f = h.fn('regexp_replace');
    expect(f('"日本"', '"x*"', '"-"')).toBe('"-日-本-"');
    expect(f('"John Smith"', '"(?P<first>\\\\w+) (?P<last>\\\\w+)"', '"${last}, ${first}"')).toBe('"Smith, John"');
    expect(f('"aaa"', '"a"', '"$$"')).toBe('"$$$"');
    expect(f('"ab"', '"(a)(b)"', '"$2$1$3$"')).toBe('"ba$"');
    expect(f(`"${'a'.repeat(20_000)}b"`, '"^(a|a)*$"', '"x"')).toBe(`"${'a'.repeat(20_000)}b"`);
  });
});
