import { describe, expect, test } from 'vitest';
import { compileGoRegexp, execAt, type GoRegexp } from './re2.js';
import { replaceAll } from './regexp.js';

function re(p: string): GoRegexp {
  const r = compileGoRegexp(p);
  if (typeof r === 'string') throw new Error(r);
  return r;
}
const match = (p: string, s: string) => execAt(re(p), s)?.[0] ?? null;

describe('compileGoRegexp', () => {
  test('compileGoRegexp reports Go syntax errors', () => {
    expect(compileGoRegexp('foo(.?')).toBe('error parsing regexp: missing closing ): `foo(.?`');
    expect(compileGoRegexp('a)')).toBe('error parsing regexp: unexpected ): `a)`');
    expect(compileGoRegexp('[a-')).toBe('error parsing regexp: missing closing ]: `[a-`');
    expect(compileGoRegexp('*a')).toBe('error parsing regexp: missing argument to repetition operator: `*`');
    expect(compileGoRegexp('a**')).toBe('error parsing regexp: invalid nested repetition operator: `**`');
    expect(compileGoRegexp('\\q')).toBe('error parsing regexp: invalid escape sequence: `\\q`');
    expect(compileGoRegexp('\\1')).toBe('error parsing regexp: invalid escape sequence: `\\1`');
    expect(compileGoRegexp('[z-a]')).toBe('error parsing regexp: invalid character class range: `z-a`');
    expect(compileGoRegexp('a{1001}')).toBe('error parsing regexp: invalid repeat count: `{1001}`');
    expect(compileGoRegexp('(?=a)')).toBe('error parsing regexp: invalid or unsupported Perl syntax: `(?=`');
    expect(compileGoRegexp('x\\')).toBe('error parsing regexp: trailing backslash at end of expression: ``');
  });

  test('compileGoRegexp keeps Go meanings of classes and escapes', () => {
    expect(match('a.c', 'a\rc')).toBe('a\rc');
    expect(match('a.c', 'a\nc')).toBeNull();
    expect(match('\\s+', 'x\u00a0 \t')).toBe(' \t');
    expect(match('[[:alpha:]]+', '12abC3')).toBe('abC');
    expect(match('[[:^digit:]]+', '12ab3')).toBe('ab');
    expect(match('\\pL+', '1héllo2')).toBe('héllo');
    expect(match('\\p{Greek}+', 'aαβγb')).toBe('αβγ');
    expect(match('\\Q.*\\E', 'a.*b')).toBe('.*');
    expect(match('\\x{41}\\x42\\101', 'ABA')).toBe('ABA');
    expect(match('a{,2}', 'a{,2}')).toBe('a{,2}');
    expect(match('\\!\\-\\:', '!-:')).toBe('!-:');
    expect(match('a\\z', 'ba')).toBe('a');
  });

  test('compileGoRegexp applies flags, scoped or not', () => {
    expect(match('(?i)abc', 'xABCx')).toBe('ABC');
    expect(match('a(?i:b)c', 'aBc')).toBe('aBc');
    expect(match('a(?i:b)c', 'aBC')).toBeNull();
    expect(match('(?i)[a-c]+', 'xAbCd')).toBe('AbC');
    expect(match('(?s)a.b', 'a\nb')).toBe('a\nb');
    expect(match('(?m)^b$', 'a\nb\nc')).toBe('b');
    expect(match('^b$', 'a\nb\nc')).toBeNull();
    expect(match('(?U)a+', 'aaa')).toBe('a');
    expect(match('(a(?i)b)B', 'aBB')).toBe('aBB');
    expect(match('(a(?i)b)B', 'aBb')).toBeNull();
  });

  test('compileGoRegexp numbers and names groups', () => {
    const r = re('(a)(?:b)(?P<x>c)(?<y>d)?');
    expect(r.numSubexp).toBe(3);
    expect(r.names).toEqual(['', '', 'x', 'y']);
    const m = execAt(r, 'abc')!;
    expect([m[0], m[1], m[2], m[3]]).toEqual(['abc', 'a', 'c', undefined]);
  });
});

describe('replaceAll', () => {
  test('replaceAll expands templates as Go does (regexp_replace.md)', () => {
    expect(replaceAll(re('ax*b'), '-ab-axxb-', 'T')).toBe('-T-T-');
    expect(replaceAll(re('a(x*)b'), '-ab-axxb-', '$1')).toBe('--xx-');
    expect(replaceAll(re('a(?P<X>x*)b'), '-ab-axxb-', '$X')).toBe('--xx-');
    expect(replaceAll(re('(?P<key>\\w+):\\s+(?P<value>\\w+)$'), 'option: value', '$key=${value}AppendedText')).toBe('option=valueAppendedText');
    expect(replaceAll(re('(a)'), 'a', '$1x|${1}x|$$|$')).toBe('|ax|$|$');
  });

  test('replaceAll skips empty matches next to a previous match', () => {
    expect(replaceAll(re('a*'), 'baaac', 'X')).toBe('XbXcX');
    expect(replaceAll(re(''), 'ab', '-')).toBe('-a-b-');
    expect(replaceAll(re('x'), '😎x😎', '!')).toBe('😎!😎');
  });
});
