import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';
import { isMissing, isQuiet } from './errors.js';

describe('ErrorMaker', () => {
  const h = harness();
  const e = h.ectx.errors;
  test('ErrorMaker makes missing, quiet, message and wrapped errors', () => {
    expect(h.z(e.missing())).toBe('error("missing")');
    expect(e.missing()).toBe(e.missing());
    expect(h.z(e.quiet())).toBe('error("quiet")');
    expect(h.z(e.message('divide by zero'))).toBe('error("divide by zero")');
    expect(h.z(e.wrap('bad', h.v('1(int8)')))).toBe('error({message:"bad",on:1(int8)})(error({message:string,on:int8}))');
    expect(h.z(e.wrap('bad', h.v('null')))).toBe('error({message:"bad",on:null})');
    expect(h.z(e.of(h.v('[1,2]')))).toBe('error([1,2])');
  });
  test('isMissing and isQuiet match only the exact error(string) values', () => {
    expect(isMissing(h.v('error("missing")'))).toBe(true);
    expect(isMissing(e.missing())).toBe(true);
    expect(isMissing(h.v('"missing"'))).toBe(false);
    expect(isMissing(h.v('error("missing")(=e)'))).toBe(false);
    expect(isMissing(h.v('null(error(string))'))).toBe(false);
    expect(isQuiet(e.quiet())).toBe(true);
    expect(isQuiet(e.missing())).toBe(false);
  });
});

describe('createEvalContext', () => {
  test('createEvalContext uses the injected clock and random source', () => {
    const h = harness({ now: () => 42n, randomBytes: (b) => b.fill(7) });
    expect(h.ectx.now()).toBe(42n);
    const b = new Uint8Array(3);
    h.ectx.randomBytes(b);
    expect([...b]).toEqual([7, 7, 7]);
  });
  test('createEvalContext defaults to the wall clock', () => {
    const h = harness();
    const now = h.ectx.now();
    expect(now > 1_600_000_000_000_000_000n).toBe(true);
  });
});
