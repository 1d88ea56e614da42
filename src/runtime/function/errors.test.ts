import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';

const h = harness();

describe('error functions', () => {
  test('error wraps any value (error.md)', () => {
    expect(h.call('error', '{message:"bad value",value:{foo:"foo"}}')).toBe('error({message:"bad value",value:{foo:"foo"}})');
    expect(['1', '"foo"', '[1,2,3]'].map((v) => h.call('error', v))).toEqual(['error(1)', 'error("foo")', 'error([1,2,3])']);
    expect(h.call('error', 'null')).toBe('null(error(null))');
  });

  test('is_error (is_error.md)', () => {
    expect(h.call('is_error', '1')).toBe('false');
    expect(h.call('is_error', 'error(1)')).toBe('true');
    expect(h.call('is_error', 'null(error(string))')).toBe('true');
  });

  test('has_error looks inside values (has_error.yaml)', () => {
    const f = h.fn('has_error');
    expect(['null', 'error(0)', '{f1:127.0.0.1,f2:error("error")}', '[1,2]([(int64,error(string))])', '|{"key":error(0)((int64,error(int64)))}|'].map((v) => f(v))).toEqual([
      'false', 'true', 'true', 'false', 'true',
    ]);
    expect(f('{a:{b:"foo"}}')).toBe('false');
    expect(f('{a:{b:"foo",x:error("missing")}}')).toBe('true');
    expect(f('{a:null(error(string))}')).toBe('true');
    expect(f('null({a:error(string)})')).toBe('false');
  });

  test('quiet turns missing into quiet (quiet.md)', () => {
    expect(h.call('quiet', 'error("missing")')).toBe('error("quiet")');
    expect(h.call('quiet', 'error("x")')).toBe('error("x")');
    expect(h.call('quiet', '1')).toBe('1');
  });

  test('has and missing (has.md, missing.md)', () => {
    expect(h.call('has', '10')).toBe('true');
    expect(h.call('has', 'error("missing")')).toBe('false');
    expect(h.call('has', '1', 'error("quiet")')).toBe('false');
    expect(h.call('has', 'error("boom")', 'error("missing")')).toBe('error("boom")');
    expect(h.call('missing', 'error("missing")')).toBe('true');
    expect(h.call('missing', '10', '11')).toBe('false');
    expect(h.call('missing', 'error("boom")')).toBe('error("boom")');
  });

  test('coalesce skips nulls, missing and quiet (coalesce.md)', () => {
    expect(h.call('coalesce', 'null', 'error("missing")', 'error("quiet")', '1')).toBe('1');
    expect(h.call('coalesce', 'null', 'error("missing")', 'error("quiet")')).toBe('null');
    expect(h.call('coalesce', 'null(int64)', 'error("x")', '2')).toBe('error("x")');
  });
});
