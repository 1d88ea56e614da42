import { describe, expect, test } from 'vitest';
import { goCase, goTrimSpace, levenshtein } from './string.js';
import { harness } from '../../../test/support/function-testing.js';

const h = harness();
const each = (name: string, inputs: string[]) => inputs.map((v) => h.call(name, v));

describe('string functions', () => {
  test('lower and upper (lower.yaml, upper.yaml)', () => {
    expect(each('lower', ['"fOo"', '127.0.0.1', 'null(string)', 'null(int64)', '"BaR"((string,int64))', '1((string,int64))', '"BAz"(=s)'])).toEqual([
      '"foo"',
      'error({message:"lower: string arg required",on:127.0.0.1})',
      'null(string)',
      'error({message:"lower: string arg required",on:null(int64)})',
      '"bar"',
      'error({message:"lower: string arg required",on:1})',
      '"baz"',
    ]);
    expect(h.call('upper', '"Zed"')).toBe('"ZED"');
  });

  test('goCase maps rune by rune as Go does', () => {
    expect(goCase('straße', true)).toBe('STRAßE');
    expect(goCase('ΣΑΣ', false)).toBe('σασ');
    expect(goCase('İ', false)).toBe('i');
  });

  test('trim removes Go whitespace (trim.yaml)', () => {
    expect(each('trim', ['"   cushion   "', '"foo   "((string,int64))', '1.'])).toEqual([
      '"cushion"', '"foo"', 'error({message:"trim: string arg required",on:1.})',
    ]);
    expect(goTrimSpace('\u00a0\t x \u3000')).toBe('x');
    expect(goTrimSpace('\ufeffx')).toBe('\ufeffx');
  });

  test('rune_len counts code points (rune_len.yaml)', () => {
    expect(each('rune_len', ['"hello"', '"😎"((int64,string))', '1.', 'null(string)'])).toEqual([
      '5', '1', 'error({message:"rune_len: string arg required",on:1.})', '0',
    ]);
  });

  test('replace replaces all (replace.md)', () => {
    expect(h.call('replace', '"oink oink oink"', '"oink"', '"moo"')).toBe('"moo moo moo"');
    expect(h.call('replace', '"abc"', '""', '"-"')).toBe('"-a-b-c-"');
    expect(h.call('replace', 'null(string)', '"a"', '"b"')).toBe('null');
    expect(h.call('replace', '"a"', 'null(string)', '"b"')).toBe('error("replace: an input arg is null")');
    expect(h.call('replace', '"a"', '1', '"b"')).toBe('error({message:"replace: string arg required",on:1})');
  });

  test('split (split.yaml)', () => {
    const split = h.fn('split');
    expect(split('"a,b,c"', '","((int64,string))')).toBe('["a","b","c"]');
    expect(split('"abc"', '""')).toBe('["a","b","c"]');
    expect(split('null(string)', '","')).toBe('null([string])');
    expect(split('"a,b,c"', 'null(string)')).toBe('null([string])');
    expect(split('1.', '""')).toBe('error({message:"split: string arg required",on:1.})');
    expect(split('error("missing")', '""')).toBe('error({message:"split: string arg required",on:error("missing")})');
    expect(split('"foo.bar.com"', '"oo"')).toBe('["f",".bar.com"]');
    expect(split('""', '"."')).toBe('[""]');
  });

  test('join (join.yaml)', () => {
    expect(h.call('join', '["a","b","c"]', '", "')).toBe('"a, b, c"');
    expect(h.call('join', '"join"', '","')).toBe('error({message:"join: array of string arg required",on:"join"})');
    expect(h.call('join', '["a"]', '["b"]')).toBe('error({message:"join: separator must be string",on:["b"]})');
    expect(h.call('join', '["a","b",null(string),"c"]', '""((int64,string))')).toBe('"abc"');
    expect(h.call('join', '["a","b"]')).toBe('"ab"');
    expect(h.call('join', 'null([string])', '","')).toBe('""');
  });

  test('levenshtein (levenshtein.yaml)', () => {
    const lev = h.fn('levenshtein');
    expect(lev('"kitten"', '"sitting"')).toBe('3');
    expect(lev('"kitten"', '""((int64,string))')).toBe('6');
    expect(lev('"kitten"', 'null(string)')).toBe('6');
    expect(lev('"kitten"', 'null')).toBe('error({message:"levenshtein: string args required",on:null})');
    expect(lev('1', '"kitten"')).toBe('error({message:"levenshtein: string args required",on:1})');
    expect(levenshtein('😎a', 'a')).toBe(1);
  });
});
