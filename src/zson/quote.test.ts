import { describe, expect, it } from 'vitest';
import { isIdentifier, isTypeName, quoteJsonString, quoteName, quoteTypeName, quoteUtf8 } from './quote.js';

describe('quoteName', () => {
  it('leaves identifiers bare and quotes everything else', () => {
    expect(quoteName('foo')).toBe('foo');
    expect(quoteName('_a$1')).toBe('_a$1');
    expect(quoteName('héllo')).toBe('héllo');
    expect(quoteName('')).toBe('""');
    expect(quoteName('1a')).toBe('"1a"');
    expect(quoteName('foo bar')).toBe('"foo bar"');
    expect(quoteName('a.b')).toBe('"a.b"');
    expect(quoteName('@foo^')).toBe('"@foo^"');
    expect(isIdentifier('x9')).toBe(true);
  });
});

describe('quoteTypeName', () => {
  it('allows dots and digits after the first character', () => {
    expect(quoteTypeName('foo.bar')).toBe('foo.bar');
    expect(quoteTypeName('port')).toBe('port');
    expect(quoteTypeName('github.com/acme/foo.Bar')).toBe('"github.com/acme/foo.Bar"');
    expect(quoteTypeName('@foo')).toBe('"@foo"');
    expect(quoteTypeName('0')).toBe('"0"');
    expect(isTypeName('a1.b2')).toBe(true);
    // Zed lets the empty name through unquoted.
    expect(quoteTypeName('')).toBe('');
  });
});

describe('quoteUtf8', () => {
  const b = (s: string) => new TextEncoder().encode(s);
  it('escapes as ZSON by default and as Go encoding/json on request', () => {
    expect(quoteUtf8(b('\b\f\n'), 0, 3)).toBe('"\\b\\f\\n"');
    expect(quoteUtf8(b('\b\f\n'), 0, 3, true)).toBe('"\\u0008\\u000c\\n"');
    expect(quoteUtf8(b('a\u2028b'), 0, 5)).toBe('"a\u2028b"');
    expect(quoteUtf8(b('a\u2028b\u2029'), 0, 8, true)).toBe('"a\\u2028b\\u2029"');
    expect(quoteUtf8(b('<>&'), 0, 3, true)).toBe('"<>&"');
  });

  it('quotes a range of a larger buffer', () => {
    expect(quoteUtf8(b('xx"yy'), 1, 4)).toBe('"x\\"y"');
  });
});

describe('quoteJsonString', () => {
  it('escapes as Go encoding/json with HTML escaping off', () => {
    expect(quoteJsonString('a"b\\')).toBe('"a\\"b\\\\"');
    expect(quoteJsonString('\u0001\b\t')).toBe('"\\u0001\\u0008\\t"');
    expect(quoteJsonString('<&>\u2028')).toBe('"<&>\\u2028"');
    expect(quoteJsonString('😀')).toBe('"😀"');
  });
});
