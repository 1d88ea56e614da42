import { describe, expect, it } from 'vitest';
import { TypeContext } from './context.js';
import {
  FIRST_COMPLEX_ID,
  ID,
  TypeBool,
  TypeDuration,
  TypeFloat16,
  TypeFloat64,
  TypeInt64,
  TypeNull,
  TypeString,
  TypeTime,
  TypeUint8,
  TypeValueCode,
  isContainer,
  isFloat,
  isInteger,
  isNumber,
  isPrimitiveId,
  isSigned,
  isUnsigned,
  lookupPrimitive,
  primitivesById,
  underlying,
} from './types.js';

describe('primitive types', () => {
  it('have the ZNG spec IDs and names', () => {
    expect(ID.uint8).toBe(0);
    expect(ID.int64).toBe(9);
    expect(ID.duration).toBe(12);
    expect(ID.time).toBe(13);
    expect(ID.float64).toBe(16);
    expect(ID.string).toBe(25);
    expect(ID.null).toBe(29);
    expect(FIRST_COMPLEX_ID).toBe(30);
    expect(TypeValueCode.record).toBe(30);
    expect(TypeValueCode.nameRef).toBe(38);
  });

  it('are singletons found by name and by ID', () => {
    for (const t of primitivesById) {
      if (t === undefined) continue;
      expect(lookupPrimitive(t.name)).toBe(t);
      expect(primitivesById[t.id]).toBe(t);
      expect(t.kind).toBe('primitive');
    }
    expect(lookupPrimitive('int64')).toBe(TypeInt64);
    expect(lookupPrimitive('float16')).toBe(TypeFloat16);
    expect(lookupPrimitive('nope')).toBeUndefined();
  });

  it('leave the unimplemented 128/256-bit and decimal IDs empty', () => {
    for (const id of [ID.uint128, ID.uint256, ID.int128, ID.int256, ID.float128, ID.float256, ID.decimal32, ID.decimal256]) {
      expect(primitivesById[id]).toBeUndefined();
    }
    expect(lookupPrimitive('uint128')).toBeUndefined();
    expect(primitivesById.filter((t) => t !== undefined)).toHaveLength(20);
  });

  it('classify IDs as Zed does', () => {
    expect(isUnsigned(ID.uint8) && isUnsigned(ID.uint64)).toBe(true);
    expect(isUnsigned(ID.int8)).toBe(false);
    expect(isSigned(ID.int8) && isSigned(ID.int64) && isSigned(ID.duration) && isSigned(ID.time)).toBe(true);
    expect(isSigned(ID.uint64) || isSigned(ID.float64)).toBe(false);
    expect(isInteger(ID.uint8) && isInteger(ID.int64)).toBe(true);
    expect(isInteger(ID.uint128) || isInteger(ID.time) || isInteger(ID.float16)).toBe(false);
    expect(isFloat(ID.float16) && isFloat(ID.float32) && isFloat(ID.float64)).toBe(true);
    expect(isFloat(ID.int64) || isFloat(ID.bool)).toBe(false);
    expect(isNumber(ID.uint16) && isNumber(ID.float32)).toBe(true);
    expect(isNumber(ID.string) || isNumber(ID.bool)).toBe(false);
    expect(isPrimitiveId(29) && !isPrimitiveId(30)).toBe(true);
  });
});

describe('complex types', () => {
  it('RecordType.indexOf finds fields in short and long records', () => {
    const ctx = new TypeContext();
    const short = ctx.lookupRecord([
      { name: 'a', type: TypeInt64 },
      { name: 'b', type: TypeString },
    ]);
    expect(short.indexOf('b')).toBe(1);
    expect(short.indexOf('z')).toBe(-1);
    const names = Array.from({ length: 20 }, (_, i) => `f${i}`);
    const long = ctx.lookupRecord(names.map((name) => ({ name, type: TypeBool })));
    for (let i = 0; i < names.length; i++) expect(long.indexOf(names[i]!)).toBe(i);
    expect(long.indexOf('f20')).toBe(-1);
    expect(long.indexOf('')).toBe(-1);
  });

  it('UnionType.selectorOf gives a member tag or -1', () => {
    const ctx = new TypeContext();
    const u = ctx.lookupUnion([TypeString, TypeInt64]);
    expect(u.types[u.selectorOf(TypeInt64)]).toBe(TypeInt64);
    expect(u.types[u.selectorOf(TypeString)]).toBe(TypeString);
    expect(u.selectorOf(TypeBool)).toBe(-1);
  });

  it('underlying strips any depth of names', () => {
    const ctx = new TypeContext();
    const inner = ctx.lookupNamed('port', TypeUint8);
    const outer = ctx.lookupNamed('myport', inner);
    expect(underlying(outer)).toBe(TypeUint8);
    expect(underlying(TypeTime)).toBe(TypeTime);
  });

  it('isContainer is true for records, arrays, sets, maps and unions, named or not', () => {
    const ctx = new TypeContext();
    const rec = ctx.lookupRecord([{ name: 'a', type: TypeNull }]);
    expect(isContainer(rec)).toBe(true);
    expect(isContainer(ctx.lookupArray(TypeInt64))).toBe(true);
    expect(isContainer(ctx.lookupSet(TypeInt64))).toBe(true);
    expect(isContainer(ctx.lookupMap(TypeString, TypeInt64))).toBe(true);
    expect(isContainer(ctx.lookupUnion([TypeString, TypeInt64]))).toBe(true);
    expect(isContainer(ctx.lookupNamed('r', rec))).toBe(true);
    expect(isContainer(ctx.lookupEnum(['a']))).toBe(false);
    expect(isContainer(ctx.lookupError(TypeString))).toBe(false);
    expect(isContainer(TypeFloat64)).toBe(false);
    expect(isContainer(TypeDuration)).toBe(false);
  });
});
