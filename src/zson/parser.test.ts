import { beforeEach, describe, expect, it } from 'vitest';
import { ParseError } from '../errors/index.js';
import {
  Builder,
  TypeBool,
  TypeContext,
  TypeFloat32,
  TypeFloat64,
  TypeInt32,
  TypeInt64,
  TypeInt8,
  TypeIP,
  TypeNet,
  TypeNull,
  TypeString,
  TypeType,
  TypeUint16,
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
  type UnionType,
} from '../zed/index.js';
import { parseZsonType, parseZsonValue } from './parse.js';
import { TypingError } from './lexer.js';

let ctx: TypeContext;
beforeEach(() => {
  ctx = new TypeContext();
});

const parse = (text: string) => parseZsonValue(text, ctx);
const nul = (t: Type) => new Value(t, null);

/** The body of a container of `vals` (their bodies as elements). */
function body(vals: readonly (Value | Uint8Array | null)[]): Uint8Array {
  const b = new Builder();
  for (const v of vals) b.append(v instanceof Value ? v.bytes : v);
  return b.bytes();
}
function rec(fields: [string, Value][]): Value {
  return new Value(ctx.lookupRecord(fields.map(([name, v]) => ({ name, type: v.type }))), body(fields.map((f) => f[1])));
}
const arr = (elem: Type, vals: Value[]) => new Value(ctx.lookupArray(elem), body(vals));
const as = (t: Type, v: Value) => new Value(t, v.bytes);
/** `v` as a value of union `u` (a null of type null is the union's null). */
function inUnion(u: UnionType, v: Value): Value {
  if (v.type === TypeNull) return nul(u);
  return new Value(u, body([encodeInt(u.selectorOf(v.type)), v]));
}
const ip = (s: string) => newIP(parseIP(s)!);
const net = (s: string) => newNet(parseNet(s)!);

function expectValue(got: Value, want: Value): void {
  expect(got.type).toBe(want.type);
  expect(got.bytes).toEqual(want.bytes);
}

function parseError(text: string): ParseError {
  try {
    parse(text);
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    return e as ParseError;
  }
  throw new Error(`no error parsing ${JSON.stringify(text)}`);
}

describe('ZSON primitive literals', () => {
  it('parses implied int64, uint64 and float64 numbers', () => {
    expectValue(parse('123'), newInt64(123));
    expectValue(parse('-42'), newInt64(-42));
    expectValue(parse('+7'), newInt64(7));
    expectValue(parse('9223372036854775807'), newInt64((1n << 63n) - 1n));
    expectValue(parse('-9223372036854775808'), newInt64(-(1n << 63n)));
    expectValue(parse('18446744073709551615'), newUint(TypeUint64, (1n << 64n) - 1n));
    expectValue(parse('99999999999999999999'), newFloat64(1e20));
    expectValue(parse('1.'), newFloat64(1));
    expectValue(parse('1.5'), newFloat64(1.5));
    expectValue(parse('.5'), newFloat64(0.5));
    expectValue(parse('-.25'), newFloat64(-0.25));
    expectValue(parse('1e3'), newFloat64(1000));
    expectValue(parse('1E-3'), newFloat64(0.001));
    expectValue(parse('-2.2e2'), newFloat64(-220));
  });

  it('parses Inf and NaN floats', () => {
    expectValue(parse('+Inf'), newFloat64(Infinity));
    expectValue(parse('Inf'), newFloat64(Infinity));
    expectValue(parse('-Inf'), newFloat64(-Infinity));
    const nan = parse('NaN');
    expect(nan.type).toBe(TypeFloat64);
    expect(nan.asFloat()).toBeNaN();
  });

  it('parses bool, null, bytes, ip and net literals', () => {
    expectValue(parse('true'), newBool(true));
    expectValue(parse('false'), newBool(false));
    expectValue(parse('null'), nul(TypeNull));
    expectValue(parse('0x'), newBytes(new Uint8Array(0)));
    expectValue(parse('0x01aBff'), newBytes(Uint8Array.of(1, 0xab, 0xff)));
    expectValue(parse('10.0.0.1'), ip('10.0.0.1'));
    expectValue(parse('::1'), ip('::1'));
    expectValue(parse('fe80::eef4:bbff:fe51:89ec'), ip('fe80::eef4:bbff:fe51:89ec'));
    expectValue(parse('::ffff:1.2.3.4'), ip('::ffff:1.2.3.4'));
    expectValue(parse('10.1.2.3/8'), net('10.0.0.0/8'));
    expectValue(parse('2001:db8::/32'), net('2001:db8::/32'));
  });

  it('parses time and duration literals', () => {
    expectValue(parse('1970-01-01T00:00:01Z'), newTime(1_000_000_000n));
    expectValue(parse('2020-11-24T08:44:09.586441-08:00'), newTime(1606236249586441000n));
    expectValue(parse('1h30m'), newDuration(5400_000_000_000n));
    expectValue(parse('-1.5s'), newDuration(-1_500_000_000n));
    expectValue(parse('8w'), newDuration(56n * 86400n * 1_000_000_000n));
    expectValue(parse('-292y171d23h47m16.854775808s'), newDuration(-(1n << 63n)));
  });

  it('parses double-quoted strings with every escape', () => {
    expectValue(parse('"hello, world"'), newString('hello, world'));
    expectValue(parse('""'), newString(''));
    expectValue(parse('"\\"\\\\\\/\\b\\f\\n\\r\\t"'), newString('"\\/\b\f\n\r\t'));
    expectValue(parse('"\\u00e9\\u00E9"'), newString('éé'));
    expectValue(parse('"\\ud83d\\ude00"'), newString('😀'));
    expectValue(parse('"smile😁smile"'), newString('smile😁smile'));
    expectValue(parse('"tab\there"'), newString('tab\there'));
  });

  it('replaces unpaired surrogate escapes with U+FFFD', () => {
    expectValue(parse('"a\\ud83db"'), newString('a\ufffdb'));
    expectValue(parse('"\\ude00"'), newString('\ufffd'));
  });

  it('stores strings in Unicode normal form C', () => {
    expectValue(parse('"e\u0301"'), newString('\u00e9'));
    expectValue(parse('"e\\u0301"'), newString('\u00e9'));
  });

  it('parses backtick strings, folding indentation unless written =>', () => {
    expectValue(parse('`a "quoted" \\n`'), newString('a "quoted" \\n'));
    expectValue(parse('`\n    line one\n    line two\n`'), newString('line one\nline two\n'));
    expectValue(parse('=>`\n    keep\n  this`'), newString('\n    keep\n  this'));
    expectValue(parse('=> `x`'), newString('x'));
  });

  it('parses type values, including quoted field names and named types', () => {
    expectValue(parse('<int64>'), new Value(TypeType, Uint8Array.of(TypeInt64.id)));
    const t = ctx.lookupRecord([
      { name: 'a', type: TypeInt64 },
      { name: 'b c', type: ctx.lookupArray(TypeString) },
    ]);
    expectValue(parse('<{a:int64,"b c":[string]}>'), new Value(TypeType, ctx.encodeTypeValue(t)));
    const foo = ctx.lookupNamed('@foo', TypeInt64);
    const defRef = ctx.lookupRecord([
      { name: 'def', type: foo },
      { name: 'ref', type: foo },
    ]);
    expectValue(parse('<{def:"@foo"=int64,ref:"@foo"}>'), new Value(TypeType, ctx.encodeTypeValue(defRef)));
    expectValue(parse('<{}>'), new Value(TypeType, ctx.encodeTypeValue(ctx.lookupRecord([]))));
  });
});

describe('ZSON containers', () => {
  it('parses records with identifier and quoted field names', () => {
    const v = parse('{a:1,"b c":"x",_$9:true,"":null}');
    expectValue(v, rec([['a', newInt64(1)], ['b c', newString('x')], ['_$9', newBool(true)], ['', nul(TypeNull)]]));
    expectValue(parse('{ }'), rec([]));
    expectValue(parse('{a:{b:{c:1}}}'), rec([['a', rec([['b', rec([['c', newInt64(1)]])]])]]));
  });

  it('interns record types: equal types are the same object', () => {
    const a = parse('{a:1,b:"x"}');
    const b = parse('{ a: 2, b: "y" }');
    expect(b.type).toBe(a.type);
    expect(b.type).toBe(ctx.lookupRecord([{ name: 'a', type: TypeInt64 }, { name: 'b', type: TypeString }]));
  });

  it('keeps the first of repeated record fields, as Zed does', () => {
    expectValue(parse('{a:1,b:2,a:3}'), rec([['a', newInt64(1)], ['b', newInt64(2)]]));
    expectValue(parse('{a:1,a:"x"}'), rec([['a', newInt64(1)]]));
  });

  it('allows a trailing comma in records, arrays and maps', () => {
    expectValue(parse('{a:1,}'), rec([['a', newInt64(1)]]));
    expectValue(parse('[1,]'), arr(TypeInt64, [newInt64(1)]));
  });

  it('types empty containers with null', () => {
    expectValue(parse('[]'), arr(TypeNull, []));
    expectValue(parse('|[]|'), new Value(ctx.lookupSet(TypeNull), new Uint8Array(0)));
    expectValue(parse('|{}|'), new Value(ctx.lookupMap(TypeNull, TypeNull), new Uint8Array(0)));
  });

  it('types arrays by their elements, with nulls taking the others type', () => {
    expectValue(parse('[1,2,3]'), arr(TypeInt64, [newInt64(1), newInt64(2), newInt64(3)]));
    expectValue(parse('[1,null]'), arr(TypeInt64, [newInt64(1), nul(TypeInt64)]));
    expectValue(parse('[null,null]'), arr(TypeNull, [nul(TypeNull), nul(TypeNull)]));
  });

  it('types mixed arrays with a union in Zed type order', () => {
    const u = ctx.lookupUnion([TypeInt64, TypeString]);
    expect(u.types).toEqual([TypeInt64, TypeString]);
    expectValue(
      parse('["b",1,null,2]'),
      arr(u, [inUnion(u, newString('b')), inUnion(u, newInt64(1)), nul(u), inUnion(u, newInt64(2))]),
    );
    const u2 = ctx.lookupUnion([TypeInt64, TypeString]);
    expectValue(
      parse('[null,null(string),null(int64)]'),
      arr(u2, [nul(u2), inUnion(u2, nul(TypeString)), inUnion(u2, nul(TypeInt64))]),
    );
  });

  it('orders union members as Zed does: named types after their underlying type', () => {
    const v = parse('|{0:1,0(uint64):2,0(=t):3,"0":4}|');
    const key = (v.type as { key: Type }).key as UnionType;
    const t = ctx.lookupByName('t')!;
    expect(key.types).toEqual([TypeUint64, TypeInt64, t, TypeString]);
  });

  it('normalizes sets: sorted by element bytes, duplicates dropped', () => {
    expectValue(parse('|[3,1,2,1,3]|'), new Value(ctx.lookupSet(TypeInt64), body([newInt64(1), newInt64(2), newInt64(3)])));
    const u = ctx.lookupUnion([TypeFloat64, TypeString]);
    expectValue(
      parse('|[1.5,"foo",1.5]|'),
      new Value(ctx.lookupSet(u), body([inUnion(u, newString('foo')), inUnion(u, newFloat64(1.5))])),
    );
    expectValue(
      parse('|[null,127.0.0.1]|'),
      new Value(ctx.lookupSet(TypeIP), body([nul(TypeIP), ip('127.0.0.1')])),
    );
  });

  it('normalizes decorated sets too', () => {
    expectValue(
      parse('|[3,1,3]|(|[int32]|)'),
      new Value(ctx.lookupSet(TypeInt32), body([newInt(TypeInt32, 1), newInt(TypeInt32, 3)])),
    );
  });

  it('normalizes maps: entries sorted by key bytes', () => {
    expectValue(
      parse('|{2:"2",1:"1",3:"3"}|'),
      new Value(
        ctx.lookupMap(TypeInt64, TypeString),
        body([newInt64(1), newString('1'), newInt64(2), newString('2'), newInt64(3), newString('3')]),
      ),
    );
  });

  it('parses map keys that end in a colon-free literal before the map colon', () => {
    const v = parse('|{1:2,1s:1s,2006-01-02T15:04:05+00:00:true}|');
    expect(v.type.kind).toBe('map');
    const w = parse('|{:: :::,::1 :::1}|');
    expectValue(w, new Value(ctx.lookupMap(TypeIP, TypeIP), body([ip('::'), ip('::'), ip('::1'), ip('::1')])));
  });

  it('builds containers and unions whose bodies need multi-byte tags', () => {
    const long = 'x'.repeat(300);
    const r = rec([['s', newString(long)], ['n', newInt64(1)]]);
    expectValue(parse(`{s:"${long}",n:1}`), r);
    const u = ctx.lookupUnion([TypeInt64, r.type]);
    expectValue(parse(`{s:"${long}",n:1}((int64,{s:string,n:int64}))`), inUnion(u, r));
    const su = ctx.lookupUnion([TypeInt64, TypeString]);
    expectValue(
      parse(`|["${long}b",2,"${long}a",2]|`),
      new Value(ctx.lookupSet(su), body([inUnion(su, newInt64(2)), inUnion(su, newString(long + 'a')), inUnion(su, newString(long + 'b'))])),
    );
    expectValue(
      parse(`|{"${long}b":1,"${long}a":2}|`),
      new Value(ctx.lookupMap(TypeString, TypeInt64), body([newString(long + 'a'), newInt64(2), newString(long + 'b'), newInt64(1)])),
    );
  });

  it('parses deep nesting up to the limit', () => {
    let t: Type = parse('['.repeat(900) + '1' + ']'.repeat(900)).type;
    for (let i = 0; i < 900; i++) t = t.kind === 'array' ? t.elem : TypeNull;
    expect(t).toBe(TypeInt64);
    const r = parse('{a:'.repeat(900) + '1' + '}'.repeat(900));
    expect(r.type.kind).toBe('record');
  });

  it('parses error values', () => {
    expectValue(parse('error("x")'), new Value(ctx.lookupError(TypeString), newString('x').bytes));
    const inner = rec([['a', newInt64(1)]]);
    expectValue(parse('error ( {a:1} )'), new Value(ctx.lookupError(inner.type), inner.bytes));
  });
});

describe('ZSON decorators', () => {
  it('casts numbers to the decorated integer or float type', () => {
    expectValue(parse('1(uint8)'), newUint(TypeUint8, 1));
    expectValue(parse('80 (uint16)'), newUint(TypeUint16, 80));
    expectValue(parse('-1(int8)'), newInt(TypeInt8, -1));
    expectValue(parse('18446744073709551615(uint64)'), newUint(TypeUint64, (1n << 64n) - 1n));
    expectValue(parse('16(float16)'), newFloat16(16));
    expectValue(parse('2.2(float32)'), newFloat32(2.2));
    expectValue(parse('2.2(float16)'), newFloat16(2.2));
    expectValue(parse('1(float64)'), newFloat64(1));
    expectValue(parse('0x01(bytes)'), newBytes(Uint8Array.of(1)));
    expectValue(parse('"s"(string)'), newString('s'));
    expectValue(parse('1s(duration)'), newDuration(1_000_000_000n));
  });

  it('types nulls with any decorator', () => {
    expectValue(parse('null(int32)'), nul(TypeInt32));
    expectValue(parse('null([string])'), nul(ctx.lookupArray(TypeString)));
    expectValue(parse('null({a:string})'), nul(ctx.lookupRecord([{ name: 'a', type: TypeString }])));
    expectValue(parse('null(|{string:int32}|)'), nul(ctx.lookupMap(TypeString, TypeInt32)));
    expectValue(parse('null((int64,string))'), nul(ctx.lookupUnion([TypeInt64, TypeString])));
  });

  it('casts containers, flowing element types down', () => {
    expectValue(parse('[1,2]([int32])'), arr(TypeInt32, [newInt(TypeInt32, 1), newInt(TypeInt32, 2)]));
    expectValue(parse('[]([string])'), arr(TypeString, []));
    const r = ctx.lookupRecord([{ name: 'a', type: TypeUint8 }, { name: 'b', type: ctx.lookupArray(TypeFloat32) }]);
    expectValue(parse('{a:1,b:[1,2.5]}({a:uint8,b:[float32]})'), new Value(r, body([newUint(TypeUint8, 1), new Value(TypeFloat32, body([newFloat32(1), newFloat32(2.5)]))])));
    const m = parse('|{"a":1}|(|{string:int8}|)');
    expectValue(m, new Value(ctx.lookupMap(TypeString, TypeInt8), body([newString('a'), newInt(TypeInt8, 1)])));
  });

  it('makes union values with one or more decorators', () => {
    const u = ctx.lookupUnion([TypeInt64, TypeString]);
    expectValue(parse('1((int64,string))'), inUnion(u, newInt64(1)));
    expectValue(parse('"one"((string,int64))'), inUnion(u, newString('one')));
    const u3 = ctx.lookupUnion([TypeInt64, TypeFloat32, TypeFloat64]);
    expectValue(parse('123. (float32) ((int64,float32,float64))'), inUnion(u3, newFloat32(123)));
    expectValue(parse('null((int64,string))'), nul(u));
    const u4 = ctx.lookupUnion([TypeInt32, TypeString]);
    expectValue(parse('null(string)((int32,string))'), inUnion(u4, nul(TypeString)));
  });

  it('types an array of decorated union values as an array of the union', () => {
    const u = ctx.lookupUnion([TypeInt64, TypeString]);
    expectValue(parse('[8((int64,string)),3((int64,string))]'), arr(u, [inUnion(u, newInt64(8)), inUnion(u, newInt64(3))]));
    expectValue(parse('[8,"x"]([(int64,string)])'), arr(u, [inUnion(u, newInt64(8)), inUnion(u, newString('x'))]));
  });

  it('parses enums decorated with an enum type, by name or string', () => {
    const e = ctx.lookupEnum(['HEADS', 'TAILS']);
    expectValue(parse('%TAILS(enum(HEADS,TAILS))'), new Value(e, encodeUint(1)));
    expectValue(parse('"HEADS"(enum(HEADS,TAILS))'), new Value(e, encodeUint(0)));
    expectValue(parse('%"TAILS" (enum(HEADS,TAILS))'), new Value(e, encodeUint(1)));
    const r = parse('{flip:%HEADS}({flip:enum(HEADS,TAILS)})');
    expectValue(r, new Value(ctx.lookupRecord([{ name: 'flip', type: e }]), body([encodeUint(0)])));
  });

  it('defines named types with (=name) and (name=type), and references them', () => {
    const port = ctx.lookupNamed('port', TypeUint16);
    expectValue(parse('80(port=uint16)'), new Value(port, encodeUint(80)));
    expectValue(parse('8080(port)'), new Value(port, encodeUint(8080)));
    const conn = parse('{p:80(port)}(=conn)');
    const inner = ctx.lookupRecord([{ name: 'p', type: port }]);
    expect(conn.type).toBe(ctx.lookupNamed('conn', inner));
    expect(ctx.lookupByName('conn')).toBe(conn.type);
    const flows = parse('[{a:1}(=flow),{a:2}(flow)]');
    const flow = ctx.lookupNamed('flow', ctx.lookupRecord([{ name: 'a', type: TypeInt64 }]));
    expectValue(flows, arr(flow, [as(flow, rec([['a', newInt64(1)]])), as(flow, rec([['a', newInt64(2)]]))]));
  });

  it('accepts quoted and dotted type names', () => {
    const v = parse('{s:"x"}(="github.com/acme/foo.Bar")');
    expect(v.type.kind === 'named' && v.type.name).toBe('github.com/acme/foo.Bar');
    expect(parse('1(=foo.bar)').type).toBe(ctx.lookupByName('foo.bar'));
  });

  it('binds numeric names without creating named types', () => {
    const v = parse('[[](2=[null])(3=(2,int64)),1(3)](=4)');
    const u = ctx.lookupUnion([TypeInt64, ctx.lookupArray(TypeNull)]);
    expectValue(v, arr(u, [inUnion(u, arr(TypeNull, [])), inUnion(u, newInt64(1))]));
    expect(ctx.lookupByName('4')).toBeUndefined();
  });

  it('lets a later decorator refer to a name defined by an earlier one', () => {
    const s = ctx.lookupNamed('s', TypeString);
    const un = ctx.lookupNamed('u', ctx.lookupUnion([TypeInt64, s]));
    const v = parse('""(=s)(u=(int64,s))');
    expectValue(v, new Value(un, body([encodeInt((un.type as UnionType).selectorOf(s)), newString('')])));
  });

  it('rebinds redefined names for later values and inside one value', () => {
    const v = parse('[{x:{y:63}}(=foo),{x:{abcdef:{x:{y:127}}(foo)}}(=foo)]');
    const foo1 = ctx.lookupNamed('foo', ctx.lookupRecord([{ name: 'x', type: ctx.lookupRecord([{ name: 'y', type: TypeInt64 }]) }]));
    const foo2 = ctx.lookupNamed('foo', ctx.lookupRecord([{ name: 'x', type: ctx.lookupRecord([{ name: 'abcdef', type: foo1 }]) }]));
    const u = v.type.kind === 'array' ? (v.type.elem as UnionType) : null;
    expect(u?.types).toEqual([foo2, foo1]);
  });

  it('types a value inside a union-typed container by its own type', () => {
    const u = ctx.lookupUnion([TypeInt64, TypeString]);
    const v = parse('{a:"x"}({a:(int64,string)})');
    expectValue(v, new Value(ctx.lookupRecord([{ name: 'a', type: u }]), body([inUnion(u, newString('x'))])));
  });

  it('skips whitespace and comments between a value and its decorators', () => {
    expectValue(parse('1 /* c */ (int32) // c\n'), newInt(TypeInt32, 1));
    expectValue(parse('1\n\n(uint8)'), newUint(TypeUint8, 1));
  });
});

describe('parseZsonType', () => {
  it('parses every kind of type into interned types', () => {
    expect(parseZsonType('int64', ctx)).toBe(TypeInt64);
    expect(parseZsonType('{a:int64,b:string}', ctx)).toBe(
      ctx.lookupRecord([{ name: 'a', type: TypeInt64 }, { name: 'b', type: TypeString }]),
    );
    expect(parseZsonType('[ip]', ctx)).toBe(ctx.lookupArray(TypeIP));
    expect(parseZsonType('|[net]|', ctx)).toBe(ctx.lookupSet(TypeNet));
    expect(parseZsonType('|{string:bool}|', ctx)).toBe(ctx.lookupMap(TypeString, TypeBool));
    expect(parseZsonType('(string,int64)', ctx)).toBe(ctx.lookupUnion([TypeInt64, TypeString]));
    expect(parseZsonType('enum(a,"b c")', ctx)).toBe(ctx.lookupEnum(['a', 'b c']));
    expect(parseZsonType('error({msg:string})', ctx)).toBe(ctx.lookupError(ctx.lookupRecord([{ name: 'msg', type: TypeString }])));
    expect(parseZsonType('myport=uint16', ctx)).toBe(ctx.lookupNamed('myport', TypeUint16));
    expect(parseZsonType('{t:time,d:duration,b:bytes,f:float16,n:null,ty:type}', ctx).kind).toBe('record');
  });

  it('resolves names bound in the type context', () => {
    const port = ctx.lookupNamed('port', TypeUint16);
    expect(parseZsonType('{p:port}', ctx)).toBe(ctx.lookupRecord([{ name: 'p', type: port }]));
  });

  it('rejects unknown names and trailing text', () => {
    expect(() => parseZsonType('nosuch', ctx)).toThrow('no such type name: "nosuch"');
    expect(() => parseZsonType('int64 int64', ctx)).toThrow(ParseError);
  });
});

describe('ZSON errors', () => {
  const cases: [string, string, number, number][] = [
    ['{a:1', 'parse error: mismatched braces while parsing record type', 1, 5],
    ['{a:1,b}', 'parse error: no type name found for field "b"', 1, 7],
    ['{a:}', 'ZSON syntax error', 1, 4],
    ['[1 2]', 'parse error: mismatched brackets while parsing array type', 1, 4],
    ['|[1,2]', 'parse error: mismatched closing bracket while parsing set value', 1, 7],
    ['|{1:2}', 'parse error: mismatched closing bracket while parsing map value', 1, 7],
    ['|{1 2}|', 'parse error: no colon found after map key while parsing map entry', 1, 5],
    ['|x', "parse error: no '|[' or '|{' type bracket at '|' character", 1, 2],
    ['"abc', 'parse error: mismatched string quotes', 1, 1],
    ['"ab\ncd"', 'parse error: string literal: unescaped line break', 1, 4],
    ['"\\x"', 'parse error: string literal: illegal escape (\\x)', 1, 2],
    ['"\\u12zz"', 'parse error: string literal: invalid hex digits in \\u escape', 1, 2],
    ['`abc', 'parse error: parsing backtick string literal', 1, 1],
    ['1(int64', 'parse error: mismatched parentheses while parsing type decorator', 1, 8],
    ['1(', "parse error: couldn't parse type", 1, 3],
    ['1(=)', 'parse error: bad short-form type definition', 1, 2],
    ['<int64', 'parse error: mismatched parentheses while parsing type value', 1, 7],
    ['<(int64)>', "parse error: type list not found parsing union type at '('", 1, 2],
    ['%HEADS', 'identifier "HEADS" must be enum and requires decorator', 1, 1],
    ['%X(enum(A,B))', 'symbol "X" not a member of type "enum(A,B)"', 1, 1],
    ['1(nosuch)', 'no such type name: "nosuch"', 1, 3],
    ['1(string)', 'type mismatch: "int64" cannot be used as "string"', 1, 1],
    ['1.5(int64)', 'type mismatch: "float64" cannot be used as "int64"', 1, 1],
    ['300(uint8)', 'invalid unsigned integer: 300', 1, 1],
    ['1e39(float32)', 'invalid floating point: 1e39', 1, 1],
    ['1(int32)(int64)', 'decorator conflict enclosing context "int64" and decorator cast "int32"', 1, 2],
    ['1((string,float64))', 'type "int64" is not in union type "(float64,string)"', 1, 2],
    ['{a:1}({a:int64,b:int64})', 'record decorator fields (2) mismatched with value fields (1)', 1, 1],
    ['1(=int64)', 'bad type name "int64": primitive type name', 1, 2],
    ['{a.b:1}', 'malformed identifier', 1, 2],
    ['9999-12-17T16:37:21.023179Z', 'time overflow: 9999-12-17T16:37:21.023179Z (max: 2262-04-11T23:47:16Z)', 1, 1],
    ['foo', 'ZSON syntax error', 1, 1],
    ['1e400', 'ZSON syntax error', 1, 1],
    ['}', 'ZSON syntax error', 1, 1],
    ['{a:1}\n  {b:2}', 'ZSON syntax error', 2, 3],
    ['{b:@}', 'ZSON syntax error', 1, 4],
    ['{\n  a: 1,\n  b: [1,2\n}', 'parse error: mismatched brackets while parsing array type', 4, 1],
  ];
  for (const [text, reason, line, column] of cases) {
    it(`reports ${JSON.stringify(reason)} for ${JSON.stringify(text)}`, () => {
      const e = parseError(text);
      expect(e.reason).toBe(reason);
      expect([e.line, e.column]).toEqual([line, column]);
      // Typing errors (Zed's analyzer) say no place in their message; syntax errors do.
      expect(e.message).toBe(e instanceof TypingError ? reason : `${reason} at line ${line}, column ${column}`);
    });
  }

  it('says no place in a typing error, as Zed\'s analyzer', () => {
    const e = parseError('{a:1}({a:int64,b:int64})');
    expect(e).toBeInstanceOf(TypingError);
    expect(e.message).toBe('record decorator fields (2) mismatched with value fields (1)');
    expect([e.line, e.column]).toEqual([1, 1]);
  });

  it('reports nesting beyond the limit instead of overflowing the stack', () => {
    expect(parseError('['.repeat(5000) + ']'.repeat(5000)).reason).toMatch(/nest more than/);
    expect(() => parseZsonType('['.repeat(5000) + 'int64' + ']'.repeat(5000), ctx)).toThrow(/nest more than/);
  });
});
