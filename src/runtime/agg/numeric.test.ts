import { describe, expect, it } from 'vitest';
import { TypeContext } from '../../zed/index.js';
import { parseZsonValue } from '../../zson/index.js';
import { parseGoFloat, promote, toFloat, toInt } from './numeric.js';

describe('parseGoFloat', () => {
  it('accepts what strconv.ParseFloat accepts', () => {
    expect(parseGoFloat('1.5')).toBe(1.5);
    expect(parseGoFloat('-.5e1')).toBe(-5);
    expect(parseGoFloat('1.')).toBe(1);
    expect(parseGoFloat('0x1p-2')).toBe(0.25);
    expect(parseGoFloat('-0X1.8P1')).toBe(-3);
    expect(parseGoFloat('+Inf')).toBe(Infinity);
    expect(parseGoFloat('-infinity')).toBe(-Infinity);
    expect(parseGoFloat('NaN')).toBeNaN();
  });

  it('rejects the rest, out-of-range values included', () => {
    for (const s of ['', ' 1', '1 ', '1e', 'e1', '0x1', '1_0', 'abc', '1e999']) expect(parseGoFloat(s), s).toBeUndefined();
  });
});

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
