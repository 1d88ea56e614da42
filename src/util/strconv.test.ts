import { describe, expect, it } from 'vitest';
import { goFloatError, parseGoBool, parseGoFloat, parseGoSpecialFloat } from './strconv.js';

describe('parseGoFloat', () => {
  it('reads decimal text as strconv.ParseFloat does', () => {
    expect(parseGoFloat('1.5')).toBe(1.5);
    expect(parseGoFloat('-.5e1')).toBe(-5);
    expect(parseGoFloat('1.')).toBe(1);
    expect(parseGoFloat('+007')).toBe(7);
    expect(parseGoFloat('1E+2')).toBe(100);
    expect(Object.is(parseGoFloat('-0'), -0)).toBe(true);
    expect(parseGoFloat('1e-400')).toBe(0);
  });

  it('refuses what Go refuses', () => {
    for (const s of ['', '.', '+', '-', 'e5', '1e', '1e+', '.e1', ' 1', '1 ', '0b1', '0o7', '1.2.3', '1f', '++1']) {
      expect(parseGoFloat(s), s).toBeUndefined();
    }
  });

  it('reads hex floats, which need a p exponent', () => {
    expect(parseGoFloat('0x1p-2')).toBe(0.25);
    expect(parseGoFloat('-0X1.8P1')).toBe(-3);
    expect(parseGoFloat('0x.8p1')).toBe(1);
    expect(parseGoFloat('0x1.p0')).toBe(1);
    expect(parseGoFloat('0xAbCp0')).toBe(0xabc);
    expect(Object.is(parseGoFloat('-0x0p0'), -0)).toBe(true);
    for (const s of ['0x', '0x1', '0xp1', '0x.p1', '0x1p', '0x1p+', '0x1e5', '0x1.2.3p1', '0x1p1.5', 'x1p1']) {
      expect(parseGoFloat(s), s).toBeUndefined();
    }
  });

  it('rounds a hex float once, subnormals included', () => {
    expect(parseGoFloat('0x1p-1074')).toBe(5e-324);
    // 16 * 2^-1078 is the smallest subnormal, though 2^-1078 alone is 0.
    expect(parseGoFloat('0x10p-1078')).toBe(5e-324);
    expect(parseGoFloat('0x1p-1075')).toBe(0); // a tie, to even
    expect(parseGoFloat('0x1.8p-1075')).toBe(5e-324);
    expect(parseGoFloat('0x1p-2000')).toBe(0);
    // 54 significant bits: the last one rounds to even.
    expect(parseGoFloat('0x20000000000001p0')).toBe(2 ** 53);
    expect(parseGoFloat('0x20000000000003p0')).toBe(2 ** 53 + 4);
    expect(parseGoFloat('0x1.fffffffffffffp1023')).toBe(Number.MAX_VALUE);
  });

  it('reports overflow as an error, underflow as zero', () => {
    expect(parseGoFloat('1e400')).toBeUndefined();
    expect(parseGoFloat('-1e400')).toBeUndefined();
    expect(parseGoFloat('0x1p1024')).toBeUndefined();
    expect(parseGoFloat('0x1.fffffffffffff8p1023')).toBeUndefined();
    expect(goFloatError('1e400')).toBe('value out of range');
    expect(goFloatError('0x1p1024')).toBe('value out of range');
    expect(goFloatError('1x')).toBe('invalid syntax');
  });

  it('takes underscores only between digits', () => {
    expect(parseGoFloat('1_000')).toBe(1000);
    expect(parseGoFloat('1_0.5_0')).toBe(10.5);
    expect(parseGoFloat('1e1_0')).toBe(1e10);
    expect(parseGoFloat('0x_1p0')).toBe(1);
    expect(parseGoFloat('0x1_fp0')).toBe(31);
    for (const s of ['_1', '1_', '1__0', '1_.5', '1._5', '1_e5', '1e_5', '0_x1p0', 'in_f', '+_1']) {
      expect(parseGoFloat(s), s).toBeUndefined();
    }
  });

  it('reads Inf, Infinity and NaN in any case, NaN unsigned', () => {
    expect(parseGoFloat('inf')).toBe(Infinity);
    expect(parseGoFloat('+Inf')).toBe(Infinity);
    expect(parseGoFloat('-infinity')).toBe(-Infinity);
    expect(parseGoFloat('INFINITY')).toBe(Infinity);
    expect(parseGoFloat('NaN')).toBeNaN();
    expect(parseGoFloat('nAn')).toBeNaN();
    for (const s of ['+nan', '-NaN', 'infx', 'infinit', 'in', 'nana']) expect(parseGoFloat(s), s).toBeUndefined();
  });

  it('rounds decimal text straight to float32 with 32 bits', () => {
    expect(parseGoFloat('0.1', 32)).toBe(Math.fround(0.1));
    expect(parseGoFloat('3.4028235e38', 32)).toBe(3.4028234663852886e38);
    expect(parseGoFloat('3.5e38', 32)).toBeUndefined();
    // Exactly halfway between 1 and the next float32: ties to even.
    expect(parseGoFloat('1.000000059604644775390625', 32)).toBe(1);
    // Just past halfway, though the nearest float64 is the halfway point.
    expect(parseGoFloat('1.00000005960464477539062500001', 32)).toBe(1 + 2 ** -23);
    expect(parseGoFloat('-1.00000005960464477539062500001', 32)).toBe(-(1 + 2 ** -23));
    expect(parseGoFloat('0x1.000001p0', 32)).toBe(1); // a tie in hex, to even
    expect(parseGoFloat('0x1.000003p0', 32)).toBe(1 + 2 ** -22);
    expect(parseGoFloat('0x1p128', 32)).toBeUndefined();
    expect(parseGoFloat('0x1p-149', 32)).toBe(2 ** -149);
  });
});

describe('parseGoSpecialFloat', () => {
  it('reads only the special forms', () => {
    expect(parseGoSpecialFloat('-Inf')).toBe(-Infinity);
    expect(parseGoSpecialFloat('+infinity')).toBe(Infinity);
    expect(parseGoSpecialFloat('NAN')).toBeNaN();
    expect(parseGoSpecialFloat('1')).toBeUndefined();
    expect(parseGoSpecialFloat('+nan')).toBeUndefined();
  });
});

describe('parseGoBool', () => {
  it('takes the twelve spellings of strconv.ParseBool', () => {
    for (const s of ['1', 't', 'T', 'TRUE', 'true', 'True']) expect(parseGoBool(s), s).toBe(true);
    for (const s of ['0', 'f', 'F', 'FALSE', 'false', 'False']) expect(parseGoBool(s), s).toBe(false);
    for (const s of ['', 'tRUE', 'yes', '2', ' true', 'TrUe']) expect(parseGoBool(s), s).toBeUndefined();
  });
});
