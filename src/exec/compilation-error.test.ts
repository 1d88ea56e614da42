import { describe, expect, it } from 'vitest';
import { byteOffset, formatCompilationEntry, semanticErrors } from './compilation-error.js';

describe('compilation errors', () => {
  it('marks a span with tildes under its line', () => {
    expect(formatCompilationEntry('from doesnotexist', 'x: pool not found', 5, 17)).toBe('x: pool not found at line 1, column 6:\nfrom doesnotexist\n     ~~~~~~~~~~~~');
  });

  it('marks a point with Zed\'s caret', () => {
    expect(formatCompilationEntry('put x:=', 'error parsing Zed', 7, -1)).toBe('error parsing Zed at line 1, column 8:\nput x:=\n   === ^ ===');
  });

  it('counts bytes, lines and spans that run past their line', () => {
    const text = 'yield "é"\n| from nosuch\n| pass';
    expect(byteOffset(text, 8)).toBe(9);
    const e = semanticErrors(text, [{ msg: 'bad', start: 12, end: text.length }]);
    expect(e.entries).toEqual([{ msg: 'bad', pos: 13, end: 31 }]);
    expect(e.message).toBe('bad at line 2, column 3:\n| from nosuch\n  ~~~~~~~~~~~');
  });

  it('joins several errors with newlines', () => {
    const e = semanticErrors('from a | from b', [
      { msg: 'a', start: 5, end: 6 },
      { msg: 'b', start: 14, end: 15 },
    ]);
    expect(e.message.split('\n')).toHaveLength(6);
    expect(e.entries.map((x) => x.msg)).toEqual(['a', 'b']);
  });
});
