import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';

describe('compare function', () => {
  test('compare orders any two values (compare.yaml, compare-nullsmax.yaml)', () => {
    const h = harness();
    const f = h.fn('compare');
    expect(f('2', '1')).toBe('1');
    expect(f('2', '"1"')).toBe('-1');
    expect(f('null', '2')).toBe('1');
    expect(f('0', '0.')).toBe('0');
    expect(f('null', '2', 'true')).toBe('1');
    expect(f('null', '2', 'false')).toBe('-1');
    expect(f('null', '2', '"error"')).toBe('error({message:"compare: nullsMax arg is not bool",on:"error"})');
    expect(f('"a"', '"b"')).toBe('-1');
    expect(f('error("x")', 'error("x")')).toBe('0');
  });
});
