// Type-only node list: Zed type syntax as it appears in `<...>` type values,
// casts, `type` declarations and `explode ... by <type>` (compiler/ast/zed/type.go).

import type { Loc } from './loc.js';

/** Any Zed type expression. */
export type Type =
  | TypePrimitive
  | TypeRecord
  | TypeArray
  | TypeSet
  | TypeMap
  | TypeUnion
  | TypeError
  | TypeName
  | TypeDef;

/** The primitive type names the grammar recognizes. */
export type PrimitiveTypeName =
  | 'uint8'
  | 'uint16'
  | 'uint32'
  | 'uint64'
  | 'int8'
  | 'int16'
  | 'int32'
  | 'int64'
  | 'float16'
  | 'float32'
  | 'float64'
  | 'bool'
  | 'string'
  | 'duration'
  | 'time'
  | 'bytes'
  | 'ip'
  | 'net'
  | 'type'
  | 'null';

export interface TypePrimitive {
  readonly kind: 'TypePrimitive';
  readonly name: PrimitiveTypeName;
  readonly loc: Loc;
}

/** `{a:int64,"b c":string}`; field names are decoded (quotes removed). */
export interface TypeRecord {
  readonly kind: 'TypeRecord';
  readonly fields: readonly TypeField[];
  readonly loc: Loc;
}

export interface TypeField {
  readonly kind: 'TypeField';
  readonly name: string;
  readonly type: Type;
  readonly loc: Loc;
}

/** `[T]` */
export interface TypeArray {
  readonly kind: 'TypeArray';
  readonly type: Type;
  readonly loc: Loc;
}

/** `|[T]|` */
export interface TypeSet {
  readonly kind: 'TypeSet';
  readonly type: Type;
  readonly loc: Loc;
}

/** `|{K:V}|` */
export interface TypeMap {
  readonly kind: 'TypeMap';
  readonly keyType: Type;
  readonly valType: Type;
  readonly loc: Loc;
}

/** `(T1,T2,...)`: at least two member types. */
export interface TypeUnion {
  readonly kind: 'TypeUnion';
  readonly types: readonly Type[];
  readonly loc: Loc;
}

/** `error(T)` */
export interface TypeError {
  readonly kind: 'TypeError';
  readonly type: Type;
  readonly loc: Loc;
}

/** A reference to a named type, e.g. `port` or `"my type"`. */
export interface TypeName {
  readonly kind: 'TypeName';
  readonly name: string;
  readonly loc: Loc;
}

/** A named type defined in place: `name=T`. */
export interface TypeDef {
  readonly kind: 'TypeDef';
  readonly name: string;
  readonly type: Type;
  readonly loc: Loc;
}
