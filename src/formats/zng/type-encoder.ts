// The writing side of a ZNG stream's type table: gives each complex type a
// stream-local ID on first use and appends its typedef (zng.md §2.1), after
// those of the types it refers to.

import { ByteWriter } from '../../util/byte-writer.js';
import { encodeUtf8 } from '../../util/utf8.js';
import { FIRST_COMPLEX_ID, type ComplexType, type Type } from '../../zed/index.js';
import { TypeDef } from './type-decoder.js';

export class TypeEncoder {
  /** Typedefs not yet written out, in definition order. */
  readonly pending = new ByteWriter(256);
  private readonly ids = new Map<Type, number>();
  private next = FIRST_COMPLEX_ID;

  /** Forgets every ID (a new stream starts) and drops unwritten typedefs. */
  reset(): void {
    this.ids.clear();
    this.next = FIRST_COMPLEX_ID;
    this.pending.reset();
  }

  /** The stream-local ID of `t`, defining it (and its parts) when new. */
  idOf(t: Type): number {
    if (t.kind === 'primitive') return t.id;
    return this.ids.get(t) ?? this.define(t);
  }

  private define(t: ComplexType): number {
    const w = this.pending;
    switch (t.kind) {
      case 'record': {
        const ids = t.fields.map((f) => this.idOf(f.type));
        w.byte(TypeDef.record);
        w.uvarint(ids.length);
        for (let i = 0; i < ids.length; i++) {
          w.counted(encodeUtf8(t.fields[i]!.name));
          w.uvarint(ids[i]!);
        }
        break;
      }
      case 'array':
      case 'set': {
        const elem = this.idOf(t.elem);
        w.byte(t.kind === 'array' ? TypeDef.array : TypeDef.set);
        w.uvarint(elem);
        break;
      }
      case 'map': {
        const key = this.idOf(t.key);
        const value = this.idOf(t.value);
        w.byte(TypeDef.map);
        w.uvarint(key);
        w.uvarint(value);
        break;
      }
      case 'union': {
        const ids = t.types.map((m) => this.idOf(m));
        w.byte(TypeDef.union);
        w.uvarint(ids.length);
        for (const id of ids) w.uvarint(id);
        break;
      }
      case 'enum':
        w.byte(TypeDef.enum);
        w.uvarint(t.symbols.length);
        for (const s of t.symbols) w.counted(encodeUtf8(s));
        break;
      case 'error': {
        const inner = this.idOf(t.type);
        w.byte(TypeDef.error);
        w.uvarint(inner);
        break;
      }
      case 'named': {
        const inner = this.idOf(t.type);
        w.byte(TypeDef.named);
        w.counted(encodeUtf8(t.name));
        w.uvarint(inner);
        break;
      }
      default: {
        const never: never = t;
        throw new Error(`unknown type kind ${String(never)}`);
      }
    }
    const id = this.next++;
    this.ids.set(t, id);
    return id;
  }
}
