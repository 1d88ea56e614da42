// Thrift's compact protocol, generically: a struct is read into a tree of
// fields (id, wire type, value) and written back byte for byte, so the
// Parquet writer can edit a few fields of a footer (offsets, counts) without
// a schema for the rest. parquet-wasm exposes no footer API; this is the
// little Thrift it takes to join row groups written one at a time.

import { FormatError } from '../../errors/index.js';
import { ByteWriter } from '../../util/byte-writer.js';

export const TType = {
  stop: 0,
  boolTrue: 1,
  boolFalse: 2,
  i8: 3,
  i16: 4,
  i32: 5,
  i64: 6,
  double: 7,
  binary: 8,
  list: 9,
  set: 10,
  map: 11,
  struct: 12,
} as const;

export type TValue = boolean | number | bigint | Uint8Array | TList | TMap | TStruct;

export interface TList {
  readonly kind: 'list';
  elemType: number;
  items: TValue[];
}

export interface TMap {
  readonly kind: 'map';
  keyType: number;
  valueType: number;
  entries: [TValue, TValue][];
}

export interface TStruct {
  readonly kind: 'struct';
  fields: TField[];
}

export interface TField {
  id: number;
  /** Wire type; for booleans either boolTrue or boolFalse. */
  type: number;
  value: TValue;
}

const MAX_DEPTH = 64;

class Reader {
  pos = 0;
  constructor(private readonly buf: Uint8Array) {}

  byte(): number {
    const b = this.buf[this.pos++];
    if (b === undefined) throw new FormatError('thrift: truncated');
    return b;
  }

  uvarint(): bigint {
    let n = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      const b = this.byte();
      n |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return n;
    }
    throw new FormatError('thrift: varint too long');
  }

  zigzag(): bigint {
    const u = this.uvarint();
    return (u >> 1n) ^ -(u & 1n);
  }

  small(): number {
    return Number(this.zigzag());
  }

  size(): number {
    const n = Number(this.uvarint());
    if (n > this.buf.length - this.pos) throw new FormatError('thrift: size past the end');
    return n;
  }

  value(type: number, depth: number): TValue {
    if (depth > MAX_DEPTH) throw new FormatError('thrift: nested too deeply');
    switch (type) {
      case TType.boolTrue:
        return true;
      case TType.boolFalse:
        return false;
      case TType.i8:
        return (this.byte() << 24) >> 24;
      case TType.i16:
      case TType.i32:
        return this.small();
      case TType.i64:
        return BigInt.asIntN(64, this.zigzag());
      case TType.double: {
        const n = 8;
        if (this.pos + n > this.buf.length) throw new FormatError('thrift: truncated');
        const v = new DataView(this.buf.buffer, this.buf.byteOffset + this.pos, n).getFloat64(0, true);
        this.pos += n;
        return v;
      }
      case TType.binary: {
        const n = this.size();
        const v = this.buf.slice(this.pos, this.pos + n);
        this.pos += n;
        return v;
      }
      case TType.list:
      case TType.set: {
        const h = this.byte();
        let n = h >> 4;
        if (n === 15) n = this.size();
        const elemType = h & 0x0f;
        const items: TValue[] = [];
        for (let i = 0; i < n; i++) items.push(elemType === TType.boolTrue || elemType === TType.boolFalse ? this.byte() === TType.boolTrue : this.value(elemType, depth + 1));
        return { kind: 'list', elemType, items };
      }
      case TType.map: {
        const n = this.size();
        const kv = n > 0 ? this.byte() : 0;
        const keyType = kv >> 4;
        const valueType = kv & 0x0f;
        const entries: [TValue, TValue][] = [];
        for (let i = 0; i < n; i++) entries.push([this.value(keyType, depth + 1), this.value(valueType, depth + 1)]);
        return { kind: 'map', keyType, valueType, entries };
      }
      case TType.struct:
        return this.struct(depth + 1);
    }
    throw new FormatError(`thrift: unknown type ${type}`);
  }

  struct(depth = 0): TStruct {
    const fields: TField[] = [];
    let last = 0;
    for (;;) {
      const h = this.byte();
      if (h === TType.stop) return { kind: 'struct', fields };
      const type = h & 0x0f;
      const delta = h >> 4;
      const id = delta === 0 ? this.small() : last + delta;
      last = id;
      fields.push({ id, type, value: this.value(type, depth) });
    }
  }
}

/** Reads a compact-protocol struct from `buf`; returns it and the bytes it took. */
export function readStruct(buf: Uint8Array): { struct: TStruct; length: number } {
  const r = new Reader(buf);
  const struct = r.struct();
  return { struct, length: r.pos };
}

class CompactWriter extends ByteWriter {
  /** A ULEB128 varint of any size (the compact protocol's lengths and zigzagged ints). */
  varint(n: bigint): void {
    do {
      let b = Number(n & 0x7fn);
      n >>= 7n;
      if (n > 0n) b |= 0x80;
      this.byte(b);
    } while (n > 0n);
  }

  zigzag(n: bigint): void {
    this.varint(BigInt.asUintN(64, (n << 1n) ^ (n >> 63n)));
  }

  value(type: number, v: TValue): void {
    switch (type) {
      case TType.boolTrue:
      case TType.boolFalse:
        return; // carried by the field header
      case TType.i8:
        this.byte(v as number);
        return;
      case TType.i16:
      case TType.i32:
        this.zigzag(BigInt(v as number));
        return;
      case TType.i64:
        this.zigzag(v as bigint);
        return;
      case TType.double: {
        const d = new Uint8Array(8);
        new DataView(d.buffer).setFloat64(0, v as number, true);
        this.bytes(d);
        return;
      }
      case TType.binary:
        this.varint(BigInt((v as Uint8Array).length));
        this.bytes(v as Uint8Array);
        return;
      case TType.list:
      case TType.set: {
        const l = v as TList;
        const n = l.items.length;
        if (n < 15) this.byte((n << 4) | l.elemType);
        else {
          this.byte(0xf0 | l.elemType);
          this.varint(BigInt(n));
        }
        for (const it of l.items) {
          if (l.elemType === TType.boolTrue || l.elemType === TType.boolFalse) this.byte(it ? TType.boolTrue : TType.boolFalse);
          else this.value(l.elemType, it);
        }
        return;
      }
      case TType.map: {
        const m = v as TMap;
        this.varint(BigInt(m.entries.length));
        if (m.entries.length > 0) this.byte((m.keyType << 4) | m.valueType);
        for (const [k, val] of m.entries) {
          this.value(m.keyType, k);
          this.value(m.valueType, val);
        }
        return;
      }
      case TType.struct:
        this.struct(v as TStruct);
        return;
    }
    throw new FormatError(`thrift: unknown type ${type}`);
  }

  struct(s: TStruct): void {
    let last = 0;
    for (const f of s.fields) {
      const type = f.type === TType.boolTrue || f.type === TType.boolFalse ? (f.value ? TType.boolTrue : TType.boolFalse) : f.type;
      const delta = f.id - last;
      if (delta > 0 && delta <= 15) this.byte((delta << 4) | type);
      else {
        this.byte(type);
        this.zigzag(BigInt(f.id));
      }
      last = f.id;
      this.value(type, f.value);
    }
    this.byte(TType.stop);
  }
}

/** Writes a struct in the compact protocol. */
export function writeStruct(s: TStruct): Uint8Array {
  const w = new CompactWriter();
  w.struct(s);
  return w.take();
}

/** The field `id` of `s`, or undefined. */
export function field(s: TStruct, id: number): TField | undefined {
  return s.fields.find((f) => f.id === id);
}

/** Adds `delta` to the i64 field `id` of `s` when present. */
export function shiftI64(s: TStruct, id: number, delta: bigint): void {
  const f = field(s, id);
  if (f !== undefined && f.type === TType.i64) f.value = (f.value as bigint) + delta;
}
