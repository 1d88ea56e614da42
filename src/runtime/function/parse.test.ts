import { describe, expect, test } from 'vitest';
import { parseUrl } from './parse.js';
import { harness } from '../../../test/support/function-testing.js';

describe('parse_uri', () => {
  test('parse_uri splits a URI (parse-uri.yaml)', () => {
    const h = harness();
    const f = h.fn('parse_uri');
    const nulls = 'user:null(string),password:null(string),host:null(string),port:null(uint16),path:null(string),query:null(|{string:[string]}|),fragment:null(string)';
    expect(f('""')).toBe(`{scheme:null(string),opaque:null(string),${nulls}}`);
    expect(f('"scheme://user:password@host:12345/path?a=1&a=2&b=3&c=#fragment"')).toBe(
      '{scheme:"scheme",opaque:null(string),user:"user",password:"password",host:"host",port:12345(uint16),path:"/path",query:|{"a":["1","2"],"b":["3"],"c":[""]}|,fragment:"fragment"}',
    );
    expect(f('"scheme:opaque"')).toBe(`{scheme:"scheme",opaque:"opaque",${nulls}}`);
    expect(f('1')).toBe('error({message:"parse_uri: non-empty string arg required",on:1})');
    expect(f('null(string)')).toBe('error({message:"parse_uri: non-empty string arg required",on:null(string)})');
    expect(f('":no-scheme"')).toBe('error({message:"parse_uri: parse \\":no-scheme\\": missing protocol scheme",on:":no-scheme"})');
    expect(f('"scheme://bad-port:1234567"')).toBe('error({message:"parse_uri: invalid port: 1234567",on:"scheme://bad-port:1234567"})');
  });

  test('parseUrl follows net/url for hosts, escapes and errors', () => {
    const u = parseUrl('HTTP://[::1]:80/a%20b?x=1+2#f%21');
    expect([u.scheme, u.host, u.path, u.rawQuery, u.fragment]).toEqual(['http', '[::1]:80', '/a b', 'x=1+2', 'f!']);
    expect(parseUrl('/rel/path').path).toBe('/rel/path');
    expect(() => parseUrl('http://a b/')).toThrow('parse "http://a b/": invalid character " " in host name');
    expect(() => parseUrl('a:b/%zz')).not.toThrow();
    expect(() => parseUrl('/%zz')).toThrow('parse "/%zz": invalid URL escape "%zz"');
    expect(() => parseUrl('1:2')).toThrow('first path segment in URL cannot contain colon');
  });
});

describe('parse_zson', () => {
  test('parse_zson reads one value (parse-zson.yaml, parse_zson.md)', () => {
    const h = harness();
    const f = h.fn('parse_zson');
    expect(f('"{a:1}"')).toBe('{a:1}');
    expect(f('null(string)')).toBe('null');
    expect(f('{}')).toBe('error({message:"parse_zson: string arg required",on:{}})');
    expect(f('"!"')).toBe('error({message:"parse_zson: ZSON syntax error",on:"!"})');
    expect(f('"{\\"a\\": \\"1\\", \\"b\\": 2}"')).toBe('{a:"1",b:2}');
    expect(f('"  "')).toBe('null');
  });
});
