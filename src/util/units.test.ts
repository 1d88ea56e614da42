import { describe, expect, it } from 'vitest';
import { abbrevBytes } from './units.js';

describe('abbrevBytes', () => {
  it('writes bytes as Zed abbreviates them: bare below 10 KB, two decimals unless whole', () => {
    expect(abbrevBytes(0)).toBe('0B');
    expect(abbrevBytes(85)).toBe('85B');
    expect(abbrevBytes(9999)).toBe('9999B');
    expect(abbrevBytes(10_000)).toBe('10KB');
    expect(abbrevBytes(12_345)).toBe('12.35KB');
    expect(abbrevBytes(300e6)).toBe('300MB');
    expect(abbrevBytes(1.5e9)).toBe('1.50GB');
    expect(abbrevBytes(2e15)).toBe('2PB');
  });
});
