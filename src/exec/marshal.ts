// Builds the Zed values the service answers with, as Zed's ZNG marshaler
// does: records of typed fields, optional type names (`ksuid.KSUID`,
// `pools.Config`), and a generic conversion of plain JS data (the AST of
// /compile, describe info) where element types may differ (unions).

import {
  Builder,
  TypeBool,
  TypeBytes,
  TypeDuration,
  TypeFloat64,
  TypeInt64,
  TypeNull,
  TypeString,
  TypeTime,
  TypeUint64,
  Value,
  encodeBool,
  encodeFloat64,
  encodeInt,
  encodeUint,
  type Field,
  type Type,
  type TypeContext,
} from '../zed/index.js';
import { ksuidHexToBytes, type KsuidHex } from '../util/ksuid.js';
import { encodeUtf8 } from '../util/utf8.js';

export type FieldList = readonly (readonly [string, Value])[];

export class Marshaler {
  constructor(readonly zctx: TypeContext) {}

  /** `t`, or `t` under `name` when a name is given. */
  named(t: Type, name: string | null | undefined): Type {
    return name === null || name === undefined ? t : this.zctx.lookupNamed(name, t);
  }

  string(s: string, name?: string | null): Value {
    return new Value(this.named(TypeString, name), encodeUtf8(s));
  }

  int64(n: number | bigint, name?: string | null): Value {
    return new Value(this.named(TypeInt64, name), encodeInt(n));
  }

  uint64(n: number | bigint, name?: string | null): Value {
    return new Value(this.named(TypeUint64, name), encodeUint(n));
  }

  float64(x: number): Value {
    return new Value(TypeFloat64, encodeFloat64(x));
  }

  bool(b: boolean): Value {
    return new Value(TypeBool, encodeBool(b));
  }

  /** A time from Unix nanoseconds. */
  time(ns: bigint): Value {
    return new Value(TypeTime, encodeInt(ns));
  }

  duration(ns: bigint, name?: string | null): Value {
    return new Value(this.named(TypeDuration, name), encodeInt(ns));
  }

  /** An id as 20 bytes, typed `name` (Zed's `ksuid.KSUID`; events say `KSUID`). */
  ksuid(id: KsuidHex, name: string | null): Value {
    return new Value(this.named(TypeBytes, name), ksuidHexToBytes(id));
  }

  /** A null of type `t`. */
  nullOf(t: Type): Value {
    return new Value(t, null);
  }

  recordType(fields: readonly (readonly [string, Type])[], name?: string | null): Type {
    const fs: Field[] = fields.map(([n, t]) => ({ name: n, type: t }));
    return this.named(this.zctx.lookupRecord(fs), name);
  }

  record(fields: FieldList, name?: string | null): Value {
    const t = this.recordType(
      fields.map(([n, v]) => [n, v.type] as const),
      name,
    );
    const b = new Builder();
    for (const [, v] of fields) b.append(v.bytes);
    return new Value(t, b.bytes());
  }

  /** An array of `elem` values (all of type `elem`). */
  array(elem: Type, values: readonly Value[], name?: string | null): Value {
    const t = this.named(this.zctx.lookupArray(elem), name);
    const b = new Builder();
    for (const v of values) b.append(v.bytes);
    return new Value(t, b.bytes());
  }

  /** A null array of `elem` (Go's nil slice). */
  nullArray(elem: Type, name?: string | null): Value {
    return new Value(this.named(this.zctx.lookupArray(elem), name), null);
  }

  /**
   * Plain JS data as a Zed value: objects as records (fields in key order,
   * undefined skipped), arrays as arrays (a union when element types differ),
   * integers as int64, other numbers as float64.
   */
  fromJS(x: unknown): Value {
    if (x === null || x === undefined) return new Value(TypeNull, null);
    switch (typeof x) {
      case 'string':
        return this.string(x);
      case 'boolean':
        return this.bool(x);
      case 'bigint':
        return this.int64(x);
      case 'number':
        return Number.isSafeInteger(x) ? this.int64(x) : this.float64(x);
      case 'object':
        break;
      default:
        return this.string(String(x));
    }
    if (Array.isArray(x)) return this.#arrayFromJS(x);
    const fields: [string, Value][] = [];
    for (const [k, v] of Object.entries(x as Record<string, unknown>)) {
      if (v !== undefined) fields.push([k, this.fromJS(v)]);
    }
    return this.record(fields);
  }

  #arrayFromJS(xs: readonly unknown[]): Value {
    const vals = xs.map((x) => this.fromJS(x));
    // Nulls join whatever type the others have, as null elements.
    const types: Type[] = [];
    for (const v of vals) if (v.type !== TypeNull && !types.includes(v.type)) types.push(v.type);
    if (types.length <= 1) return this.array(types[0] ?? TypeNull, vals);
    const union = this.zctx.lookupUnion(types);
    const b = new Builder();
    for (const v of vals) {
      if (v.type === TypeNull) {
        b.append(null);
        continue;
      }
      b.beginContainer();
      b.append(encodeInt(union.selectorOf(v.type)));
      b.append(v.bytes);
      b.endContainer();
    }
    return new Value(this.zctx.lookupArray(union), b.bytes());
  }
}
