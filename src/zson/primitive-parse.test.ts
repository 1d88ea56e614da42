import { describe, expect, it } from 'vitest';
import {
  TypeBool,
  TypeBytes,
  TypeContext,
  TypeDuration,
  TypeFloat16,
  TypeFloat32,
  TypeFloat64,
  TypeInt16,
  TypeInt32,
  TypeInt64,
  TypeInt8,
  TypeIP,
  TypeNet,
  TypeNull,
  TypeString,
  TypeTime,
  TypeType,
  TypeUint16,
  TypeUint32,
  TypeUint64,
  TypeUint8,
  decodeFloat,
  decodeInt,
  decodeUint,
  encodeFloat16,
  encodeFloat32,
  encodeFloat64,
  encodeInt,
  encodeUint,
} from '../zed/index.js';
import { parseDuration, parsePrimitive, parseTime } from './primitive-parse.js';

const SEC = 1_000_000_000n;
const bytes = (...b: number[]) => Uint8Array.from(b);

describe('parseTime', () => {
  it('parseTime reads RFC 3339 UTC times with fractions to the nanosecond', () => {
    expect(parseTime('1970-01-01T00:00:00Z')).toBe(0n);
    expect(parseTime('2018-03-24T17:15:20.600725Z')).toBe(1521911720n * SEC + 600725000n);
    expect(parseTime('2006-01-02T15:04:05.123456789Z')).toBe(1136214245n * SEC + 123456789n);
    expect(parseTime('1969-12-31T23:59:59.5Z')).toBe(-SEC / 2n);
  });

  it('parseTime applies offsets and accepts a comma before the fraction', () => {
    expect(parseTime('2020-11-24T08:44:09.586441-08:00')).toBe(parseTime('2020-11-24T16:44:09.586441Z'));
    expect(parseTime('2006-01-02T15:04:05+01:30')).toBe(parseTime('2006-01-02T13:34:05Z'));
    expect(parseTime('2006-01-02T15:04:05,25Z')).toBe(1136214245n * SEC + 250000000n);
  });

  it('parseTime drops fraction digits past the ninth, as Go does', () => {
    expect(parseTime('1970-01-01T00:00:00.1234567899Z')).toBe(123456789n);
  });

  it('parseTime rejects malformed dates, out-of-range fields and times beyond int64', () => {
    for (const s of [
      '',
      '2018-03-24',
      '2018-03-24 17:15:20Z',
      '2018-03-24T17:15:20',
      '2018-02-30T00:00:00Z',
      '2019-02-29T00:00:00Z',
      '2018-13-01T00:00:00Z',
      '2018-01-01T24:00:00Z',
      '2018-01-01T00:60:00Z',
      '2018-01-01T00:00:60Z',
      '2018-01-01T00:00:00+24:00',
      '2018-01-01T00:00:00.Z',
      '2018-01-01T00:00:00z',
      '9999-12-17T16:37:21.023179Z',
      '1600-01-01T00:00:00Z',
    ]) {
      expect(parseTime(s), s).toBeNull();
    }
    expect(parseTime('2020-02-29T00:00:00Z')).not.toBeNull();
    expect(parseTime('2262-04-11T23:47:16.854775807Z')).toBe((1n << 63n) - 1n);
    expect(parseTime('2262-04-11T23:47:16.854775808Z')).toBeNull();
  });
});

describe('parseDuration', () => {
  it('parseDuration reads every unit', () => {
    expect(parseDuration('1ns')).toBe(1n);
    expect(parseDuration('1us')).toBe(1000n);
    expect(parseDuration('1ms')).toBe(1_000_000n);
    expect(parseDuration('1s')).toBe(SEC);
    expect(parseDuration('1m')).toBe(60n * SEC);
    expect(parseDuration('1h')).toBe(3600n * SEC);
    expect(parseDuration('1d')).toBe(86400n * SEC);
    expect(parseDuration('1w')).toBe(7n * 86400n * SEC);
    expect(parseDuration('1y')).toBe(365n * 86400n * SEC);
  });

  it('parseDuration reads signs, fractions and concatenations', () => {
    expect(parseDuration('2h45m')).toBe((2n * 3600n + 45n * 60n) * SEC);
    expect(parseDuration('-1.5h')).toBe(-5400n * SEC);
    expect(parseDuration('300ms')).toBe(300_000_000n);
    expect(parseDuration('.5s')).toBe(SEC / 2n);
    expect(parseDuration('1.s')).toBe(SEC);
    expect(parseDuration('1m5s')).toBe(65n * SEC);
    expect(parseDuration('2m3.456s')).toBe(123_456_000_000n);
    expect(parseDuration('0s')).toBe(0n);
  });

  it('parseDuration rounds fractions of tiny units as Zed does', () => {
    // Zed divides the unit by ten per digit with integer division.
    expect(parseDuration('1.5ns')).toBe(2n);
    expect(parseDuration('1.25us')).toBe(1250n);
  });

  it('parseDuration wraps at 64 bits like Zed, so the minimum round-trips', () => {
    expect(parseDuration('-292y171d23h47m16.854775808s')).toBe(-(1n << 63n));
    expect(parseDuration('292y171d23h47m16.854775807s')).toBe((1n << 63n) - 1n);
  });

  it('parseDuration rejects malformed text', () => {
    for (const s of ['', '-', '1', 's', '1x', '1.2.3s', '1s2', '1 s', '+1s', '1S', '99999999999999999999s']) {
      expect(parseDuration(s), s).toBeNull();
    }
  });
});

describe('parsePrimitive', () => {
  it('parsePrimitive encodes integers within their ranges', () => {
    expect(parsePrimitive(TypeUint8, '255')).toEqual(encodeUint(255));
    expect(parsePrimitive(TypeUint8, '256')).toBeNull();
    expect(parsePrimitive(TypeUint8, '-1')).toBeNull();
    expect(parsePrimitive(TypeUint16, '65535')).toEqual(encodeUint(65535));
    expect(parsePrimitive(TypeUint32, '4294967296')).toBeNull();
    expect(parsePrimitive(TypeUint64, '18446744073709551615')).toEqual(encodeUint(18446744073709551615n));
    expect(parsePrimitive(TypeUint64, '18446744073709551616')).toBeNull();
    expect(parsePrimitive(TypeInt8, '-128')).toEqual(encodeInt(-128));
    expect(parsePrimitive(TypeInt8, '128')).toBeNull();
    expect(parsePrimitive(TypeInt16, '+12')).toEqual(encodeInt(12));
    expect(parsePrimitive(TypeInt32, '-2147483649')).toBeNull();
    expect(parsePrimitive(TypeInt64, '-9223372036854775808')).toEqual(encodeInt(-(1n << 63n)));
    expect(parsePrimitive(TypeInt64, '9223372036854775808')).toBeNull();
    expect(parsePrimitive(TypeInt64, '1.0')).toBeNull();
    expect(parsePrimitive(TypeInt64, '')).toBeNull();
    expect(decodeInt(parsePrimitive(TypeInt64, '-0')!)).toBe(0n);
    expect(decodeUint(parsePrimitive(TypeUint64, '007')!)).toBe(7n);
  });

  it('parsePrimitive encodes floats, rounding to the type', () => {
    expect(parsePrimitive(TypeFloat64, '2.5')).toEqual(encodeFloat64(2.5));
    expect(parsePrimitive(TypeFloat64, '1')).toEqual(encodeFloat64(1));
    expect(parsePrimitive(TypeFloat64, '1e3')).toEqual(encodeFloat64(1000));
    expect(parsePrimitive(TypeFloat64, '-.5')).toEqual(encodeFloat64(-0.5));
    expect(parsePrimitive(TypeFloat32, '2.2')).toEqual(encodeFloat32(2.2));
    expect(decodeFloat(parsePrimitive(TypeFloat32, '2.2')!)).toBe(Math.fround(2.2));
    expect(parsePrimitive(TypeFloat16, '2.2')).toEqual(encodeFloat16(2.2));
    expect(decodeFloat(parsePrimitive(TypeFloat16, '2.2')!)).toBe(2.19921875);
    expect(parsePrimitive(TypeFloat64, '1e400')).toBeNull();
    expect(parsePrimitive(TypeFloat32, '1e39')).toBeNull();
    expect(parsePrimitive(TypeFloat64, '1.2.3')).toBeNull();
    expect(parsePrimitive(TypeFloat64, '0x10')).toBeNull();
  });

  it('parsePrimitive reads Inf and NaN in the forms Go accepts', () => {
    expect(decodeFloat(parsePrimitive(TypeFloat64, 'Inf')!)).toBe(Infinity);
    expect(decodeFloat(parsePrimitive(TypeFloat64, '+Inf')!)).toBe(Infinity);
    expect(decodeFloat(parsePrimitive(TypeFloat64, '-Inf')!)).toBe(-Infinity);
    expect(decodeFloat(parsePrimitive(TypeFloat64, '-infinity')!)).toBe(-Infinity);
    expect(decodeFloat(parsePrimitive(TypeFloat32, 'NaN')!)).toBeNaN();
    expect(decodeFloat(parsePrimitive(TypeFloat16, '-Inf')!)).toBe(-Infinity);
    expect(parsePrimitive(TypeFloat64, '-NaN')).toBeNull();
  });

  it('parsePrimitive encodes bool, bytes and strings', () => {
    expect(parsePrimitive(TypeBool, 'true')).toEqual(bytes(1));
    expect(parsePrimitive(TypeBool, 'false')).toEqual(bytes(0));
    expect(parsePrimitive(TypeBool, 'True')).toBeNull();
    expect(parsePrimitive(TypeBytes, '0x')).toEqual(bytes());
    expect(parsePrimitive(TypeBytes, '0x00fFaB')).toEqual(bytes(0, 0xff, 0xab));
    expect(parsePrimitive(TypeBytes, '0x1')).toBeNull();
    expect(parsePrimitive(TypeBytes, 'ab')).toBeNull();
    expect(parsePrimitive(TypeString, 'a "b"\\n')).toEqual(new TextEncoder().encode('a "b"\\n'));
    expect(parsePrimitive(TypeString, '')).toEqual(bytes());
  });

  it('parsePrimitive stores strings in normal form C, as Zed does', () => {
    expect(parsePrimitive(TypeString, 'e\u0301')).toEqual(new TextEncoder().encode('\u00e9'));
  });

  it('parsePrimitive encodes addresses and masks networks', () => {
    expect(parsePrimitive(TypeIP, '10.1.2.3')).toEqual(bytes(10, 1, 2, 3));
    expect(parsePrimitive(TypeIP, '::1')).toEqual(bytes(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1));
    expect(parsePrimitive(TypeIP, '10.1.2')).toBeNull();
    expect(parsePrimitive(TypeNet, '10.1.2.3/8')).toEqual(bytes(10, 0, 0, 0, 255, 0, 0, 0));
    expect(parsePrimitive(TypeNet, '10.1.2.3/33')).toBeNull();
    expect(parsePrimitive(TypeNet, '10.1.2.3')).toBeNull();
  });

  it('parsePrimitive encodes time and duration as int64 nanoseconds', () => {
    expect(parsePrimitive(TypeTime, '1970-01-01T00:00:01Z')).toEqual(encodeInt(SEC));
    expect(parsePrimitive(TypeTime, 'yesterday')).toBeNull();
    expect(parsePrimitive(TypeDuration, '-1ms')).toEqual(encodeInt(-1_000_000n));
    expect(parsePrimitive(TypeDuration, '1')).toBeNull();
  });

  it('parsePrimitive encodes types as type values interned in the given context', () => {
    const ctx = new TypeContext();
    const body = parsePrimitive(TypeType, '{a:int64,b:[string]}', ctx)!;
    const want = ctx.lookupRecord([
      { name: 'a', type: TypeInt64 },
      { name: 'b', type: ctx.lookupArray(TypeString) },
    ]);
    expect(ctx.decodeTypeValue(body)).toBe(want);
    expect(body).toEqual(ctx.encodeTypeValue(want));
    expect(parsePrimitive(TypeType, 'int64')).toEqual(bytes(TypeInt64.id));
    expect(parsePrimitive(TypeType, '{a:')).toBeNull();
    expect(parsePrimitive(TypeType, 'nosuchtype')).toBeNull();
  });

  it('parsePrimitive gives null for the null type, whose only value is null', () => {
    expect(parsePrimitive(TypeNull, '')).toBeNull();
  });
});
