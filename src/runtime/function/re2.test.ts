import { describe, expect, test } from 'vitest';
import { compileGoRegexp, type GoRegexp } from './re2.js';
import { Template, replaceAll } from './re2-replace.js';

const enc = new TextEncoder();
const dec = new TextDecoder();

function re(p: string): GoRegexp {
  const r = compileGoRegexp(p);
  if (typeof r === 'string') throw new Error(r);
  return r;
}

/** The text of the leftmost match of `p` in `s`, or null. */
function match(p: string, s: string): string | null {
  const b = enc.encode(s);
  const m = re(p).exec(b);
  return m === null ? null : dec.decode(b.subarray(m[0], m[1]));
}

/** Go's FindStringSubmatch: each group's text, undefined where it took no part. */
function submatch(p: string, s: string): (string | undefined)[] | null {
  const r = re(p);
  const b = enc.encode(s);
  const m = r.exec(b);
  if (m === null) return null;
  const out: (string | undefined)[] = [];
  for (let i = 0; i <= r.numSubexp; i++) out.push(m[2 * i]! < 0 ? undefined : dec.decode(b.subarray(m[2 * i], m[2 * i + 1])));
  return out;
}

const replace = (p: string, s: string, t: string) => dec.decode(replaceAll(re(p), enc.encode(s), new Template(enc.encode(t))));

describe('compileGoRegexp', () => {
  test('compileGoRegexp reports Go syntax errors with the piece Go quotes', () => {
    expect(compileGoRegexp('foo(.?')).toBe('error parsing regexp: missing closing ): `foo(.?`');
    expect(compileGoRegexp('a)')).toBe('error parsing regexp: unexpected ): `a)`');
    expect(compileGoRegexp('[a-')).toBe('error parsing regexp: missing closing ]: `[a-`');
    expect(compileGoRegexp('*a')).toBe('error parsing regexp: missing argument to repetition operator: `*`');
    expect(compileGoRegexp('a**')).toBe('error parsing regexp: invalid nested repetition operator: `**`');
    expect(compileGoRegexp('x{2}{3}')).toBe('error parsing regexp: invalid nested repetition operator: `{2}{3}`');
    expect(compileGoRegexp('\\q')).toBe('error parsing regexp: invalid escape sequence: `\\q`');
    expect(compileGoRegexp('\\1')).toBe('error parsing regexp: invalid escape sequence: `\\1`');
    expect(compileGoRegexp('\\C')).toBe('error parsing regexp: invalid escape sequence: `\\C`');
    expect(compileGoRegexp('[z-a]')).toBe('error parsing regexp: invalid character class range: `z-a`');
    expect(compileGoRegexp('[[:foo:]]')).toBe('error parsing regexp: invalid character class range: `[:foo:]`');
    expect(compileGoRegexp('\\p{Foo}')).toBe('error parsing regexp: invalid character class range: `\\p{Foo}`');
    expect(compileGoRegexp('a{1001}')).toBe('error parsing regexp: invalid repeat count: `{1001}`');
    expect(compileGoRegexp('((a{100}){100}){100}')).toBe('error parsing regexp: invalid repeat count: `{100}`');
    expect(compileGoRegexp('(?P<>a)')).toBe('error parsing regexp: invalid named capture: `(?P<>`');
    expect(compileGoRegexp('(?=a)')).toBe('error parsing regexp: invalid or unsupported Perl syntax: `(?=`');
    expect(compileGoRegexp('(?i(')).toBe('error parsing regexp: invalid or unsupported Perl syntax: `(?i(`');
    expect(compileGoRegexp('x\\')).toBe('error parsing regexp: trailing backslash at end of expression: ``');
    const deep = '('.repeat(1001) + 'a' + ')'.repeat(1001);
    expect(compileGoRegexp(deep)).toBe(`error parsing regexp: expression nests too deeply: \`${deep}\``);
  });

  test('compileGoRegexp rejects (?<name>) and lookbehinds as Go 1.21 does, after earlier errors', () => {
    expect(compileGoRegexp('(?<n>x)')).toBe('error parsing regexp: invalid or unsupported Perl syntax: `(?<`');
    expect(compileGoRegexp('(?<=a)b')).toBe('error parsing regexp: invalid or unsupported Perl syntax: `(?<`');
    expect(compileGoRegexp('a(?<n>x')).toBe('error parsing regexp: invalid or unsupported Perl syntax: `(?<`');
    expect(compileGoRegexp('a**(?<n>x)')).toBe('error parsing regexp: invalid nested repetition operator: `**`');
    expect(compileGoRegexp('(?is(?<n>x))')).toBe('error parsing regexp: invalid or unsupported Perl syntax: `(?is(`');
    expect(compileGoRegexp('\\p(?<n>x)')).toBe('error parsing regexp: invalid character class range: `\\p(`');
    // Inside a class or \Q...\E it is text.
    expect(match('[(?<]+', 'x(?<')).toBe('(?<');
    expect(match('\\Q(?<n>\\E', '(?<n>')).toBe('(?<n>');
  });

  test('compileGoRegexp quotes the whole pattern when asked (Zed expr.CompileRegexp)', () => {
    expect(compileGoRegexp('a**', { wholeExpr: true })).toBe('error parsing regexp: invalid nested repetition operator: `a**`');
    expect(compileGoRegexp('x\\', { wholeExpr: true })).toBe('error parsing regexp: trailing backslash at end of expression: `x\\`');
  });

  test('compileGoRegexp keeps Go meanings of classes and escapes', () => {
    expect(match('a.c', 'a\rc')).toBe('a\rc');
    expect(match('a.c', 'a\nc')).toBeNull();
    expect(match('\\s+', 'x\u00a0 \t')).toBe(' \t');
    expect(match('\\w+', 'héllo')).toBe('h');
    expect(match('\\d+', 'x١٢3')).toBe('3');
    expect(match('[[:alpha:]]+', '12abC3')).toBe('abC');
    expect(match('[[:^digit:]]+', '12ab3')).toBe('ab');
    expect(match('[[:word:]]+', '-a_1-')).toBe('a_1');
    expect(match('\\pL+', '1héllo2')).toBe('héllo');
    expect(match('\\pN+', 'x١٢٣y')).toBe('١٢٣');
    expect(match('\\p{Greek}+', 'aαβγb')).toBe('αβγ');
    expect(match('\\p{^Greek}+', 'αβab')).toBe('ab');
    expect(match('\\Q.*\\E', 'a.*b')).toBe('.*');
    expect(match('\\x{41}\\x42\\101', 'ABA')).toBe('ABA');
    expect(match('a{,2}', 'a{,2}')).toBe('a{,2}');
    expect(match('\\!\\-\\:', '!-:')).toBe('!-:');
    expect(match('a\\z', 'ba')).toBe('a');
    expect(match('a$', 'a\n')).toBeNull();
    expect(match('.', '😀')).toBe('😀');
  });

  test('compileGoRegexp applies flags, scoped or not', () => {
    expect(match('(?i)abc', 'xABCx')).toBe('ABC');
    expect(match('a(?i:b)c', 'aBc')).toBe('aBc');
    expect(match('a(?i:b)c', 'aBC')).toBeNull();
    expect(match('(?i)[a-c]+', 'xAbCd')).toBe('AbC');
    expect(match('(?i)k+', 'kK\u212a')).toBe('kK\u212a');
    expect(match('(?i)σ+', 'Σσς')).toBe('Σσς');
    expect(match('(?s)a.b', 'a\nb')).toBe('a\nb');
    expect(match('(?m)^b$', 'a\nb\nc')).toBe('b');
    expect(match('^b$', 'a\nb\nc')).toBeNull();
    expect(match('(?U)a+', 'aaa')).toBe('a');
    expect(match('(?U)a+?', 'aaa')).toBe('aaa');
    expect(match('(a(?i)b)B', 'aBB')).toBe('aBB');
    expect(match('(a(?i)b)B', 'aBb')).toBeNull();
  });

  test('compileGoRegexp matches leftmost-first, as a backtracking engine would choose', () => {
    expect(submatch('(a|ab)(c|bcd)(d*)', 'abcd')).toEqual(['abcd', 'a', 'bcd', '']);
    expect(submatch('(a+|b+)*c', 'abbac')).toEqual(['abbac', 'a']);
    expect(submatch('(a*)+', 'b')).toEqual(['', '']);
    expect(submatch('(x)?y', 'y')).toEqual(['y', undefined]);
  });

  test('compileGoRegexp numbers and names groups, allowing a name twice', () => {
    const r = re('(a)(?:b)(?P<x>c)(?P<y>d)?');
    expect(r.numSubexp).toBe(3);
    expect(r.names).toEqual(['', '', 'x', 'y']);
    expect(submatch('(a)(?:b)(?P<x>c)(?P<y>d)?', 'abc')).toEqual(['abc', 'a', 'c', undefined]);
    expect(re('(?P<n>a)|(?P<n>b)').names).toEqual(['', 'n', 'n']);
    expect(submatch('(?P<n>a)|(?P<n>b)', 'b')).toEqual(['b', undefined, 'b']);
  });

  test('GoRegexp works on UTF-8 bytes: byte offsets, invalid bytes as U+FFFD', () => {
    const r = re('é+');
    expect(r.exec(enc.encode('xéé'))).toEqual([1, 5]);
    expect(r.exec(enc.encode('éxé'), 1)).toEqual([3, 5]);
    expect(re('.').exec(Uint8Array.of(0xff, 0x61))).toEqual([0, 1]);
    expect(re('\uFFFD').exec(Uint8Array.of(0x61, 0xc3))).toEqual([1, 2]);
    // Searching from an offset still sees what comes before it.
    expect(re('^a').exec(enc.encode('aa'), 1)).toBeNull();
    expect(re('\\ba').exec(enc.encode('aa'), 1)).toBeNull();
    expect(r.test(enc.encode('café'))).toBe(true);
    expect(r.test('café')).toBe(true);
    expect(r.test('cafe')).toBe(false);
  });

  test('GoRegexp.test on long input anchors a pattern that must match at the start', () => {
    const long = 'ab' + 'x'.repeat(10_000) + '\nb';
    expect(re('^ab').test(long)).toBe(true);
    expect(re('\\Ab').test(enc.encode(long))).toBe(false);
    expect(re('^b|x$').test(long)).toBe(false);
    expect(re('(?m)^b').test(enc.encode(long))).toBe(true);
  });

  test('GoRegexp matches pathological patterns in linear time', () => {
    const r = re('^(a|a)*$');
    const s = enc.encode('a'.repeat(100_000) + 'b');
    expect(r.test(s)).toBe(false);
    expect(r.exec(s)).toBeNull();
    expect(re('(x+x+)+y').test('x'.repeat(100_000))).toBe(false);
    expect(re('(a*)*b').exec(enc.encode('a'.repeat(100_000)))).toBeNull();
  });
});

describe('replaceAll', () => {
  test('replaceAll expands templates as Go does (regexp_replace.md)', () => {
    expect(replace('ax*b', '-ab-axxb-', 'T')).toBe('-T-T-');
    expect(replace('a(x*)b', '-ab-axxb-', '$1')).toBe('--xx-');
    expect(replace('a(?P<X>x*)b', '-ab-axxb-', '$X')).toBe('--xx-');
    expect(replace('(?P<key>\\w+):\\s+(?P<value>\\w+)$', 'option: value', '$key=${value}AppendedText')).toBe('option=valueAppendedText');
    expect(replace('(a)', 'a', '$1x|${1}x|$$|$|${|${1')).toBe('|ax|$|$|${|${1');
    expect(replace('(?P<01>a)', 'a', '[$01|$1]')).toBe('[a|a]');
    expect(replace('(\\d+)-(\\d+)', '10-20 30-40', '$2-$1')).toBe('20-10 40-30');
    expect(replace('(?P<n>a)|(?P<n>b)', 'ab', '[$n]')).toBe('[a][b]');
  });

  test('replaceAll skips empty matches next to a previous match and steps by characters', () => {
    expect(replace('a*', 'baaac', 'X')).toBe('XbXcX');
    expect(replace('', 'ab', '-')).toBe('-a-b-');
    expect(replace('x*', '日本', '-')).toBe('-日-本-');
    expect(replace('x', '😎x😎', '!')).toBe('😎!😎');
    expect(replace('\\b', 'ab cd', '|')).toBe('|ab| |cd|');
  });

  test('replaceAll keeps bytes that are not UTF-8 and steps over them one at a time', () => {
    const r = re('x*');
    const out = replaceAll(r, Uint8Array.of(0x61, 0xff, 0xe2, 0x82), new Template(enc.encode('-')));
    expect([...out]).toEqual([0x2d, 0x61, 0x2d, 0xff, 0x2d, 0xe2, 0x2d, 0x82, 0x2d]);
  });
});
