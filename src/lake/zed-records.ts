// Building the lake's metadata as Zed values (commit actions, meta-query
// records): records, named types, arrays and ids in a chosen type context,
// the way Zed's marshaler lays out its Go structs.
import { encodeUtf8 } from '../util/utf8.js';
import type { KsuidHex } from '../util/ksuid.js';
import {
  Builder,
  encodeInt,
  encodeUint,
  readElement,
  TypeBytes,
  TypeInt64,
  TypeNull,
  TypeString,
  TypeTime,
  TypeUint64,
  TypeUint8,
  underlying,
  Value,
  type Type,
  type TypeContext,
} from '../zed/index.js';
import { ksuidHexToBytes } from '../util/ksuid.js';

/** `t` as a type of `ctx` (complex types are interned per context). */
export function importType(ctx: TypeContext, t: Type): Type {
  return t.kind === 'primitive' ? t : ctx.decodeTypeValue(ctx.encodeTypeValue(t));
}

/** A field of a record under construction. */
export type FieldValue = readonly [name: string, value: Value];

/** Makes Zed values in one type context. */
export class RecordMaker {
  readonly #b = new Builder(256);

  constructor(readonly ctx: TypeContext) {}

  record(fields: readonly FieldValue[]): Value {
    const type = this.ctx.lookupRecord(fields.map(([name, v]) => ({ name, type: importType(this.ctx, v.type) })));
    const b = this.#b;
    b.reset();
    for (const [, v] of fields) b.append(v.bytes);
    return new Value(type, b.bytes());
  }

  named(name: string, v: Value): Value {
    return new Value(this.ctx.lookupNamed(name, importType(this.ctx, v.type)), v.bytes);
  }

  /** An array of `values`; of `empty` when there are none, of a union when their types differ. */
  array(values: readonly Value[], empty: Type): Value {
    const types = [...new Set(values.map((v) => importType(this.ctx, v.type)))];
    const b = new Builder(256);
    if (types.length <= 1) {
      for (const v of values) b.append(v.bytes);
      return new Value(this.ctx.lookupArray(types[0] ?? importType(this.ctx, empty)), b.bytes());
    }
    const union = this.ctx.lookupUnion(types);
    for (const v of values) {
      if (v.bytes === null) {
        b.append(null);
        continue;
      }
      b.beginContainer();
      b.append(encodeInt(union.selectorOf(importType(this.ctx, v.type))));
      b.append(v.bytes);
      b.endContainer();
    }
    return new Value(this.ctx.lookupArray(union), b.bytes());
  }

  /** An id as Zed's marshaler writes a ksuid.KSUID (`KSUID` in simple style). */
  id(id: KsuidHex, name = 'ksuid.KSUID'): Value {
    return new Value(this.ctx.lookupNamed(name, TypeBytes), ksuidHexToBytes(id));
  }

  /** A value brought into this context. */
  adopt(v: Value): Value {
    return v.type.kind === 'primitive' ? v : new Value(importType(this.ctx, v.type), v.bytes);
  }
}

export function str(s: string): Value {
  return new Value(TypeString, encodeUtf8(s));
}

export function time(ns: bigint): Value {
  return new Value(TypeTime, encodeInt(ns));
}

export function int64(n: number | bigint): Value {
  return new Value(TypeInt64, encodeInt(n));
}

export function uint64(n: number | bigint): Value {
  return new Value(TypeUint64, encodeUint(n));
}

export function uint8(n: number): Value {
  return new Value(TypeUint8, encodeUint(n));
}

export const nullValue = new Value(TypeNull, null);

/** The fields of a record value by name (absent fields are undefined). */
export function fieldsOf(v: Value): Map<string, Value> {
  const u = underlying(v.type);
  const out = new Map<string, Value>();
  if (u.kind !== 'record' || v.bytes === null) return out;
  const body = v.bytes;
  let off = 0;
  for (const f of u.fields) {
    off = readElement(body, off, body.length, el);
    out.set(f.name, new Value(f.type, el.start < 0 ? null : body.subarray(el.start, el.end)));
  }
  return out;
}

const el = { start: 0, end: 0 };
