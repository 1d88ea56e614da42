import { describe, expect, it } from 'vitest';
import { parseSortKey } from './commands/create.js';
import { goQuote, parseBytes } from './go-text.js';

describe('Go text helpers', () => {
  it('quotes as %q does', () => {
    expect(goQuote('main')).toBe('"main"');
    expect(goQuote('a"b\n')).toBe('"a\\"b\\n"');
    expect(goQuote('\u0001')).toBe('"\\x01"');
  });

  it('reads byte sizes with metric and binary units', () => {
    expect(parseBytes('S', '500MiB')).toBe(524_288_000);
    expect(parseBytes('S', '10MB')).toBe(10_000_000);
    expect(parseBytes('S', '1KB')).toBe(1000);
    expect(parseBytes('S', '1.5KiB')).toBe(1536);
    expect(() => parseBytes('S', '10')).toThrow('invalid value "10" for flag -S');
  });
});

describe('pool keys from -orderby', () => {
  it('reads a dotted key and an order, ascending by default', () => {
    expect(parseSortKey('ts:desc')).toEqual({ order: 'desc', keys: [['ts']] });
    expect(parseSortKey('a.b')).toEqual({ order: 'asc', keys: [['a', 'b']] });
    expect(parseSortKey('x:DESC')).toEqual({ order: 'desc', keys: [['x']] });
    expect(parseSortKey('')).toEqual({ order: 'desc', keys: [] });
  });

  it('refuses several keys, several orders and unknown orders', () => {
    expect(() => parseSortKey('a,b')).toThrow('multiple pool keys not supported');
    expect(() => parseSortKey('a:asc:desc')).toThrow('only one order clause allowed in sortkey description');
    expect(() => parseSortKey('a:up')).toThrow('unknown order: up');
  });
});
