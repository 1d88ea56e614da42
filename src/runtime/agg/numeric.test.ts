import { describe, expect, it } from 'vitest';
import { TypeContext } from '../../zed/index.js';
import { parseZsonValue } from '../../zson/index.js';
import { promote, toFloat, toInt } from './numeric.js';

describe('promote', () => {
  const zctx = new TypeContext();
  const id = (s: string, aid: number): number => promote(aid, parseZsonValue(s, zctx));

  it('follows coerce.Promote', () => {
    expect(id('1(int8)', 9)).toBe(9);
    expect(id('1(uint8)', 9)).toBe(9);
    expect(id('1(int8)', 3)).toBe(9);
    expect(id('1(uint32)', 3)).toBe(3);
    expect(id('1.5(float32)', 9)).toBe(16);
    expect(id('1', 16)).toBe(16);
    expect(id('1s', 9)).toBe(12);
    expect(id('2024-01-01T00:00:00Z', 12)).toBe(13);
    expect(id('null', 9)).toBe(9);
    expect(id('"a"', 9)).toBe(-1);
    expect(id('18446744073709551615(uint64)', 9)).toBe(-1);
    expect(id('1((int64,string))', 3)).toBe(9);
  });
});

describe('conversions', () => {
  const zctx = new TypeContext();
  it('convert as coerce.ToFloat and ToInt do', () => {
    expect(toFloat(parseZsonValue('"2.5"', zctx))).toBe(2.5);
    expect(toFloat(parseZsonValue('true', zctx))).toBeUndefined();
    expect(toFloat(parseZsonValue('1s', zctx))).toBe(1e9);
    expect(toInt(parseZsonValue('-2.7', zctx))).toBe(-2);
    expect(toInt(parseZsonValue('1e300', zctx))).toBe(-(2n ** 63n));
    expect(toInt(parseZsonValue('18446744073709551615(uint64)', zctx))).toBe(-1);
  });
});
