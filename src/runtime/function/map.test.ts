import { describe, expect, test } from 'vitest';
import { lookupFunction } from './registry.js';
import { harness } from '../../../test/support/function-testing.js';

describe('map', () => {
  test('map applies a function to each element (map.md)', () => {
    const h = harness();
    const upper = lookupFunction('upper')!.make(h.ectx);
    const map = h.fn('map', { apply: (v) => upper([v]) });
    expect(map('["foo","bar","baz"]', '{}')).toBe('["FOO","BAR","BAZ"]');
    expect(map('|["b","a","B"]|', '{}')).toBe('|["A","B"]|');
    const raw = lookupFunction('map')!.make(h.ectx, { apply: (v) => upper([v]) });
    const empty = h.v('[]([string])');
    expect(raw([empty, h.v('{}')])).toBe(empty);
    expect(map('error("missing")', '{}')).toBe('error("missing")');
    expect(map('"x"', '{a:1}')).toBe('error({message:"not an array or set",on:{a:1}})');
  });

  test('map of results of several types makes a union', () => {
    const h = harness();
    const typeofFn = lookupFunction('len')!.make(h.ectx);
    const map = h.fn('map', { apply: (v) => typeofFn([v]) });
    expect(map('["ab",1]', '{}')).toBe('[2,error({message:"len: bad type",on:1})]');
    expect(h.call('typeof', map('["ab",1]', '{}'))).toBe('<[(int64,error({message:string,on:int64}))]>');
  });

  test('map needs the function hook', () => {
    const h = harness();
    expect(() => lookupFunction('map')!.make(h.ectx)).toThrow('second argument must be the identifier of a function');
  });
});
