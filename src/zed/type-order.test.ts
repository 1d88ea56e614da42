import { describe, expect, it } from 'vitest';
import { TypeContext } from './context.js';
import { compareStrings, compareTypes, uniqueTypes } from './type-order.js';
import {
  TypeBool,
  TypeBytes,
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
  type Type,
} from './types.js';

/** The types of Zed's runtime/sam/op/sort/ztests/sort-types.yaml, in their sorted order. */
function sortTypesFixture(ctx: TypeContext): { sorted: Type[]; input: Type[] } {
  const rec = (...f: [string, Type][]) => ctx.lookupRecord(f.map(([name, type]) => ({ name, type })));
  const named1 = ctx.lookupNamed('named1', TypeType);
  const named2 = ctx.lookupNamed('named2', TypeType);
  const x16 = rec(['x', TypeUint16]);
  const xs = rec(['x', TypeString]);
  const xy = rec(['x', TypeInt64], ['y', TypeInt64]);
  const a1 = ctx.lookupArray(TypeUint8);
  const a2 = ctx.lookupArray(TypeNet);
  const s1 = ctx.lookupSet(TypeTime);
  const s2 = ctx.lookupSet(TypeIP);
  const m1 = ctx.lookupMap(TypeFloat64, TypeUint8);
  const m2 = ctx.lookupMap(TypeFloat64, TypeString);
  const m3 = ctx.lookupMap(TypeBool, TypeString);
  const u1 = ctx.lookupUnion([rec(['a', TypeNet]), rec(['x', TypeInt64])]);
  const u2 = ctx.lookupUnion([xs, rec(['x', TypeInt64])]);
  const u3 = ctx.lookupUnion([xs, xy]);
  const e1 = ctx.lookupEnum(['a', 'b', 'c']);
  const e2 = ctx.lookupEnum(['b', 'c', 'd']);
  const err1 = ctx.lookupError(ctx.lookupEnum(['a', 'c', 'd']));
  const err2 = ctx.lookupError(e2);
  const sorted: Type[] = [
    TypeUint8, TypeUint16, TypeUint32, TypeUint64, TypeInt8, TypeInt16, TypeInt32, TypeInt64, TypeDuration,
    TypeTime, TypeFloat16, TypeFloat32, TypeFloat64, TypeBool, TypeBytes, TypeString, TypeIP, TypeNet, TypeType,
    named1, named2, TypeNull, x16, xs, xy, a1, a2, s1, s2, m1, m2, m3, u1, u2, u3, e1, e2, err1, err2,
  ];
  const input: Type[] = [
    err2, err1, e2, e1, u2, u1, u3, m3, m1, m2, a2, a1, s2, s1, xy, xs, x16, named2, TypeType, named1,
    TypeFloat64, TypeUint16, TypeUint64, TypeNet, TypeInt32, TypeUint32, TypeInt64, TypeDuration, TypeNull,
    TypeTime, TypeFloat32, TypeFloat16, TypeBool, TypeBytes, TypeInt16, TypeString, TypeUint8, TypeIP, TypeInt8,
  ];
  return { sorted, input };
}

describe('compareTypes', () => {
  it('orders types as Zed sort-types.yaml does', () => {
    const { sorted, input } = sortTypesFixture(new TypeContext());
    expect(input.slice().sort(compareTypes)).toEqual(sorted);
    expect(new Set(input).size).toBe(sorted.length);
  });

  it('is antisymmetric and returns -1, 0 or +1', () => {
    const { sorted } = sortTypesFixture(new TypeContext());
    for (let i = 0; i < sorted.length; i++) {
      for (let j = 0; j < sorted.length; j++) {
        const c = compareTypes(sorted[i]!, sorted[j]!);
        expect(c).toBe(Math.sign(i - j));
      }
    }
  });

  it('puts a named type just after its underlying type and orders names', () => {
    const ctx = new TypeContext();
    const foo = ctx.lookupNamed('foo', TypeInt64);
    const bar = ctx.lookupNamed('bar', TypeInt64);
    expect(compareTypes(TypeInt64, foo)).toBe(-1);
    expect(compareTypes(foo, TypeInt64)).toBe(1);
    expect(compareTypes(bar, foo)).toBe(-1);
    expect(compareTypes(foo, TypeFloat16)).toBe(-1);
    // Names are ignored when the underlying types differ.
    expect(compareTypes(ctx.lookupNamed('zzz', TypeInt8), ctx.lookupNamed('aaa', TypeInt16))).toBe(-1);
    const rec = ctx.lookupRecord([{ name: 'a', type: TypeInt64 }]);
    const recFoo = ctx.lookupRecord([{ name: 'a', type: foo }]);
    expect(compareTypes(rec, recFoo)).toBe(-1);
  });

  it('orders records by field count, then names, then types', () => {
    const ctx = new TypeContext();
    const r = (...f: [string, Type][]) => ctx.lookupRecord(f.map(([name, type]) => ({ name, type })));
    expect(compareTypes(r(['z', TypeNull]), r(['a', TypeInt8], ['b', TypeInt8]))).toBe(-1);
    expect(compareTypes(r(['a', TypeNull], ['c', TypeInt8]), r(['b', TypeInt8], ['a', TypeInt8]))).toBe(-1);
    expect(compareTypes(r(['a', TypeString], ['b', TypeInt8]), r(['a', TypeInt8], ['b', TypeString]))).toBe(1);
  });

  it('compares named maps, unions, enums and errors by their underlying types', () => {
    const ctx = new TypeContext();
    const m = ctx.lookupNamed('m', ctx.lookupMap(TypeString, TypeInt64));
    const m2 = ctx.lookupMap(TypeString, TypeString);
    expect(compareTypes(m, m2)).toBe(-1);
    const e = ctx.lookupNamed('e', ctx.lookupEnum(['x']));
    expect(compareTypes(e, ctx.lookupEnum(['a', 'b']))).toBe(-1);
    const u = ctx.lookupNamed('u', ctx.lookupUnion([TypeInt64, TypeString]));
    expect(compareTypes(u, ctx.lookupUnion([TypeInt8, TypeString]))).toBe(1);
    const er = ctx.lookupNamed('er', ctx.lookupError(TypeString));
    expect(compareTypes(er, ctx.lookupError(TypeBytes))).toBe(1);
  });
});

describe('uniqueTypes', () => {
  it('sorts and removes duplicates by identity', () => {
    const ctx = new TypeContext();
    const arr = ctx.lookupArray(TypeInt64);
    expect(uniqueTypes([TypeString, arr, TypeInt64, TypeString, ctx.lookupArray(TypeInt64), TypeInt64])).toEqual([TypeInt64, TypeString, arr]);
    expect(uniqueTypes([])).toEqual([]);
  });
});

describe('compareStrings', () => {
  it('orders by UTF-8 bytes, not UTF-16 code units', () => {
    expect(compareStrings('a', 'b')).toBe(-1);
    expect(compareStrings('ab', 'a')).toBe(1);
    expect(compareStrings('', '')).toBe(0);
    expect(compareStrings('Z', 'a')).toBe(-1);
    // U+FF61 is EF BD A1 in UTF-8; U+1F600 is F0 9F 98 80, but its UTF-16 lead unit D83D < FF61.
    expect(compareStrings('\uff61', '\u{1f600}')).toBe(-1);
    expect(compareStrings('\u{1f600}', '\uff61')).toBe(1);
    expect(compareStrings('\u{1f600}', '\u{1f601}')).toBe(-1);
    expect(compareStrings('\ud7ff', '\u{10000}')).toBe(-1);
    const enc = new TextEncoder();
    const samples = ['a', 'é', '\uffff', '\ue000', '\u{10000}', '\u{10ffff}', 'ab', '\u0000', '\ud7ff', 'z\u{1f600}', 'z\uff00'];
    for (const x of samples) {
      for (const y of samples) {
        const bx = enc.encode(x);
        const by = enc.encode(y);
        let want = 0;
        for (let i = 0; i < Math.min(bx.length, by.length) && want === 0; i++) want = Math.sign(bx[i]! - by[i]!);
        if (want === 0) want = Math.sign(bx.length - by.length);
        expect(compareStrings(x, y), `${x} ${y}`).toBe(want);
      }
    }
  });
});
