import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';

describe('type functions', () => {
  test('typeof and typeunder (typeof.md, typeunder.yaml)', () => {
    const h = harness();
    const xs = ['1', '"foo"', '10.0.0.1', '[1,2,3]', '{s:"foo"}', 'null', 'error("missing")'];
    expect(xs.map((x) => h.call('typeof', x))).toEqual(['<int64>', '<string>', '<ip>', '<[int64]>', '<{s:string}>', '<null>', '<error(string)>']);
    expect(h.call('typeof', '<int64>')).toBe('<type>');
    expect(h.call('typeof', '{x:1}(=foo)')).toBe('<foo={x:int64}>');
    expect(h.call('typeunder', '{x:1}(=foo)')).toBe('<{x:int64}>');
    expect(h.call('typeunder', '1((int64,string))')).toBe('<(int64,string)>');
  });

  test('typename looks up the current binding (typename.md)', () => {
    const h = harness();
    expect(h.call('typename', '"port"')).toBe('error("missing")');
    h.v('80(port=int16)');
    expect(h.call('typename', '"port"')).toBe('<port=int16>');
    expect(h.call('typename', '1')).toBe('error({message:"typename: first argument not a string",on:1})');
    expect(h.call('typename', '"x"', '<string>')).toBe('<string>');
    expect(h.call('typename', '"x"', '1')).toBe('error({message:"typename: second argument not a type value",on:1})');
  });

  test('nameof (nameof.md, missing.yaml)', () => {
    const h = harness();
    expect(h.call('nameof', '80(port=int16)')).toBe('"port"');
    expect(h.call('nameof', '80')).toBe('error("missing")');
    expect(h.call('nameof', '<port=int16>')).toBe('"port"');
    expect(h.call('nameof', '<int16>')).toBe('error("missing")');
  });

  test('kind (kind.yaml)', () => {
    const h = harness();
    const cases: [string, string][] = [
      ['null', 'primitive'], ['0x1234', 'primitive'], ['error(null)', 'error'], ['{}', 'record'], ['[1,2,3](array=[int8])', 'array'],
      ['80(port=uint16)', 'primitive'], ['"foo"((int64,string))', 'union'], ['<int64>', 'primitive'], ['<{s:string}>', 'record'],
      ['|[1,2,3]|', 'set'], ['|{1:1,2:2}|', 'map'], ['%heads(enum(heads,tails))', 'enum'],
    ];
    for (const [v, k] of cases) expect(h.call('kind', v)).toBe(`"${k}"`);
  });

  test('is compares exact types, also given as strings (is.md)', () => {
    const h = harness();
    expect(h.call('is', '1.', '<float64>')).toBe('true');
    expect(h.call('is', '1.', '<int64>')).toBe('false');
    expect(h.call('is', '{s:"hello"}(=foo)', '<{s:string}>')).toBe('false');
    expect(h.call('is', '{s:"hello"}(=foo)', '<foo>')).toBe('true');
    expect(h.call('is', 'null', '"{s:string}"', '"{s:string}"')).toBe('false');
    expect(h.call('is', 'null', '{s:"x"}', '"{s:string}"')).toBe('true');
    expect(h.call('is', '1', '"{bad"')).toBe('false');
    expect(h.call('is', '1', '1')).toBe('false');
  });

  test('under unwraps one layer (under.yaml, under.md)', () => {
    const h = harness();
    const cases: [string, string][] = [
      ['null', 'null'], ['null(bytes)', 'null(bytes)'], ['error(null)', 'null'], ['error("foo")', '"foo"'],
      ['[1,2,3](array=[int8])', '[1(int8),2(int8),3(int8)]'], ['80(port=uint16)', '80(uint16)'],
      ['"foo"((int64,string))', '"foo"'], ['1((int64,string))', '1'], ['<port=uint16>', '<uint16>'], ['{x:1}', '{x:1}'],
      ['error({err:"message"})', '{err:"message"}'],
    ];
    for (const [v, want] of cases) expect(h.call('under', v)).toBe(want);
  });
});
