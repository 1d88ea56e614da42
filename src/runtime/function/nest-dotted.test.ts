import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';

describe('nest_dotted', () => {
  test('nest_dotted nests dotted names (nest_dotted.yaml)', () => {
    const h = harness();
    const f = h.fn('nest_dotted');
    expect(f('{a:1,"b.a":2,"b.b":3,"b.c.a":4,c:5}')).toBe('{a:1,b:{a:2,b:3,c:{a:4}},c:5}');
    expect(f('{a:1,b:{a:2,b:3,c:{a:4}},c:5}')).toBe('{a:1,b:{a:2,b:3,c:{a:4}},c:5}');
    expect(f('{nest:{a:1,"b.a":2}}', '{a:1,"b.a":2}')).toBe('{a:1,b:{a:2}}');
    expect(f('{"a.b.c":"foo"}')).toBe('{a:{b:{c:"foo"}}}');
  });

  test('nest_dotted rejects split records and clashing names', () => {
    const h = harness();
    expect(h.call('nest_dotted', '{"a.b":1,c:2,"a.d":3}')).toBe(
      'error({message:"nest_dotted(): fields in record a must be adjacent",on:{"a.b":1,c:2,"a.d":3}})',
    );
    expect(h.call('nest_dotted', '{a:1,"a.b":2}')).toBe('error({message:"nest_dotted(): duplicate field: \\"a.b\\"",on:{a:1,"a.b":2}})');
    expect(h.call('nest_dotted', '1')).toBe('1');
    expect(h.call('nest_dotted', 'null({"a.b":int64})')).toBe('null({a:{b:int64}})');
  });
});
