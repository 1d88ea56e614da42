import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';
import {
  PROMOTE_INCOMPATIBLE,
  PROMOTE_OVERFLOW,
  coerceEqual,
  floatToInt64,
  parseInt64,
  promote,
  toBool,
  toFloat,
  toInt,
  toUint,
  under,
} from './coerce.js';
import { formatType } from '../../zson/index.js';

const h = harness();

describe('coerce', () => {
  test('under strips names and untags unions', () => {
    expect(h.z(under(h.v('80(port=uint16)')))).toBe('80(uint16)');
    expect(h.z(under(h.v('"a"((int64,string))')))).toBe('"a"');
    expect(h.z(under(h.v('null((int64,string))')))).toBe('null((int64,string))');
    const v = h.v('1');
    expect(under(v)).toBe(v);
  });

  test('toInt, toUint, toFloat and toBool coerce as Zed does', () => {
    expect(toInt(h.v('"-42"'))).toBe(-42n);
    expect(toInt(h.v('"4.2"'))).toBeNull();
    expect(toInt(h.v('-1.9'))).toBe(-1n);
    expect(toInt(h.v('18446744073709551615(uint64)'))).toBe(-1n);
    expect(toUint(h.v('-1'))).toBeNull();
    expect(toUint(h.v('"18446744073709551615"'))).toBe(18446744073709551615n);
    expect(toFloat(h.v('"1e3"'))).toBe(1000);
    expect(toFloat(h.v('1.1.1.1'))).toBeNull();
    expect(toFloat(h.v('null(int64)'))).toBe(0);
    expect(toBool(h.v('"True"'))).toBe(true);
    expect(toBool(h.v('0.'))).toBe(false);
    expect(toBool(h.v('"yes"'))).toBeNull();
    expect(toFloat(h.v('"0x1p-2"'))).toBe(0.25);
    expect(toFloat(h.v('"1e400"'))).toBeNull();
  });

  test('string parsers follow strconv', () => {
    expect(parseInt64('+7')).toBe(7n);
    expect(parseInt64('9223372036854775808')).toBeNull();
    expect(floatToInt64(NaN)).toBe(-(1n << 63n));
  });

  test('promote picks the result type of mixed arithmetic', () => {
    const p = (a: string, b: string) => {
      const r = promote(under(h.v(a)), under(h.v(b)));
      return typeof r === 'string' ? r : formatType(r);
    };
    expect(p('1(uint8)', '1(int16)')).toBe('int16');
    expect(p('1(uint32)', '1(float16)')).toBe('float32');
    expect(p('1', 'null')).toBe('int64');
    expect(p('2021-02-01T12:00:01Z', '1s')).toBe('time');
    expect(p('"a"', '1')).toBe(PROMOTE_INCOMPATIBLE);
    expect(p('-1', '18446744073709551615(uint64)')).toBe(PROMOTE_OVERFLOW);
    expect(p('[1]', '[2]')).toBe('[int64]');
  });

  test('coerceEqual compares numbers by value and others by type and bytes', () => {
    const eq = (a: string, b: string) => coerceEqual(h.v(a), h.v(b));
    expect(eq('1', '1.')).toBe(true);
    expect(eq('255(uint8)', '255(int16)')).toBe(true);
    expect(eq('-1(int8)', '255(uint8)')).toBe(false);
    expect(eq('"a"', '"a"(=s)')).toBe(true);
    expect(eq('null', 'null(int64)')).toBe(true);
    expect(eq('null', '0')).toBe(false);
    expect(eq('[1]', '[1]')).toBe(true);
    expect(eq('1((int64,string))', '1')).toBe(false);
  });
});
