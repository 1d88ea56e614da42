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
  TypeInt64,
  TypeInt8,
  TypeIP,
  TypeNet,
  TypeString,
  TypeTime,
  TypeType,
  TypeUint64,
  TypeUint8,
  encodeBool,
  encodeFloat16,
  encodeFloat32,
  encodeFloat64,
  encodeInt,
  encodeUint,
  parseIP,
  parseNet,
} from '../zed/index.js';
import {
  formatDuration,
  formatFloat,
  formatPrimitive,
  formatTime,
  quoteString,
} from './primitive-format.js';

const utf8 = (s: string) => new TextEncoder().encode(s);
const MIN64 = -(1n << 63n);
const MAX64 = (1n << 63n) - 1n;

describe('formatPrimitive', () => {
  it('writes integers over their full range', () => {
    expect(formatPrimitive(TypeInt64, encodeInt(0))).toBe('0');
    expect(formatPrimitive(TypeInt64, encodeInt(-42))).toBe('-42');
    expect(formatPrimitive(TypeInt64, encodeInt(MIN64))).toBe('-9223372036854775808');
    expect(formatPrimitive(TypeInt64, encodeInt(MAX64))).toBe('9223372036854775807');
    expect(formatPrimitive(TypeInt64, encodeInt(2n ** 53n + 1n))).toBe('9007199254740993');
    expect(formatPrimitive(TypeInt8, encodeInt(-128))).toBe('-128');
    expect(formatPrimitive(TypeInt16, encodeInt(32767))).toBe('32767');
    expect(formatPrimitive(TypeUint8, encodeUint(255))).toBe('255');
    expect(formatPrimitive(TypeUint64, encodeUint((1n << 64n) - 1n))).toBe('18446744073709551615');
    expect(formatPrimitive(TypeUint64, new Uint8Array(0))).toBe('0');
  });

  it('writes floats as Zed does, each at its own width', () => {
    expect(formatPrimitive(TypeFloat64, encodeFloat64(1))).toBe('1.');
    expect(formatPrimitive(TypeFloat64, encodeFloat64(-2.5))).toBe('-2.5');
    expect(formatPrimitive(TypeFloat32, encodeFloat32(0.1))).toBe('0.1');
    expect(formatPrimitive(TypeFloat16, encodeFloat16(0.1))).toBe('0.099975586');
    expect(formatPrimitive(TypeFloat16, encodeFloat16(65504))).toBe('65504.');
    expect(formatPrimitive(TypeFloat16, encodeFloat16(-Infinity))).toBe('-Inf');
    expect(formatPrimitive(TypeFloat16, encodeFloat16(2 ** -24))).toBe('5.9604645e-08');
  });

  it('writes bools, bytes, ip and net values', () => {
    expect(formatPrimitive(TypeBool, encodeBool(true))).toBe('true');
    expect(formatPrimitive(TypeBool, encodeBool(false))).toBe('false');
    expect(formatPrimitive(TypeBytes, new Uint8Array(0))).toBe('0x');
    expect(formatPrimitive(TypeBytes, Uint8Array.of(1, 2, 0xab, 0xff))).toBe('0x0102abff');
    const ip = (s: string) => formatPrimitive(TypeIP, parseIP(s)!);
    expect(ip('10.0.0.1')).toBe('10.0.0.1');
    expect(ip('0:0:0:0:0:0:0:0')).toBe('::');
    expect(ip('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(ip('2001:db8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(ip('2001:db8:0:1:1:1:1:1')).toBe('2001:db8:0:1:1:1:1:1');
    expect(ip('1:0:0:1:0:0:0:1')).toBe('1:0:0:1::1');
    expect(ip('1:0:0:1:0:0:1:1')).toBe('1::1:0:0:1:1');
    expect(ip('FE80::EEF4:BBFF:FE51:89EC')).toBe('fe80::eef4:bbff:fe51:89ec');
    expect(ip('::ffff:1.2.3.4')).toBe('::ffff:1.2.3.4');
    expect(formatPrimitive(TypeNet, parseNet('10.1.2.3/8')!)).toBe('10.0.0.0/8');
    expect(formatPrimitive(TypeNet, parseNet('::/0')!)).toBe('::/0');
    expect(formatPrimitive(TypeNet, parseNet('2001:db8::/32')!)).toBe('2001:db8::/32');
  });

  it('quotes strings with ZSON escapes and keeps other text as is', () => {
    const s = (x: string) => formatPrimitive(TypeString, utf8(x));
    expect(s('')).toBe('""');
    expect(s('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(s('\n\t\r\b\f\u0001\u001f')).toBe('"\\n\\t\\r\\b\\f\\u0001\\u001f"');
    expect(s('<>&/\u007f')).toBe('"<>&/\u007f"');
    expect(s('héllo ☃ 😀 \u2028')).toBe('"héllo ☃ 😀 \u2028"');
    expect(s('a long string without anything to escape in it at all')).toBe(
      '"a long string without anything to escape in it at all"',
    );
  });

  it('writes each byte of invalid UTF-8 as \\ufffd', () => {
    const s = (b: number[]) => formatPrimitive(TypeString, Uint8Array.from(b));
    expect(s([0x61, 0xff, 0x62])).toBe('"a\\ufffdb"');
    // A UTF-16 surrogate encoded in UTF-8 is invalid in Go.
    expect(s([0xed, 0xa0, 0x80])).toBe('"\\ufffd\\ufffd\\ufffd"');
    // Overlong and truncated sequences.
    expect(s([0xc0, 0xaf])).toBe('"\\ufffd\\ufffd"');
    expect(s([0x41, 0xe2, 0x82])).toBe('"A\\ufffd\\ufffd"');
    expect(s([0xef, 0xbf, 0xbd])).toBe('"\ufffd"');
  });

  it('writes times and durations', () => {
    expect(formatPrimitive(TypeTime, encodeInt(1_500_000_000n))).toBe('1970-01-01T00:00:01.5Z');
    expect(formatPrimitive(TypeDuration, encodeInt(-90_000_000_000n))).toBe('-1m30s');
  });

  it('writes type values in angle brackets', () => {
    const ctx = new TypeContext();
    const tv = (t: Parameters<TypeContext['encodeTypeValue']>[0]) => formatPrimitive(TypeType, ctx.encodeTypeValue(t));
    expect(tv(TypeInt64)).toBe('<int64>');
    const rec = ctx.lookupRecord([
      { name: 'a', type: TypeInt64 },
      { name: 'b c', type: ctx.lookupArray(TypeString) },
    ]);
    expect(tv(rec)).toBe('<{a:int64,"b c":[string]}>');
    expect(tv(ctx.lookupUnion([TypeInt64, TypeString]))).toBe('<(int64,string)>');
    expect(tv(ctx.lookupMap(TypeString, ctx.lookupSet(TypeIP)))).toBe('<|{string:|[ip]|}|>');
    expect(tv(ctx.lookupEnum(['a', 'b c']))).toBe('<enum(a,"b c")>');
    expect(tv(ctx.lookupError(TypeString))).toBe('<error(string)>');
    const port = ctx.lookupNamed('port', TypeUint8);
    expect(tv(ctx.lookupRecord([{ name: 'x', type: port }, { name: 'y', type: port }]))).toBe('<{x:port=uint8,y:port}>');
  });
});

describe('formatFloat', () => {
  it('writes integral values in int64 range with a trailing dot', () => {
    expect(formatFloat(0, 64)).toBe('0.');
    expect(formatFloat(-0, 64)).toBe('0.');
    expect(formatFloat(1e6, 64)).toBe('1000000.');
    expect(formatFloat(2 ** 60 + 2 ** 10, 64)).toBe('1152921504606848000.');
    expect(formatFloat(2 ** 62 + 2 ** 11, 64)).toBe('4611686018427389952.');
    expect(formatFloat(-(2 ** 63), 64)).toBe('-9223372036854775808.');
    expect(formatFloat(2 ** 63, 64)).toBe('9.223372036854776e+18');
    expect(formatFloat(1e20, 64)).toBe('1e+20');
    expect(formatFloat(16777216, 32)).toBe('16777216.');
  });

  it('writes NaN and infinities as ZSON spells them', () => {
    expect(formatFloat(NaN, 64)).toBe('NaN');
    expect(formatFloat(Infinity, 64)).toBe('+Inf');
    expect(formatFloat(-Infinity, 32)).toBe('-Inf');
    expect(formatFloat(NaN, 16)).toBe('NaN');
  });

  it('switches to exponents below 1e-4 and from 1e6 as Go %g does', () => {
    expect(formatFloat(0.0001, 64)).toBe('0.0001');
    expect(formatFloat(0.00001, 64)).toBe('1e-05');
    expect(formatFloat(-0.000012345, 64)).toBe('-1.2345e-05');
    expect(formatFloat(123456.5, 64)).toBe('123456.5');
    expect(formatFloat(1234567.5, 64)).toBe('1.2345675e+06');
    expect(formatFloat(5e-324, 64)).toBe('5e-324');
    expect(formatFloat(1.7976931348623157e308, 64)).toBe('1.7976931348623157e+308');
    expect(formatFloat(0.1 + 0.2, 64)).toBe('0.30000000000000004');
  });

  it('uses the shortest digits that read back at float32 width', () => {
    expect(formatFloat(2.2, 32)).toBe('2.2');
    expect(formatFloat(3.14159, 32)).toBe('3.14159');
    expect(formatFloat(1e-45, 32)).toBe('1e-45');
    expect(formatFloat(3.4028234663852886e38, 32)).toBe('3.4028235e+38');
    expect(formatFloat(1234567.5, 32)).toBe('1.2345675e+06');
    // A halfway case rounds to the even digit, as Go's Ryū does.
    expect(formatFloat(19781.0625, 32)).toBe('19781.062');
    expect(formatFloat(2.19921875, 16)).toBe('2.1992188');
  });
});

describe('formatTime', () => {
  it('writes RFC 3339 in UTC with the fraction trimmed', () => {
    expect(formatTime(0n)).toBe('1970-01-01T00:00:00Z');
    expect(formatTime(1n)).toBe('1970-01-01T00:00:00.000000001Z');
    expect(formatTime(1521911720600725000n)).toBe('2018-03-24T17:15:20.600725Z');
    expect(formatTime(1521911720600800000n)).toBe('2018-03-24T17:15:20.6008Z');
    expect(formatTime(951782400n * 1_000_000_000n)).toBe('2000-02-29T00:00:00Z');
    expect(formatTime(MAX64)).toBe('2262-04-11T23:47:16.854775807Z');
  });

  it('writes times before 1970', () => {
    expect(formatTime(-1n)).toBe('1969-12-31T23:59:59.999999999Z');
    expect(formatTime(-86_400_000_000_000n)).toBe('1969-12-31T00:00:00Z');
    expect(formatTime(-1_500_000_000n)).toBe('1969-12-31T23:59:58.5Z');
    expect(formatTime(MIN64)).toBe('1677-09-21T00:12:43.145224192Z');
  });
});

describe('formatDuration', () => {
  const cases: [bigint, string][] = [
    [0n, '0s'],
    [1n, '1ns'],
    [999n, '999ns'],
    [1000n, '1us'],
    [1001n, '1.001us'],
    [1500n, '1.5us'],
    [1_000_000n, '1ms'],
    [1_500_000n, '1.5ms'],
    [999_999_999n, '999.999999ms'],
    [1_000_000_000n, '1s'],
    [1_000_000_001n, '1.000000001s'],
    [1_500_000_000n, '1.5s'],
    [60_000_000_000n, '1m'],
    [61_000_000_000n, '1m1s'],
    [60_001_000_000n, '1m1ms'],
    [3_600_000_000_001n, '1h1ns'],
    [86_400_000_000_000n, '1d'],
    [7n * 86_400_000_000_000n, '7d'],
    [365n * 86_400_000_000_000n, '1y'],
    [366n * 86_400_000_000_000n + 3_723_500_000_000n, '1y1d1h2m3.5s'],
    [-1500n, '-1.5us'],
    [-90_000_000_000n, '-1m30s'],
    [MAX64, '292y171d23h47m16.854775807s'],
    [MIN64, '-292y171d23h47m16.854775808s'],
  ];
  it.each(cases)('writes %s ns as %s', (ns, want) => {
    expect(formatDuration(ns)).toBe(want);
  });
});

describe('quoteString', () => {
  it('quotes and escapes as ZSON', () => {
    expect(quoteString('')).toBe('""');
    expect(quoteString('plain')).toBe('"plain"');
    expect(quoteString('say "hi"\\\n')).toBe('"say \\"hi\\"\\\\\\n"');
    expect(quoteString('\b\f\u0000')).toBe('"\\b\\f\\u0000"');
    expect(quoteString('😀\u2029')).toBe('"😀\u2029"');
  });
});
