import { describe, expect, test } from 'vitest';
import { ParseError } from '../../errors/index.js';
import { parseExpr, parseQuery } from './index.js';

function errorOf(fn: () => unknown): ParseError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw e;
  }
  throw new Error('expected a ParseError');
}

describe('syntax error messages match Zed', () => {
  // Each message is what Zed v1.18.0 prints for the query.
  test.each([
    ["from test \\ count()", "error parsing Zed at line 1, column 11:\nfrom test \\ count()\n      === ^ ==="],
    ["from\ntest \\ count()", "error parsing Zed at line 2, column 6:\ntest \\ count()\n === ^ ==="],
    ["count() by ,x,y", "error parsing Zed at line 1, column 12:\ncount() by ,x,y\n       === ^ ==="],
    ["file sample.zson | count(", "error parsing Zed at line 1, column 26:\nfile sample.zson | count(\n                     === ^ ==="],
    ["count(\n", "error parsing Zed at line 1, column 8:\ncount(\n   === ^ ==="],
    ["a\n\nb(", "error parsing Zed at line 3, column 3:\nb(\n= ^ ==="],
    ["é((", "error parsing Zed at line 1, column 5:\né((\n=== ^ ==="],
    ["  ", "error parsing Zed at line 1, column 3:\n  \n= ^ ==="],
    ["sort -r -r x", "error parsing Zed at line 1, column 5:\nsort -r -r x\n=== ^ ===\nerror parsing Zed at line 1, column 13:\nsort -r -r x\n        === ^ ==="],
    ["yield \\true", "error parsing Zed at line 1, column 12:\nyield \\true\n       === ^ ==="],
    ["\\\\x", "error parsing Zed at line 1, column 4:\n\\\\x\n== ^ ==="],
    ["x f\"foo\"", "error parsing Zed at line 1, column 9:\nx f\"foo\"\n    === ^ ==="],
    ["count() with -limit 99999999999999999999", "error parsing Zed at line 1, column 41:\ncount() with -limit 99999999999999999999\n                                    === ^ ==="],
    ["yield {a:1", "error parsing Zed at line 1, column 11:\nyield {a:1\n      === ^ ==="],
    ["Defunct=", "error parsing Zed at line 1, column 8:\nDefunct=\n   === ^ ==="],
    ["yield 1 +", "error parsing Zed at line 1, column 10:\nyield 1 +\n     === ^ ==="],
    ["a | | b", "error parsing Zed at line 1, column 5:\na | | b\n=== ^ ==="],
    ["from ( pool a => pass", "error parsing Zed at line 1, column 22:\nfrom ( pool a => pass\n                 === ^ ==="],
    ["x:=1 y", "error parsing Zed at line 1, column 6:\nx:=1 y\n === ^ ==="],
  ])('%j', (query, message) => {
    expect(errorOf(() => parseQuery(query)).message).toBe(message);
  });
});

describe('ParseError details', () => {
  test('carries line and column of the first error', () => {
    const err = errorOf(() => parseQuery('from\ntest \\ count()'));
    expect(err.kind).toBe('invalid');
    expect(err.reason).toBe('error parsing Zed');
    expect(err.line).toBe(2);
    expect(err.column).toBe(6);
  });

  test('columns count UTF-8 bytes, as in Zed', () => {
    expect(errorOf(() => parseQuery('yield "é" +')).column).toBe(13);
  });

  test('parseExpr reports errors the same way', () => {
    expect(errorOf(() => parseExpr('1 +')).message).toBe(
      'error parsing Zed at line 1, column 4:\n1 +\n== ^ ===',
    );
    expect(errorOf(() => parseExpr('a b')).column).toBe(3);
  });

  test('nesting deeper than the stack allows is a ParseError', () => {
    const deep = '('.repeat(20000) + 'a' + ')'.repeat(20000);
    expect(errorOf(() => parseQuery(deep))).toBeInstanceOf(ParseError);
  });
});
