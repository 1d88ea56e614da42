// TypeContext interns complex types so that equal types are the same object,
// gives each a context-local ID (from 30, after the primitives), binds type
// names, and converts types to and from type values (zng.md §4).

import { ByteWriter } from '../util/byte-writer.js';
import { readUvarint } from '../util/uvarint.js';
import { decodeUtf8, encodeUtf8 } from '../util/utf8.js';
import { FormatError, InvalidError } from '../errors/index.js';
import {
  ArrayType,
  EnumType,
  ErrorType,
  FIRST_COMPLEX_ID,
  MapType,
  NamedType,
  RecordType,
  SetType,
  TypeValueCode,
  UnionType,
  lookupPrimitive,
  primitivesById,
  type ComplexType,
  type Field,
  type Type,
} from './types.js';
import { compareTypes } from './type-order.js';

function nameKey(s: string): string {
  return `${s.length}:${s}`;
}

export class TypeContext {
  private readonly byKey = new Map<string, ComplexType>();
  private readonly byId: ComplexType[] = [];
  private readonly names = new Map<string, NamedType>();
  private readonly typeValues = new Map<Type, Uint8Array>();
  private readonly fromTypeValue = new Map<string, Type>();

  private intern<T extends ComplexType>(key: string, make: (id: number) => T): T {
    const hit = this.byKey.get(key);
    if (hit !== undefined) return hit as T;
    const t = make(FIRST_COMPLEX_ID + this.byId.length);
    this.byId.push(t);
    this.byKey.set(key, t);
    return t;
  }

  /** The type with context-local `id` (primitive or complex), or undefined. */
  lookupById(id: number): Type | undefined {
    return id < FIRST_COMPLEX_ID ? primitivesById[id] : this.byId[id - FIRST_COMPLEX_ID];
  }

  lookupRecord(fields: readonly Field[]): RecordType {
    let key = '{';
    for (const f of fields) key += nameKey(f.name) + f.type.id + ',';
    const hit = this.byKey.get(key);
    if (hit !== undefined) return hit as RecordType;
    const seen = new Set<string>();
    for (const f of fields) {
      if (seen.has(f.name)) throw new InvalidError(`duplicate field: "${f.name}"`);
      seen.add(f.name);
    }
    return this.intern(key, (id) => new RecordType(id, fields.map((f) => ({ name: f.name, type: f.type }))));
  }

  lookupArray(elem: Type): ArrayType {
    return this.intern(`[${elem.id}`, (id) => new ArrayType(id, elem));
  }

  lookupSet(elem: Type): SetType {
    return this.intern(`|[${elem.id}`, (id) => new SetType(id, elem));
  }

  lookupMap(key: Type, value: Type): MapType {
    return this.intern(`|{${key.id},${value.id}`, (id) => new MapType(id, key, value));
  }

  /**
   * The union of `types`. Members are kept in Zed's type order, as
   * zed.Context.LookupTypeUnion sorts them, so (int64,string) and
   * (string,int64) are one type; find a member's tag with selectorOf.
   */
  lookupUnion(types: readonly Type[]): UnionType {
    if (types.length === 0) throw new InvalidError('union type must have at least one member');
    // Fast path: members already in order (keys are only stored sorted).
    let raw = '(';
    for (const t of types) raw += t.id + ',';
    const hit = this.byKey.get(raw);
    if (hit !== undefined) return hit as UnionType;
    const sorted = types.slice().sort(compareTypes);
    let key = '(';
    for (let i = 0; i < sorted.length; i++) {
      const t = sorted[i]!;
      if (i > 0 && sorted[i - 1] === t) throw new InvalidError('union type has duplicate members');
      key += t.id + ',';
    }
    return this.intern(key, (id) => new UnionType(id, sorted));
  }

  lookupEnum(symbols: readonly string[]): EnumType {
    let key = 'enum(';
    for (const s of symbols) key += nameKey(s);
    return this.intern(key, (id) => new EnumType(id, symbols.slice()));
  }

  lookupError(inner: Type): ErrorType {
    return this.intern(`error(${inner.id}`, (id) => new ErrorType(id, inner));
  }

  /**
   * The named type `name` = `type`, which becomes the current binding of
   * `name` (a name may be rebound to a different type, as in ZSON and ZNG).
   */
  lookupNamed(name: string, type: Type): NamedType {
    if (lookupPrimitive(name) !== undefined) throw new InvalidError(`cannot redefine primitive type "${name}"`);
    if (/^[0-9]+$/.test(name)) throw new InvalidError(`type name "${name}" cannot be numeric`);
    const t = this.intern(`=${nameKey(name)}${type.id}`, (id) => new NamedType(id, name, type));
    this.names.set(name, t);
    return t;
  }

  /** The current binding of a type name. */
  lookupByName(name: string): NamedType | undefined {
    return this.names.get(name);
  }

  // --- type values ---

  /** The canonical, context-independent encoding of `t` as a type value. */
  encodeTypeValue(t: Type): Uint8Array {
    let b = this.typeValues.get(t);
    if (b === undefined) {
      const w = new ByteWriter(32);
      writeTypeValue(w, t, new Map());
      b = w.take();
      this.typeValues.set(t, b);
    }
    return b;
  }

  /** The type a type value encodes, interned in this context. */
  decodeTypeValue(b: Uint8Array): Type {
    let key = '';
    for (let i = 0; i < b.length; i++) key += String.fromCharCode(b[i]!);
    let t = this.fromTypeValue.get(key);
    if (t === undefined) {
      const r = { buf: b, pos: 0 };
      t = this.readTypeValue(r, new Map());
      if (r.pos !== b.length) throw new FormatError('type value has trailing bytes');
      this.fromTypeValue.set(key, t);
    }
    return t;
  }

  private readTypeValue(r: { buf: Uint8Array; pos: number }, names: Map<string, Type>): Type {
    const code = r.buf[r.pos++];
    if (code === undefined) throw new FormatError('truncated type value');
    if (code < FIRST_COMPLEX_ID) {
      const p = primitivesById[code];
      if (p === undefined) throw new FormatError(`unsupported primitive type ID ${code} in type value`);
      return p;
    }
    switch (code) {
      case TypeValueCode.record: {
        const n = uvarint(r);
        const fields: Field[] = [];
        for (let i = 0; i < n; i++) {
          const name = counted(r);
          fields.push({ name, type: this.readTypeValue(r, names) });
        }
        return this.lookupRecord(fields);
      }
      case TypeValueCode.array:
        return this.lookupArray(this.readTypeValue(r, names));
      case TypeValueCode.set:
        return this.lookupSet(this.readTypeValue(r, names));
      case TypeValueCode.map: {
        const k = this.readTypeValue(r, names);
        return this.lookupMap(k, this.readTypeValue(r, names));
      }
      case TypeValueCode.union: {
        const n = uvarint(r);
        const types: Type[] = [];
        for (let i = 0; i < n; i++) types.push(this.readTypeValue(r, names));
        return this.lookupUnion(types);
      }
      case TypeValueCode.enum: {
        const n = uvarint(r);
        const syms: string[] = [];
        for (let i = 0; i < n; i++) syms.push(counted(r));
        return this.lookupEnum(syms);
      }
      case TypeValueCode.error:
        return this.lookupError(this.readTypeValue(r, names));
      case TypeValueCode.nameDef: {
        const name = counted(r);
        const t = this.lookupNamed(name, this.readTypeValue(r, names));
        names.set(name, t);
        return t;
      }
      case TypeValueCode.nameRef: {
        const name = counted(r);
        const t = names.get(name) ?? this.names.get(name);
        if (t === undefined) throw new FormatError(`type value refers to undefined type name "${name}"`);
        return t;
      }
      default:
        throw new FormatError(`bad type value code ${code}`);
    }
  }
}

const posOut = { pos: 0 };

function uvarint(r: { buf: Uint8Array; pos: number }): number {
  const n = readUvarint(r.buf, r.pos, posOut);
  if (n < 0) throw new FormatError('truncated type value');
  r.pos = posOut.pos;
  return n;
}

function counted(r: { buf: Uint8Array; pos: number }): string {
  const n = uvarint(r);
  if (r.pos + n > r.buf.length) throw new FormatError('truncated type value');
  const s = decodeUtf8(r.buf.subarray(r.pos, r.pos + n));
  r.pos += n;
  return s;
}

/**
 * Writes `t` as a type value. A named type is written as a definition the
 * first time it appears (depth-first, left to right) and as a reference
 * after that, unless the name was rebound to another type in between.
 */
function writeTypeValue(w: ByteWriter, t: Type, names: Map<string, Type>): void {
  switch (t.kind) {
    case 'primitive':
      w.byte(t.id);
      return;
    case 'record':
      w.byte(TypeValueCode.record);
      w.uvarint(t.fields.length);
      for (const f of t.fields) {
        w.counted(encodeUtf8(f.name));
        writeTypeValue(w, f.type, names);
      }
      return;
    case 'array':
      w.byte(TypeValueCode.array);
      writeTypeValue(w, t.elem, names);
      return;
    case 'set':
      w.byte(TypeValueCode.set);
      writeTypeValue(w, t.elem, names);
      return;
    case 'map':
      w.byte(TypeValueCode.map);
      writeTypeValue(w, t.key, names);
      writeTypeValue(w, t.value, names);
      return;
    case 'union':
      w.byte(TypeValueCode.union);
      w.uvarint(t.types.length);
      for (const m of t.types) writeTypeValue(w, m, names);
      return;
    case 'enum':
      w.byte(TypeValueCode.enum);
      w.uvarint(t.symbols.length);
      for (const s of t.symbols) w.counted(encodeUtf8(s));
      return;
    case 'error':
      w.byte(TypeValueCode.error);
      writeTypeValue(w, t.type, names);
      return;
    case 'named':
      if (names.get(t.name) === t) {
        w.byte(TypeValueCode.nameRef);
        w.counted(encodeUtf8(t.name));
        return;
      }
      w.byte(TypeValueCode.nameDef);
      w.counted(encodeUtf8(t.name));
      writeTypeValue(w, t.type, names);
      names.set(t.name, t);
      return;
  }
}
