import { describe, expect, it } from 'vitest';
import {
  Builder,
  TypeContext,
  TypeInt32,
  TypeInt64,
  TypeIP,
  TypeNull,
  TypeString,
  TypeType,
  TypeUint16,
  TypeUint64,
  TypeUint8,
  Value,
  encodeInt,
  encodeUint,
  newFloat32,
  newInt,
  newInt64,
  newIP,
  newString,
  newUint,
  parseIP,
  type Type,
} from '../zed/index.js';
import { ZsonFormatter, formatValue } from './formatter.js';

// Values are built directly with the value model (the ZSON parser is not used here).
const ctx = new TypeContext();
function body(vals: readonly (Value | null)[]): Uint8Array {
  const b = new Builder();
  for (const v of vals) b.append(v === null ? null : v.bytes);
  return b.bytes();
}
const rec = (...fields: [string, Value][]) =>
  new Value(ctx.lookupRecord(fields.map(([name, v]) => ({ name, type: v.type }))), body(fields.map((f) => f[1])));
const arr = (elem: Type, ...vals: Value[]) => new Value(ctx.lookupArray(elem), body(vals));
const set = (elem: Type, ...vals: Value[]) => new Value(ctx.lookupSet(elem), body(vals));
const map = (k: Type, v: Type, ...pairs: [Value, Value][]) => new Value(ctx.lookupMap(k, v), body(pairs.flat()));
const nul = (t: Type) => new Value(t, null);
const named = (name: string, v: Value) => new Value(ctx.lookupNamed(name, v.type), v.bytes);
/** A value of union type `types` (or of type `as`, a name for it) holding `v`. */
function union(types: Type[], v: Value, as?: Type): Value {
  const u = ctx.lookupUnion(types);
  const tag = u.selectorOf(v.type);
  if (tag < 0) throw new Error('not a member');
  return new Value(as ?? u, body([new Value(TypeInt64, encodeInt(tag)), v]));
}
const ip = (s: string) => newIP(parseIP(s)!);
const typeValue = (t: Type) => new Value(TypeType, ctx.encodeTypeValue(t));
const i32 = (n: number) => newInt(TypeInt32, n);

describe('formatValue decorators', () => {
  it('leaves values of implied types undecorated', () => {
    expect(formatValue(newInt64(1))).toBe('1');
    expect(formatValue(newString('a'))).toBe('"a"');
    expect(formatValue(ip('::1'))).toBe('::1');
    expect(formatValue(typeValue(TypeString))).toBe('<string>');
    expect(formatValue(rec(['a', newInt64(1)], ['b', rec(['c', newString('x')])]))).toBe('{a:1,b:{c:"x"}}');
  });

  it('decorates values whose type the syntax does not imply', () => {
    expect(formatValue(i32(1))).toBe('1(int32)');
    expect(formatValue(newUint(TypeUint8, 255))).toBe('255(uint8)');
    expect(formatValue(newFloat32(1.5))).toBe('1.5(float32)');
    expect(formatValue(rec(['a', i32(1)], ['b', newInt64(2)]))).toBe('{a:1(int32),b:2}');
    expect(formatValue(arr(TypeInt32, i32(1), i32(2)))).toBe('[1(int32),2(int32)]');
  });

  it('decorates nulls with their type, except nulls of type null', () => {
    expect(formatValue(nul(TypeNull))).toBe('null');
    expect(formatValue(nul(TypeString))).toBe('null(string)');
    expect(formatValue(nul(TypeInt32))).toBe('null(int32)');
    expect(formatValue(nul(ctx.lookupRecord([{ name: 'a', type: TypeInt64 }])))).toBe('null({a:int64})');
    expect(formatValue(rec(['a', nul(TypeString)], ['b', nul(TypeNull)], ['c', nul(ctx.lookupArray(TypeIP))]))).toBe(
      '{a:null(string),b:null,c:null([ip])}',
    );
  });

  it('decorates an empty container only where it is not the whole value', () => {
    expect(formatValue(arr(TypeInt32))).toBe('[]');
    expect(formatValue(rec(['a', arr(TypeInt64)], ['s', set(TypeString)]))).toBe('{a:[]([int64]),s:|[]|(|[string]|)}');
    expect(formatValue(rec(['m', map(TypeNull, TypeNull)]))).toBe('{m:|{}|(|{null:null}|)}');
    expect(formatValue(rec(['r', rec()]))).toBe('{r:{}}');
  });

  it('quotes field names that are not identifiers', () => {
    expect(formatValue(rec(['foo bar', newInt64(1)], ['', newInt64(2)], ['@x', rec()]))).toBe('{"foo bar":1,"":2,"@x":{}}');
  });

  it('writes non-ASCII names, symbols and type values', () => {
    const e = ctx.lookupEnum(['été', 'b c']);
    expect(formatValue(rec(['ünï', new Value(e, encodeUint(0))]))).toBe('{ünï:%été(enum(été,"b c"))}');
    // Zed writes the symbol of an enum value as is, even when it needs quotes.
    expect(formatValue(new Value(e, encodeUint(1)))).toBe('%b c(enum(été,"b c"))');
    expect(formatValue(typeValue(ctx.lookupRecord([{ name: 'é', type: TypeInt64 }])), 2)).toBe('<{\n  é: int64\n}>');
  });
});

describe('formatValue containers', () => {
  it('writes sets and maps', () => {
    expect(formatValue(set(TypeInt64, newInt64(1), newInt64(2)))).toBe('|[1,2]|');
    expect(formatValue(set(TypeIP, nul(TypeIP), ip('10.0.0.1')))).toBe('|[null(ip),10.0.0.1]|');
    expect(formatValue(map(TypeString, TypeInt32, [newString('a'), i32(1)]))).toBe('|{"a":1(int32)}|');
    expect(formatValue(map(TypeNull, TypeNull))).toBe('|{}|');
  });

  it('separates an IPv6 map key from its colon', () => {
    const m = map(TypeIP, TypeIP, [ip('1.2.3.4'), ip('::')], [ip('::'), ip('::1')], [ip('::1'), ip('5.6.7.8')]);
    expect(formatValue(m)).toBe('|{1.2.3.4:::,:: :::1,::1 :5.6.7.8}|');
  });
});

describe('formatValue unions', () => {
  const ui = [TypeInt32, TypeString];
  it('always decorates a union value with its member and union types', () => {
    expect(formatValue(union(ui, i32(1)))).toBe('1(int32)((int32,string))');
    expect(formatValue(union(ui, newString('a')))).toBe('"a"((int32,string))');
    expect(formatValue(union(ui, nul(TypeString)))).toBe('null(string)((int32,string))');
    expect(formatValue(nul(ctx.lookupUnion(ui)))).toBe('null((int32,string))');
    expect(formatValue(rec(['u', union([TypeUint64, TypeString], newUint(TypeUint64, 12))]))).toBe(
      '{u:12(uint64)((uint64,string))}',
    );
  });

  it('decorates an array of a union only when its elements miss a member', () => {
    const u = [TypeInt64, TypeString];
    const ut = ctx.lookupUnion(u);
    expect(formatValue(arr(ut, union(u, newInt64(1)), union(u, newString('b'))))).toBe('[1,"b"]');
    expect(formatValue(arr(ut, union(u, newInt64(8)), union(u, newInt64(3))))).toBe('[8,3]([(int64,string)])');
    expect(formatValue(rec(['v', arr(ut, union(u, newString('x')))]))).toBe('{v:["x"]([(int64,string)])}');
    // A null element counts for no member.
    expect(formatValue(set(ut, nul(ut), union(u, newInt64(1))))).toBe('|[null,1]|(|[(int64,string)]|)');
  });

  it('decorates an array of a named union, naming the union', () => {
    const u = [TypeInt64, TypeString];
    const nu = ctx.lookupNamed('num_or_str', ctx.lookupUnion(u));
    const v = arr(nu, union(u, newInt64(1), nu), union(u, newString('a'), nu));
    expect(formatValue(v)).toBe('[1,"a"]([num_or_str=(int64,string)])');
  });

  it('decorates a map whose values miss union members', () => {
    const u = [TypeInt64, TypeString];
    const nu = ctx.lookupNamed('named', ctx.lookupUnion(u));
    const m = map(TypeString, nu, [newString('a'), union(u, newString('foo'), nu)], [newString('b'), union(u, newInt64(1), nu)]);
    expect(formatValue(m)).toBe('|{"a":"foo","b":1}|(|{string:named=(int64,string)}|)');
  });
});

describe('formatValue enums and errors', () => {
  it('writes enum symbols with the enum type', () => {
    const e = ctx.lookupEnum(['HEADS', 'TAILS']);
    expect(formatValue(new Value(e, encodeUint(1)))).toBe('%TAILS(enum(HEADS,TAILS))');
    expect(formatValue(rec(['flip', new Value(e, encodeUint(0))]))).toBe('{flip:%HEADS(enum(HEADS,TAILS))}');
  });

  it('writes errors around their value', () => {
    expect(formatValue(new Value(ctx.lookupError(TypeString), newString('x').bytes))).toBe('error("x")');
    const inner = rec(['a', i32(1)]);
    expect(formatValue(new Value(ctx.lookupError(inner.type), inner.bytes))).toBe('error({a:1(int32)})(error({a:int32}))');
  });
});

describe('formatValue named types', () => {
  const port = (n: number) => newUint(ctx.lookupNamed('port', TypeUint16), n);

  it('defines self-describing types with (=name) and others with (name=type)', () => {
    expect(formatValue(named('foo', rec(['x', newInt64(1)])))).toBe('{x:1}(=foo)');
    expect(formatValue(named('myint', newInt64(0)))).toBe('0(=myint)');
    expect(formatValue(port(80))).toBe('80(port=uint16)');
    expect(formatValue(named('n', nul(TypeNull)))).toBe('null(n=null)');
    expect(formatValue(named('e', new Value(ctx.lookupError(TypeString), newString('').bytes)))).toBe('error("")(=e)');
  });

  it('refers to a name after its first use in a value', () => {
    expect(formatValue(rec(['a', port(80)], ['b', port(81)]))).toBe('{a:80(port=uint16),b:81(port)}');
  });

  it('drops decorators inside a named value already defined', () => {
    const flow = (p: number) => named('flow', rec(['p', port(p)], ['s', nul(TypeString)]));
    const v = arr(flow(0).type, flow(1), flow(2));
    expect(formatValue(v)).toBe('[{p:1(port=uint16),s:null(string)}(=flow),{p:2,s:null}(flow)]');
  });

  it('defines a name again when it is rebound in the same value', () => {
    const a = named('foo', i32(1));
    const b = named('foo', newString('a'));
    expect(formatValue(rec(['a', a], ['b', b], ['c', named('foo', i32(2))]))).toBe('{a:1(foo=int32),b:"a"(=foo),c:2(foo=int32)}');
  });

  it('quotes type names in decorators', () => {
    expect(formatValue(named('github.com/acme/foo.Bar', rec(['s', newString('x')])))).toBe('{s:"x"}(="github.com/acme/foo.Bar")');
    expect(formatValue(named('foo.bar', rec(['x', newInt64(1)])))).toBe('{x:1}(=foo.bar)');
    // Inside a type, Zed writes the name as is (formatter.go formatType).
    expect(formatValue(nul(ctx.lookupNamed('@foo', ctx.lookupRecord([{ name: 'x', type: TypeInt64 }]))))).toBe(
      'null(@foo={x:int64})',
    );
  });

  it('decorates a named value inside a union', () => {
    const sn = ctx.lookupNamed('string_named', TypeString);
    const un = ctx.lookupNamed('union_named', ctx.lookupUnion([TypeInt64, sn]));
    expect(formatValue(union([TypeInt64, sn], named('string_named', newString('')), un))).toBe(
      '""(=string_named)(union_named=(int64,string_named))',
    );
  });
});

describe('formatValue pretty', () => {
  it('indents records and puts a space before decorators', () => {
    const v = rec(['a', newInt64(1)], ['b', rec(['c', i32(2)], ['d', nul(TypeString)])], ['e', rec()], ['f', arr(TypeInt64)]);
    expect(formatValue(v, 4)).toBe(
      '{\n    a: 1,\n    b: {\n        c: 2 (int32),\n        d: null (string)\n    },\n    e: {},\n    f: [] ([int64])\n}',
    );
  });

  it('puts each element of arrays, sets and maps on its own line', () => {
    expect(formatValue(arr(TypeInt64, newInt64(1), newInt64(2)), 2)).toBe('[\n  1,\n  2\n]');
    expect(formatValue(set(TypeIP, ip('10.0.0.1')), 2)).toBe('|[\n  10.0.0.1\n]|');
    expect(formatValue(map(TypeString, TypeInt32, [newString('a'), i32(1)]), 2)).toBe('|{\n  "a": 1 (int32)\n}|');
    expect(formatValue(arr(TypeInt64), 2)).toBe('[]');
  });

  it('writes an empty map over two lines, as Zed does', () => {
    expect(formatValue(map(TypeString, TypeInt64), 4)).toBe('|{\n}|');
    expect(formatValue(rec(['m', map(TypeString, TypeInt64)]), 4)).toBe('{\n    m: |{\n    }| (|{string:int64}|)\n}');
  });

  it('pretty-prints union decorators, errors and type values', () => {
    expect(formatValue(rec(['u', union([TypeUint64, TypeString], newUint(TypeUint64, 12))]), 4)).toBe(
      '{\n    u: 12 (uint64) ((uint64,string))\n}',
    );
    const err = rec(['message', newString('x')]);
    expect(formatValue(rec(['e', new Value(ctx.lookupError(err.type), err.bytes)]), 2)).toBe(
      '{\n  e: error({\n    message: "x"\n  })\n}',
    );
    const t = ctx.lookupRecord([{ name: 'x', type: TypeInt32 }]);
    expect(formatValue(rec(['t', typeValue(t)], ['n', newUint(TypeUint64, 3)]), 4)).toBe(
      '{\n    t: <{\n        x: int32\n    }>,\n    n: 3 (uint64)\n}',
    );
  });
});

describe('ZsonFormatter', () => {
  it('defines names afresh in each value', () => {
    const f = new ZsonFormatter();
    const v = named('foo', rec(['x', newInt64(1)]));
    expect(f.format(v)).toBe('{x:1}(=foo)');
    expect(f.format(v)).toBe('{x:1}(=foo)');
  });

  it('keeps names matching the persist pattern across values', () => {
    const f = new ZsonFormatter({ persist: /^keep/ });
    const kept = named('keep', rec(['x', i32(1)]));
    const other = named('other', rec(['y', i32(2)]));
    expect(f.format(kept)).toBe('{x:1(int32)}(=keep)');
    expect(f.format(kept)).toBe('{x:1}(keep)');
    expect(f.format(other)).toBe('{y:2(int32)}(=other)');
    expect(f.format(other)).toBe('{y:2(int32)}(=other)');
  });
});
