import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';

describe('fields', () => {
  test('fields of records and record types (fields.yaml, fields.md)', () => {
    const h = harness();
    const f = h.fn('fields');
    expect(f('{a:1,b:2,c:{d:3,e:4}}')).toBe('[["a"],["b"],["c","d"],["c","e"]]');
    expect(f('{r:{a:1(int32)},s:123(int32)}((string,{r:{a:int32},s:int32}))')).toBe('[["r","a"],["s"]]');
    expect(f('null({r:{a:int32},s:int32})')).toBe('[["r","a"],["s"]]');
    expect(f('{r:{a:1(int8),b:2(int8)},s:"a"}')).toBe('[["r","a"],["r","b"],["s"]]');
    expect(f('<{r:{a:int32},s:int32}>')).toBe('[["r","a"],["s"]]');
    expect(f('<{r:{a:int8,b:int8},s:string}>((int8,type))')).toBe('[["r","a"],["r","b"],["s"]]');
    expect(f('<int64>')).toBe('error("missing")');
    expect(f('1')).toBe('error("missing")');
    // Zed's builder yields no bytes at all for a record without leaves.
    expect(f('{}')).toBe('null([[string]])');
    expect(f('{a:{}}')).toBe('null([[string]])');
  });
});
