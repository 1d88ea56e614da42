import { describe, expect, it } from 'vitest';
import { parseExpr, parseQuery } from './index.js';
import { MAX_QUERY_BYTES, QueryLimitError } from './limits.js';

function limitError(f: () => unknown): QueryLimitError {
  try {
    f();
  } catch (e) {
    if (e instanceof QueryLimitError) return e;
    throw e;
  }
  throw new Error('no QueryLimitError');
}

describe('query limits', () => {
  it('parseQuery refuses text over MAX_QUERY_BYTES at the first byte past it, counting UTF-8 bytes', () => {
    const ok = `yield "${'x'.repeat(MAX_QUERY_BYTES - 8)}"`;
    expect(new TextEncoder().encode(ok).length).toBe(MAX_QUERY_BYTES);
    expect(() => parseQuery(ok)).not.toThrow();
    // Two-byte characters on a second line: the column counts bytes.
    const e = limitError(() => parseQuery(`yield 1\n| yield "${'é'.repeat(MAX_QUERY_BYTES / 2)}"`));
    expect(e.reason).toBe(`query too long: more than ${MAX_QUERY_BYTES} bytes`);
    expect(e.line).toBe(2);
    // 17 bytes before the first é, 2 each: the é starting at byte 1048575 ends past the limit.
    // Its line starts at byte 8.
    expect(e.column).toBe(1048575 - 8 + 1);
  });

  it('parseQuery refuses a chain of 1,000 terms and accepts one of 998, placing the error where the chain starts', () => {
    expect(() => parseQuery(`where a${' or a'.repeat(997)}`)).not.toThrow();
    const e = limitError(() => parseQuery(`yield 1\n| where a${' or a'.repeat(999)}`));
    expect(e.reason).toMatch(/^query too deeply nested: more than 1000 levels/);
    expect([e.line, e.column]).toEqual([2, 9]);
    expect(e.message).toBe(`${e.reason} at line 2, column 9`);
  });

  it('parseQuery counts each operator of a sequence, nested sequences included, as a level', () => {
    expect(() => parseQuery(`pass${' | pass'.repeat(999)}`)).not.toThrow();
    const e = limitError(() => parseQuery(`pass${' | pass'.repeat(1000)}`));
    expect(e.column).toBe(1 + 1000 * 7);
    limitError(() => parseQuery(`fork ( => pass${' | pass'.repeat(999)} )`));
    limitError(() => parseQuery(`over this => ( pass${' | pass'.repeat(999)} )`));
  });

  it('parseExpr applies the same limits', () => {
    expect(limitError(() => parseExpr(`1${'+1'.repeat(5000)}`)).column).toBe(1);
  });
});
