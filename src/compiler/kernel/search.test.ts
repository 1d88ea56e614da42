// Search expressions from query text through the semantic pass and kernel.
import { describe, expect, test } from 'vitest';
import { compileFilterText } from '../testing.js';
import { globToRegexp } from '../semantic/expr.js';

/** The inputs (ZSON) the search `text` keeps. */
function keep(text: string, ...inputs: string[]): string[] {
  const { pred, value } = compileFilterText(text);
  return inputs.filter((i) => pred(value(i)));
}

describe('compileSearch keyword terms', () => {
  test('a bare word matches strings containing it, ignoring case, at any depth', () => {
    expect(keep('bar', '{s1:"foo",s2:"bar"}', '{s1:"foo",s2:null(string)}', '{s:["x","xBARx"]}', '"BAR"', '{r:{s:"foo"}}')).toEqual([
      '{s1:"foo",s2:"bar"}',
      '{s:["x","xBARx"]}',
      '"BAR"',
    ]);
  });
  test('a string term also matches field names', () => {
    expect(keep('foo', '{foo:1}', '{a:{foo:1}}', '{bar:1}')).toEqual(['{foo:1}', '{a:{foo:1}}']);
  });
  test('escaped characters in terms', () => {
    expect(keep('A\\=\\*', '{s:"A=B"}', '{s:"A=*"}', '{s:""}')).toEqual(['{s:"A=*"}']);
    expect(keep('"foo\\"bar"', '{s:"foo\\"bar"}', '{s:"foobar"}')).toEqual(['{s:"foo\\"bar"}']);
  });
  test('a number term matches equal numbers of any type and its text inside strings', () => {
    expect(keep('10', '{a:10}', '{a:10.}', '{a:10(uint8)}', '{a:"x10y"}', '{a:100}', '{a:[1,10]}')).toEqual([
      '{a:10}',
      '{a:10.}',
      '{a:10(uint8)}',
      '{a:"x10y"}',
      '{a:[1,10]}',
    ]);
  });
  test('a network term matches addresses inside it and equal networks', () => {
    expect(
      keep('10.0.0.0/8', '{a:10.1.2.3}', '11.1.2.3', '10.1.2.3', '{n:10.0.0.0/8}', '{n:10.0.0.0/16}', '{l:[1.1.1.1,10.9.9.9]}'),
    ).toEqual(['{a:10.1.2.3}', '10.1.2.3', '{n:10.0.0.0/8}', '{l:[1.1.1.1,10.9.9.9]}']);
  });
  test('an IP term matches equal addresses', () => {
    expect(keep('10.0.0.1', '{a:10.0.0.1}', '{a:10.0.0.2}', '{a:"10.0.0.1"}')).toEqual(['{a:10.0.0.1}', '{a:"10.0.0.1"}']);
  });
  test('a type value term matches equal type values', () => {
    expect(keep('<{x:int64}>', '<int64>', '<string>', '<{x:int64}>')).toEqual(['<{x:int64}>']);
  });
  test('bool terms', () => {
    expect(keep('true', '{a:true}', '{a:false}', '{a:"true"}')).toEqual(['{a:true}', '{a:"true"}']);
  });
});

describe('compileSearch globs, regexps and operators', () => {
  test('globs are anchored and match strings and field names', () => {
    expect(keep('foo*', '{a:"hello",b:"there"}', '{a:"foox",b:"there"}', '{a:"",b:"foo"}', '{foobar:1}')).toEqual([
      '{a:"foox",b:"there"}',
      '{a:"",b:"foo"}',
      '{foobar:1}',
    ]);
    expect(keep('*1', '"1"', '"a1"', '"1a"')).toEqual(['"1"', '"a1"']);
  });
  test('reglob escapes regexp syntax and keeps escaped stars', () => {
    expect(globToRegexp('a.b*')).toBe('^a\\.b.*$');
    expect(globToRegexp('a\\*')).toBe('^a\\*$');
  });
  test('regexps search unanchored', () => {
    expect(keep('/b.r/', '{s:"xbarx"}', '{s:"bxxr"}', '{s:1}')).toEqual(['{s:"xbarx"}']);
    expect(keep('/.*/', '"a"')).toEqual(['"a"']);
  });
  test('regexps are Go\'s, match field names and strings in linear time', () => {
    expect(keep('/(?i)^CAF\\pL$/', '{s:"café"}', '{s:"cafe1"}', '{Cafè:1}')).toEqual(['{s:"café"}', '{Cafè:1}']);
    expect(keep('/[[:digit:]]{3}/', '{s:"a123"}', '{s:"a12"}')).toEqual(['{s:"a123"}']);
    const long = `{s:"${'x'.repeat(50_000)}"}`;
    expect(keep('/(x+x+)+y/', long)).toEqual([]);
    expect(keep('grep(/^(a|a)*$/, s)', `{s:"${'a'.repeat(50_000)}b"}`)).toEqual([]);
  });
  test('* matches everything; and, or, not and comparisons combine', () => {
    expect(keep('*', '{}', '1')).toEqual(['{}', '1']);
    expect(keep('x==1 or foo', '{x:1}', '{x:2,s:"foo"}', '{x:2}')).toEqual(['{x:1}', '{x:2,s:"foo"}']);
    expect(keep('x > 1 and not foo', '{x:2}', '{x:2,s:"foo"}', '{x:0}')).toEqual(['{x:2}']);
    expect(keep('2 in a', '{a:[1,2]}', '{a:[3]}')).toEqual(['{a:[1,2]}']);
  });
  test('grep with strings, globs, regexps and a target expression', () => {
    expect(keep('grep("a")', '{s1:"a",s2:"b"}', '{s1:"b",s2:"b"}')).toEqual(['{s1:"a",s2:"b"}']);
    expect(keep('grep(/^b$/, s2)', '{s1:"a",s2:"b"}', '{s1:"b",s2:"c"}')).toEqual(['{s1:"a",s2:"b"}']);
    expect(keep('grep(foo*, s)', '{s:"foox"}', '{s:"xfoo"}')).toEqual(['{s:"foox"}']);
    expect(keep('grep(p, s)', '{p:"O",s:"foo"}', '{p:"z",s:"foo"}')).toEqual(['{p:"O",s:"foo"}']);
  });
  test('IPv6 terms', () => {
    expect(keep('fe80::58d2:2d09:e8cb:a8ad OR ::', '{a:fe80::58d2:2d09:e8cb:a8ad}', '{a:::}', '{a:::1}')).toEqual([
      '{a:fe80::58d2:2d09:e8cb:a8ad}',
      '{a:::}',
    ]);
  });
});
