// The Zed type system: primitive types are process-wide singletons; complex
// types are created and interned only by a TypeContext, so within a context
// equal types are the same object and compare with ===.

/** Primitive type IDs, fixed by the ZNG spec (docs/formats/zng.md §3). */
export const ID = {
  uint8: 0,
  uint16: 1,
  uint32: 2,
  uint64: 3,
  uint128: 4,
  uint256: 5,
  int8: 6,
  int16: 7,
  int32: 8,
  int64: 9,
  int128: 10,
  int256: 11,
  duration: 12,
  time: 13,
  float16: 14,
  float32: 15,
  float64: 16,
  float128: 17,
  float256: 18,
  decimal32: 19,
  decimal64: 20,
  decimal128: 21,
  decimal256: 22,
  bool: 23,
  bytes: 24,
  string: 25,
  ip: 26,
  net: 27,
  type: 28,
  null: 29,
} as const;

/** The first ID a type context gives a complex type. */
export const FIRST_COMPLEX_ID = 30;

/** Type-value codes for complex types (docs/formats/zng.md §4). */
export const TypeValueCode = {
  record: 30,
  array: 31,
  set: 32,
  map: 33,
  union: 34,
  enum: 35,
  error: 36,
  nameDef: 37,
  nameRef: 38,
} as const;

export type PrimitiveName = keyof typeof ID;

export class PrimitiveType {
  readonly kind = 'primitive' as const;
  constructor(
    readonly id: number,
    readonly name: PrimitiveName,
  ) {}
}

export interface Field {
  readonly name: string;
  readonly type: Type;
}

export class RecordType {
  readonly kind = 'record' as const;
  private index: Map<string, number> | null = null;
  constructor(
    readonly id: number,
    readonly fields: readonly Field[],
  ) {}

  /** Position of the field called `name`, or -1. */
  indexOf(name: string): number {
    const f = this.fields;
    if (f.length < 8) {
      for (let i = 0; i < f.length; i++) if (f[i]!.name === name) return i;
      return -1;
    }
    let idx = this.index;
    if (idx === null) {
      idx = new Map();
      for (let i = 0; i < f.length; i++) idx.set(f[i]!.name, i);
      this.index = idx;
    }
    return idx.get(name) ?? -1;
  }
}

export class ArrayType {
  readonly kind = 'array' as const;
  constructor(
    readonly id: number,
    readonly elem: Type,
  ) {}
}

export class SetType {
  readonly kind = 'set' as const;
  constructor(
    readonly id: number,
    readonly elem: Type,
  ) {}
}

export class MapType {
  readonly kind = 'map' as const;
  constructor(
    readonly id: number,
    readonly key: Type,
    readonly value: Type,
  ) {}
}

export class UnionType {
  readonly kind = 'union' as const;
  private selectors: Map<Type, number> | null = null;
  constructor(
    readonly id: number,
    readonly types: readonly Type[],
  ) {}

  /** The tag of `t` in this union, or -1 when `t` is not a member. */
  selectorOf(t: Type): number {
    let s = this.selectors;
    if (s === null) {
      s = new Map();
      this.types.forEach((m, i) => s!.set(m, i));
      this.selectors = s;
    }
    return s.get(t) ?? -1;
  }
}

export class EnumType {
  readonly kind = 'enum' as const;
  constructor(
    readonly id: number,
    readonly symbols: readonly string[],
  ) {}
}

export class ErrorType {
  readonly kind = 'error' as const;
  constructor(
    readonly id: number,
    readonly type: Type,
  ) {}
}

export class NamedType {
  readonly kind = 'named' as const;
  constructor(
    readonly id: number,
    readonly name: string,
    readonly type: Type,
  ) {}
}

export type ComplexType = RecordType | ArrayType | SetType | MapType | UnionType | EnumType | ErrorType | NamedType;
export type Type = PrimitiveType | ComplexType;

function prim(name: PrimitiveName): PrimitiveType {
  return new PrimitiveType(ID[name], name);
}

export const TypeUint8 = prim('uint8');
export const TypeUint16 = prim('uint16');
export const TypeUint32 = prim('uint32');
export const TypeUint64 = prim('uint64');
export const TypeInt8 = prim('int8');
export const TypeInt16 = prim('int16');
export const TypeInt32 = prim('int32');
export const TypeInt64 = prim('int64');
export const TypeDuration = prim('duration');
export const TypeTime = prim('time');
export const TypeFloat16 = prim('float16');
export const TypeFloat32 = prim('float32');
export const TypeFloat64 = prim('float64');
export const TypeBool = prim('bool');
export const TypeBytes = prim('bytes');
export const TypeString = prim('string');
export const TypeIP = prim('ip');
export const TypeNet = prim('net');
export const TypeType = prim('type');
export const TypeNull = prim('null');

/**
 * Primitive types by ID. The 128/256-bit and decimal types are in the ZNG ID
 * space but not in Zed v1.18.0's implementation; they are absent here (undefined).
 */
export const primitivesById: readonly (PrimitiveType | undefined)[] = (() => {
  const out: (PrimitiveType | undefined)[] = new Array(FIRST_COMPLEX_ID).fill(undefined);
  for (const t of [
    TypeUint8, TypeUint16, TypeUint32, TypeUint64, TypeInt8, TypeInt16, TypeInt32, TypeInt64,
    TypeDuration, TypeTime, TypeFloat16, TypeFloat32, TypeFloat64, TypeBool, TypeBytes,
    TypeString, TypeIP, TypeNet, TypeType, TypeNull,
  ]) {
    out[t.id] = t;
  }
  return out;
})();

const primitivesByName = new Map<string, PrimitiveType>(
  primitivesById.filter((t): t is PrimitiveType => t !== undefined).map((t) => [t.name, t]),
);

/** The primitive type called `name`, or undefined. */
export function lookupPrimitive(name: string): PrimitiveType | undefined {
  return primitivesByName.get(name);
}

/** Strips named types: the type a value of `t` is encoded as. */
export function underlying(t: Type): Exclude<Type, NamedType> {
  while (t.kind === 'named') t = t.type;
  return t;
}

export function isUnsigned(id: number): boolean {
  return id <= ID.uint64;
}

export function isSigned(id: number): boolean {
  return id >= ID.int8 && id <= ID.time;
}

export function isInteger(id: number): boolean {
  return id <= ID.int64 && id !== ID.uint128 && id !== ID.uint256;
}

export function isFloat(id: number): boolean {
  return id >= ID.float16 && id <= ID.float64;
}

export function isNumber(id: number): boolean {
  return isInteger(id) || isFloat(id);
}

export function isPrimitiveId(id: number): boolean {
  return id < FIRST_COMPLEX_ID;
}

/** True when values of `t` are containers in zcode (records, arrays, sets, maps, unions). */
export function isContainer(t: Type): boolean {
  const k = underlying(t).kind;
  return k === 'record' || k === 'array' || k === 'set' || k === 'map' || k === 'union';
}
