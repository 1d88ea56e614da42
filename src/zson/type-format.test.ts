import { describe, expect, it } from 'vitest';
import {
  TypeContext,
  TypeFloat64,
  TypeInt64,
  TypeIP,
  TypeString,
  TypeUint16,
  type Type,
} from '../zed/index.js';
import { formatType, formatTypeValue } from './type-format.js';

const ctx = new TypeContext();
const rec = (...fields: [string, Type][]) => ctx.lookupRecord(fields.map(([name, type]) => ({ name, type })));

describe('formatType', () => {
  it('writes every kind of type', () => {
    expect(formatType(TypeInt64)).toBe('int64');
    expect(formatType(rec())).toBe('{}');
    expect(formatType(rec(['a', TypeInt64], ['b', ctx.lookupArray(TypeString)]))).toBe('{a:int64,b:[string]}');
    expect(formatType(ctx.lookupSet(TypeIP))).toBe('|[ip]|');
    expect(formatType(ctx.lookupMap(TypeString, TypeFloat64))).toBe('|{string:float64}|');
    expect(formatType(ctx.lookupUnion([TypeInt64, TypeString]))).toBe('(int64,string)');
    expect(formatType(ctx.lookupEnum(['HEADS', 'TAILS']))).toBe('enum(HEADS,TAILS)');
    expect(formatType(ctx.lookupError(rec(['msg', TypeString])))).toBe('error({msg:string})');
  });

  it('quotes field names, symbols and type names that need it', () => {
    expect(formatType(rec(['foo bar', rec()]))).toBe('{"foo bar":{}}');
    expect(formatType(rec(['', TypeInt64]))).toBe('{"":int64}');
    expect(formatType(ctx.lookupEnum(['a b', 'c']))).toBe('enum("a b",c)');
    expect(formatType(ctx.lookupNamed('github.com/acme/foo.Bar', rec(['s', TypeString])))).toBe(
      '"github.com/acme/foo.Bar"={s:string}',
    );
    expect(formatType(ctx.lookupNamed('foo.bar', TypeInt64))).toBe('foo.bar=int64');
  });

  it('defines a name at its first use and refers to it after', () => {
    const port = ctx.lookupNamed('port', TypeUint16);
    expect(formatType(rec(['a', port], ['b', ctx.lookupArray(port)]))).toBe('{a:port=uint16,b:[port]}');
  });

  it('defines a name again when it is bound to another type', () => {
    const a = ctx.lookupNamed('foo', TypeInt64);
    const b = ctx.lookupNamed('foo', TypeString);
    expect(formatType(rec(['a', a], ['b', b], ['c', b], ['d', a]))).toBe('{a:foo=int64,b:foo=string,c:foo,d:foo=int64}');
    // The inner use comes first in depth-first order.
    const outer = ctx.lookupNamed('foo', rec(['x', a]));
    expect(formatType(outer)).toBe('foo={x:foo=int64}');
  });
});

describe('formatTypeValue', () => {
  const tv = (t: Type, tab = 0) => formatTypeValue(ctx.encodeTypeValue(t), 0, undefined, tab);

  it('writes a type value on one line without a tab size', () => {
    expect(tv(rec(['a', TypeInt64], ['u', ctx.lookupUnion([TypeInt64, TypeString])]))).toBe('{a:int64,u:(int64,string)}');
  });

  it('pretty-prints records, unions and complex containers', () => {
    expect(tv(rec(['a', TypeInt64]), 4)).toBe('{\n    a: int64\n}');
    expect(tv(rec(), 4)).toBe('{}');
    expect(tv(ctx.lookupArray(TypeInt64), 4)).toBe('[int64]');
    expect(tv(ctx.lookupArray(rec(['a', TypeInt64])), 4)).toBe('[\n    {\n        a: int64\n    }\n]');
    expect(tv(ctx.lookupUnion([TypeInt64, TypeString]), 2)).toBe('(\n  int64,\n  string\n)');
    expect(tv(ctx.lookupMap(TypeString, TypeInt64), 4)).toBe('|{string: int64}|');
    expect(tv(ctx.lookupMap(TypeString, rec(['a', TypeInt64])), 4)).toBe('|{\n    string: {\n        a: int64\n    }\n}|');
  });

  it('keeps Zed\'s indent inside a one-line map type nested in a record', () => {
    expect(tv(rec(['m', ctx.lookupMap(TypeString, TypeInt64)]), 2)).toBe('{\n  m: |{  string: int64}|\n}');
  });

  it('reports a truncated type value in the text', () => {
    const b = ctx.encodeTypeValue(rec(['a', TypeInt64]));
    expect(formatTypeValue(b, 0, b.length - 1)).toBe('{a:<ERR truncated type value>');
  });
});
