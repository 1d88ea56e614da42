import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';
import { castToName, castToPrimitive, lookupPrimitiveCaster, makePrimitiveCast } from './cast.js';
import { TypeNull, lookupPrimitive, type Type } from '../../zed/index.js';

const h = harness();
const cast = (v: string, to: string) => h.z(castToPrimitive(h.ectx, h.v(v), lookupPrimitive(to) as Type));

describe('castToPrimitive', () => {
  test('castToPrimitive to integers checks ranges and parses strings', () => {
    expect(cast('"52"', 'int64')).toBe('52');
    expect(cast('300', 'int8')).toBe('error({message:"cannot cast to int8",on:300})');
    expect(cast('-1', 'uint64')).toBe('error({message:"cannot cast to uint64",on:-1})');
    expect(cast('1.9', 'int32')).toBe('1(int32)');
    expect(cast('18446744073709551615(uint64)', 'int64')).toBe('-1');
    expect(cast('"x"', 'int16')).toBe('error({message:"cannot cast to int16",on:"x"})');
    expect(cast('2022-02-12T15:48:36.761595Z', 'uint64')).toBe('1644680916761595000(uint64)');
    expect(cast('true', 'int64')).toBe('error({message:"cannot cast to int64",on:true})');
  });

  test('castToPrimitive to bool and floats (cast-bool.yaml, float casts)', () => {
    expect(['0', '"F"', '1.', '2', '"T"'].map((v) => cast(v, 'bool'))).toEqual(['false', 'false', 'true', 'true', 'true']);
    expect(cast('"yes"', 'bool')).toBe('error({message:"cannot cast to bool",on:"yes"})');
    expect(cast('2022-02-12T15:48:36.761595Z', 'float64')).toBe('1644680916761594880.');
    expect(cast('"1.5"', 'float32')).toBe('1.5(float32)');
    expect(cast('65520.', 'float16')).toBe('+Inf(float16)');
    expect(cast('"Inf"', 'float64')).toBe('+Inf');
  });

  test('castToPrimitive to time and duration (time-duration-cast.yaml, cast-time-to-number.yaml)', () => {
    expect(['"1"', '1', '1.'].map((v) => cast(v, 'time'))).toEqual(Array(3).fill('1970-01-01T00:00:00.000000001Z'));
    expect(['"1"', '1', '1.'].map((v) => cast(v, 'duration'))).toEqual(['1ns', '1ns', '1ns']);
    expect(cast('2022-02-12T15:48:36.761595Z', 'duration')).toBe('52y55d15h48m36.761595s');
    expect(cast('10d', 'duration')).toBe('10d');
    expect(cast('""', 'duration')).toBe('error({message:"cannot cast to duration",on:""})');
    expect(cast('"1m30s"', 'duration')).toBe('1m30s');
    expect(cast('"5/26/2020 3:27pm"', 'time')).toBe('2020-05-26T15:27:00Z');
    expect(cast('"2020-05-26 15:27:47"', 'time')).toBe('2020-05-26T15:27:47Z');
    expect(cast('"Tue, 30 Jul 2024 06:15:01 +0200"', 'time')).toBe('2024-07-30T04:15:01Z');
    expect(cast('"1644680916"', 'time')).toBe('2022-02-12T15:48:36Z');
    expect(cast('"nope"', 'time')).toBe('error({message:"cannot cast to time",on:"nope"})');
    expect(cast('1.1.1.1', 'time')).toBe('error({message:"cannot cast to time",on:1.1.1.1})');
  });

  test('castToPrimitive to string, bytes, ip, net and type', () => {
    expect(cast('0x303132', 'string')).toBe('"012"');
    expect(cast('0xc328', 'string')).toBe('error({message:"cannot cast to string: invalid UTF-8",on:0xc328})');
    expect(cast('1.5(float32)', 'string')).toBe('"1.5(float32)"');
    expect(cast('{a:1}', 'string')).toBe('"{a:1}"');
    expect(cast('%b(enum(a,b))', 'string')).toBe('"b"');
    expect(cast('"hello, world"', 'bytes')).toBe('0x68656c6c6f2c20776f726c64');
    expect(cast('"10.0.0.1"', 'ip')).toBe('10.0.0.1');
    expect(cast('1', 'ip')).toBe('error({message:"cannot cast to ip",on:1})');
    expect(cast('"74.53.140.153/32"', 'net')).toBe('74.53.140.153/32');
    expect(cast('"10.1.2.3/8"', 'net')).toBe('10.0.0.0/8');
    expect(cast('"<int64>"', 'type')).toBe('<int64>');
    expect(cast('"1"', 'type')).toBe('error({message:"cannot cast to type",on:"1"})');
    expect(cast('1.', 'type')).toBe('error({message:"cannot cast to type",on:1.})');
  });

  test('castToPrimitive passes errors, makes typed nulls and retypes names', () => {
    expect(cast('error("x")', 'int64')).toBe('error("x")');
    expect(cast('null', 'string')).toBe('null(string)');
    expect(cast('null', 'ip')).toBe('null(ip)');
    expect(cast('80(port=uint16)', 'uint16')).toBe('80(uint16)');
    expect(cast('"1"((int64,string))', 'int64')).toBe('1');
    expect(cast('1.1.1.1', 'ip')).toBe('1.1.1.1');
  });

  test('makePrimitiveCast keeps a named target type', () => {
    const port = h.zctx.lookupNamed('port', lookupPrimitive('uint16')!);
    const c = makePrimitiveCast(h.ectx, port)!;
    expect(h.z(c(h.v('"80"')))).toBe('80(port=uint16)');
    expect(h.z(c(h.v('80')))).toBe('80(port=uint16)');
    expect(makePrimitiveCast(h.ectx, h.zctx.lookupArray(TypeNull))).toBeNull();
    expect(lookupPrimitiveCaster(h.ectx, TypeNull)).toBeNull();
  });
});

describe('castToName', () => {
  test('castToName names the value’s underlying type (cast.md)', () => {
    expect(h.z(castToName(h.ectx, h.v('{a:1,b:2}'), 'foo'))).toBe('{a:1,b:2}(=foo)');
    expect(h.z(castToName(h.ectx, h.v('1(=bar)'), 'baz'))).toBe('1(=baz)');
    expect(h.z(castToName(h.ectx, h.v('error("x")'), 'foo'))).toBe('error("x")');
    expect(h.z(castToName(h.ectx, h.v('1'), 'int64'))).toBe('error("bad type name \\"int64\\": primitive type name")');
  });
});
