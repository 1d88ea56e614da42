import { describe, expect, it } from 'vitest';
import { lazyRegExp } from './lazy-regexp.js';

describe('lazyRegExp', () => {
  it('makes its RegExp once, on the first call, with the pattern and flags given', () => {
    const letter = lazyRegExp(String.raw`^\p{L}$`, 'u');
    const re = letter();
    expect(letter()).toBe(re);
    expect(re.flags).toBe('u');
    expect(['a', 'é', 'ж', '字'].every((c) => letter().test(c))).toBe(true);
    expect(['1', '_', ' ', '€'].some((c) => letter().test(c))).toBe(false);
  });
});
