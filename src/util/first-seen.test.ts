import { describe, expect, it } from 'vitest';
import { FirstSeen } from './first-seen.js';

describe('FirstSeen', () => {
  it('numbers things in the order first seen, by identity', () => {
    const a = {};
    const b = {};
    const f = new FirstSeen<object>();
    expect([f.indexOf(a), f.indexOf(b), f.indexOf(a), f.indexOf(b), f.indexOf({})]).toEqual([0, 1, 0, 1, 2]);
    expect(f.items.slice(0, 2)).toEqual([a, b]);
    expect(f.items).toHaveLength(3);
  });

  it('starts from given items, which keep their places even when they repeat', () => {
    const f = new FirstSeen(['x', 'y', 'x', 'z']);
    expect(f.items).toEqual(['x', 'y', 'x', 'z']);
    expect([f.indexOf('z'), f.indexOf('x'), f.indexOf('y'), f.indexOf('w')]).toEqual([3, 0, 1, 4]);
  });
});
