import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';

describe('flatten', () => {
  test('flatten lists leaf fields with their paths (flatten.yaml)', () => {
    const h = harness();
    const f = h.fn('flatten');
    const cases: [string, string][] = [
      ['127.0.0.1', '127.0.0.1'],
      ['{a:1,b:null}', '[{key:["a"],value:1},{key:["b"],value:null}]'],
      ['{a:1,b:{c:"foo",d:[1,2,3]}}', '[{key:["a"],value:1},{key:["b","c"],value:"foo"},{key:["b","d"],value:[1,2,3]}]'],
      ['{a:1,b:{c:2,d:{e:4,f:5}}}', '[{key:["a"],value:1},{key:["b","c"],value:2},{key:["b","d","e"],value:4},{key:["b","d","f"],value:5}]'],
      ['{foo:null({bar:int32})}', '[{key:["foo"],value:null({bar:int32})}]'],
      ['{foo:{bar:2(int32)}}', '[{key:["foo","bar"],value:2(int32)}]'],
    ];
    for (const [input, want] of cases) expect(f(input)).toBe(want);
  });

  test('flatten of mixed leaf types has a union element type', () => {
    const h = harness();
    expect(h.call('typeof', h.call('flatten', '{a:1,b:{c:"foo"}}'))).toBe(
      '<[({key:[string],value:int64},{key:[string],value:string})]>',
    );
  });
});

describe('unflatten', () => {
  test('unflatten inverts flatten (unflatten.yaml)', () => {
    const h = harness();
    const f = h.fn('unflatten');
    const cases: [string, string][] = [
      ['[{key:["a","a"],value:1},{key:["a","b"],value:2},{key:["a","x","z"],value:"foo"},{key:["b"],value:2},{key:["c"],value:3}]', '{a:{a:1,b:2,x:{z:"foo"}},b:2,c:3}'],
      ['[{key:["b","b1"],value:4},{key:["b","b2"],value:5},{key:["b","b3","c"],value:[6,7,8]},{key:["b","b4"],value:["one","two","three"]}]', '{b:{b1:4,b2:5,b3:{c:[6,7,8]},b4:["one","two","three"]}}'],
      ['[{key:"s",value:1}]', '{s:1}'],
      ['[{key:["a","b"],value:1},{key:["a","c"],value:2},{key:"a",value:3}]', '{a:3}'],
      ['[{key:"a",value:1},{key:"a",value:2}]', '{a:2}'],
      ['[{key:["a","b"],value:1},{key:["a","b","c"],value:2}]', '{a:{b:{c:2}}}'],
      ['[{key:1,value:1}]', 'error({message:"invalid key type int64: expected either string or [string]",on:{key:1,value:1}})'],
      ['[{key:"a",value:1},{key:"b",value:2},{key:"a",value:2}]', 'error({message:"duplicate field: \\"a\\"",on:[{key:"a",value:1},{key:"b",value:2},{key:"a",value:2}]})'],
    ];
    for (const [input, want] of cases) expect(f(input)).toBe(want);
  });

  test('unflatten skips non-entries and passes non-arrays through', () => {
    const h = harness();
    expect(h.call('unflatten', '[{k:1},{key:"a",value:1}]')).toBe('{a:1}');
    expect(h.call('unflatten', '"x"')).toBe('"x"');
    expect(h.call('unflatten', 'null([{key:string,value:int64}])')).toBe('{}');
    expect(h.call('unflatten', h.call('flatten', '{a:1,b:{c:"foo"}}'))).toBe('{a:1,b:{c:"foo"}}');
  });
});
