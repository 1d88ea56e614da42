import { describe, expect, it } from 'vitest';
import { hostMatches, parseHostPattern, splitHostPort } from './host-pattern.js';

const allows = (pattern: string, authority: string) => {
  const hp = splitHostPort(authority)!;
  return hostMatches(parseHostPattern(pattern), hp.host, hp.port);
};

describe('host patterns', () => {
  it('splitHostPort reads names, IPv4 and bracketed IPv6, with or without a port', () => {
    expect(splitHostPort('Example.COM.:80')).toEqual({ host: 'example.com', port: 80 });
    expect(splitHostPort('[::1]:9867')).toEqual({ host: '::1', port: 9867 });
    expect(splitHostPort('10.0.0.1')).toEqual({ host: '10.0.0.1', port: null });
    for (const bad of ['', ':80', 'a:b', 'a:99999', '::1']) expect(splitHostPort(bad)).toBeNull();
  });

  it('matches exact names, ports, wildcard suffixes and *', () => {
    expect(allows('api.example.com', 'API.example.com:443')).toBe(true);
    expect(allows('api.example.com:8443', 'api.example.com:8443')).toBe(true);
    expect(allows('api.example.com:8443', 'api.example.com:443')).toBe(false);
    expect(allows('*.example.com', 'a.b.example.com')).toBe(true);
    expect(allows('*.example.com', 'example.com')).toBe(false);
    expect(allows('*.example.com', 'evilexample.com')).toBe(false);
    expect(allows('*', 'anything.at.all:1')).toBe(true);
    expect(allows('[::1]:80', '[0:0::1]:80')).toBe(true);
    expect(allows('::1', '[::1]:5')).toBe(true);
    expect(allows('127.0.0.1', '127.0.0.1:9')).toBe(true);
  });

  it('refuses malformed patterns', () => {
    for (const bad of ['', 'a*.b', '*.', '*.*.b', 'a/b', 'a:1:2', 'a b']) expect(() => parseHostPattern(bad), bad).toThrow(/invalid host pattern/);
  });
});
