import { describe, expect, it } from 'vitest';
import {
  Builder,
  TypeContext,
  TypeFloat32,
  TypeInt32,
  TypeInt64,
  TypeIP,
  TypeNull,
  TypeString,
  TypeType,
  TypeUint64,
  TypeUint8,
  Value,
  encodeInt,
  encodeUint,
  newBool,
  newBytes,
  newDuration,
  newFloat16,
  newFloat32,
  newFloat64,
  newInt,
  newInt64,
  newIP,
  newNet,
  newString,
  newTime,
  newUint,
  parseIP,
  parseNet,
  type Type,
} from '../../zed/index.js';
import type { Chunk } from '../codec.js';
import { JsonEncoder } from './json-encoder.js';

const ctx = new TypeContext();
function body(vals: readonly Value[]): Uint8Array {
  const b = new Builder();
  for (const v of vals) b.append(v.bytes);
  return b.bytes();
}
const rec = (...fields: [string, Value][]) =>
  new Value(ctx.lookupRecord(fields.map(([name, v]) => ({ name, type: v.type }))), body(fields.map((f) => f[1])));
const arr = (elem: Type, ...vals: Value[]) => new Value(ctx.lookupArray(elem), body(vals));
const set = (elem: Type, ...vals: Value[]) => new Value(ctx.lookupSet(elem), body(vals));
const map = (k: Type, v: Type, ...pairs: [Value, Value][]) => new Value(ctx.lookupMap(k, v), body(pairs.flat()));
const nul = (t: Type) => new Value(t, null);
const named = (name: string, v: Value) => new Value(ctx.lookupNamed(name, v.type), v.bytes);
function union(types: Type[], v: Value): Value {
  const u = ctx.lookupUnion(types);
  return new Value(u, body([new Value(TypeInt64, encodeInt(u.selectorOf(v.type))), v]));
}
const ip = (s: string) => newIP(parseIP(s)!);
const text = (c: Chunk) => (typeof c === 'string' ? c : new TextDecoder().decode(c));
const json = (v: Value, pretty = 0) => text(new JsonEncoder({ pretty }).write([v])).slice(0, -1);

describe('JsonEncoder primitives', () => {
  it('writes numbers, bools and strings', () => {
    expect(json(newInt64(-5))).toBe('-5');
    expect(json(newInt64(-(2n ** 63n)))).toBe('-9223372036854775808');
    expect(json(newUint(TypeUint64, 2n ** 64n - 1n))).toBe('18446744073709551615');
    expect(json(newUint(TypeUint8, 7))).toBe('7');
    expect(json(newBool(true))).toBe('true');
    expect(json(newString('hi'))).toBe('"hi"');
  });

  it('writes floats as Go encoding/json does', () => {
    expect(json(newFloat64(1))).toBe('1');
    expect(json(newFloat64(-0))).toBe('-0');
    expect(json(newFloat64(3.14159))).toBe('3.14159');
    expect(json(newFloat64(1e20))).toBe('100000000000000000000');
    expect(json(newFloat64(1e21))).toBe('1e+21');
    expect(json(newFloat64(0.000001))).toBe('0.000001');
    expect(json(newFloat64(1.5e-7))).toBe('1.5e-7');
    // float32 and float16 values are widened to float64 first.
    expect(json(newFloat32(0.1))).toBe('0.10000000149011612');
    expect(json(newFloat16(0.5))).toBe('0.5');
  });

  it('refuses NaN and infinities, which JSON cannot represent', () => {
    expect(() => new JsonEncoder().write([newFloat64(NaN)])).toThrow(/NaN/);
    expect(() => new JsonEncoder().write([new Value(TypeFloat32, new Uint8Array([0, 0, 0x80, 0x7f]))])).toThrow(
      /Infinity/,
    );
  });

  it('writes time, duration, bytes, ip, net and type values as strings', () => {
    expect(json(newTime(1_500_000_000n))).toBe('"1970-01-01T00:00:01.5Z"');
    expect(json(newDuration(90_000_000_000n))).toBe('"1m30s"');
    expect(json(newBytes(Uint8Array.of(1, 0xfe)))).toBe('"0x01fe"');
    expect(json(ip('fe80::1'))).toBe('"fe80::1"');
    expect(json(newNet(parseNet('10.0.0.0/8')!))).toBe('"10.0.0.0/8"');
    const t = ctx.lookupRecord([{ name: 'foo bar', type: TypeInt64 }]);
    expect(json(new Value(TypeType, ctx.encodeTypeValue(t)))).toBe('"<{\\"foo bar\\":int64}>"');
  });

  it('escapes strings as Go does, without HTML escaping', () => {
    expect(json(newString('<>&'))).toBe('"<>&"');
    expect(json(newString('a"\\\n\t\b\f\u0001'))).toBe('"a\\"\\\\\\n\\t\\u0008\\u000c\\u0001"');
    expect(json(newString('\u2028é😀'))).toBe('"\\u2028é😀"');
    expect(json(new Value(TypeString, Uint8Array.of(0x61, 0xc3)))).toBe('"a\\ufffd"');
  });
});

describe('JsonEncoder containers', () => {
  it('writes records in field order, arrays and sets as arrays', () => {
    const v = rec(['b', newInt64(1)], ['a', arr(TypeInt64, newInt64(2), newInt64(3))], ['s', set(TypeString, newString('x'))]);
    expect(json(v)).toBe('{"b":1,"a":[2,3],"s":["x"]}');
  });

  it('writes nulls and empty containers', () => {
    const v = rec(
      ['n', nul(TypeString)],
      ['a', nul(ctx.lookupArray(TypeIP))],
      ['e', arr(TypeString)],
      ['r', rec()],
      ['m', map(TypeString, TypeInt64)],
    );
    expect(json(v)).toBe('{"n":null,"a":null,"e":[],"r":{},"m":{}}');
    expect(json(nul(TypeNull))).toBe('null');
  });

  it('writes union members, enum symbols and errors', () => {
    expect(json(union([TypeInt64, TypeString], newString('one')))).toBe('"one"');
    expect(json(union([TypeInt64, TypeString], newInt64(1)))).toBe('1');
    expect(json(nul(ctx.lookupUnion([TypeInt64, TypeString])))).toBe('null');
    expect(json(new Value(ctx.lookupEnum(['HEADS', 'TAILS']), encodeUint(1)))).toBe('"TAILS"');
    expect(json(new Value(ctx.lookupEnum(['a']), encodeUint(5)))).toBe('"<bad enum>"');
    expect(json(rec(['x', new Value(ctx.lookupError(TypeString), newString('divide by zero').bytes)]))).toBe(
      '{"x":{"error":"divide by zero"}}',
    );
  });

  it('ignores type names', () => {
    expect(json(named('custom', rec(['a', newInt64(1)])))).toBe('{"a":1}');
  });
});

describe('JsonEncoder map keys', () => {
  const key = (k: Value) => json(map(k.type, TypeInt64, [k, newInt64(1)]));
  it('writes primitive keys as their ZSON text and strings as they are', () => {
    expect(key(newString('a"b'))).toBe('{"a\\"b":1}');
    expect(key(newInt(TypeInt32, -3))).toBe('{"-3":1}');
    expect(key(newFloat32(32))).toBe('{"32.":1}');
    expect(key(newDuration(1_000_000_000n))).toBe('{"1s":1}');
    expect(key(ip('1.2.3.4'))).toBe('{"1.2.3.4":1}');
    expect(key(new Value(TypeType, ctx.encodeTypeValue(TypeUint8)))).toBe('{"<uint8>":1}');
    expect(key(nul(TypeNull))).toBe('{"null":1}');
    expect(key(named('s', newString('named')))).toBe('{"named":1}');
  });

  it('writes complex keys as decorated ZSON', () => {
    expect(key(rec(['r', newInt64(0)]))).toBe('{"{r:0}":1}');
    expect(key(arr(TypeString, newString('a')))).toBe('{"[\\"a\\"]":1}');
    expect(key(new Value(ctx.lookupError(TypeInt64), newInt64(0).bytes))).toBe('{"error(0)":1}');
    expect(key(new Value(ctx.lookupEnum(['e0']), encodeUint(0)))).toBe('{"e0":1}');
  });

  it('decorates union keys so equal texts of different types stay apart', () => {
    const ut = [TypeInt64, TypeUint64, TypeString];
    const m = map(
      ctx.lookupUnion(ut),
      TypeInt64,
      [union(ut, newInt64(0)), newInt64(1)],
      [union(ut, newUint(TypeUint64, 0)), newInt64(2)],
      [union(ut, newString('0')), newInt64(3)],
    );
    expect(json(m)).toBe('{"0":1,"0(uint64)":2,"\\"0\\"":3}');
  });

  it('writes a named non-string primitive key as Zed does', () => {
    expect(key(named('t', newInt64(1)))).toBe('{"<ZSON unknown primitive: *zed.TypeNamed>":1}');
  });
});

describe('JsonEncoder pretty', () => {
  it('indents nested values by the tab size', () => {
    const v = rec(
      ['f1', newFloat64(1)],
      ['f2', nul(TypeNull)],
      ['f3', arr(TypeInt64, newInt64(1), newInt64(2))],
      ['f4', rec(['foo', newString('bar')])],
      ['f5', rec()],
      ['f6', map(TypeString, TypeInt64, [newString('k'), newInt64(1)])],
      ['f7', arr(TypeInt64)],
      ['f8', new Value(ctx.lookupError(TypeString), newString('e').bytes)],
    );
    expect(json(v, 4)).toBe(
      [
        '{',
        '    "f1": 1,',
        '    "f2": null,',
        '    "f3": [',
        '        1,',
        '        2',
        '    ],',
        '    "f4": {',
        '        "foo": "bar"',
        '    },',
        '    "f5": {},',
        '    "f6": {',
        '        "k": 1',
        '    },',
        '    "f7": [],',
        '    "f8": {',
        '        "error": "e"',
        '    }',
        '}',
      ].join('\n'),
    );
  });

  it('writes one value per line and nothing at the end', () => {
    const enc = new JsonEncoder();
    expect(text(enc.write([newInt64(1), newString('a')]))).toBe('1\n"a"\n');
    expect(text(enc.end())).toBe('');
  });
});
