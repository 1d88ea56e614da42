// The reading side of a ZNG stream's type table: typedefs (zng.md §2.1) become
// types interned in the caller's TypeContext, indexed by stream-local type ID.

import { FormatError, ZedError } from '../../errors/index.js';
import { decodeUtf8 } from '../../util/utf8.js';
import { readUvarint } from '../../util/uvarint.js';
import { FIRST_COMPLEX_ID, lookupPrimitive, primitivesById, type Field, type Type, type TypeContext } from '../../zed/index.js';
import { MALFORMED } from './frame.js';

/** Typedef codes (zng.md §2.1). */
export const TypeDef = {
  record: 0,
  array: 1,
  set: 2,
  map: 3,
  union: 4,
  enum: 5,
  error: 6,
  named: 7,
} as const;

const out = { pos: 0 };

export class TypeDecoder {
  /**
   * Types by stream-local ID: the primitives at 0-29 (undefined for IDs Zed
   * does not implement), then one entry per typedef in stream order.
   */
  readonly byId: (Type | undefined)[];
  private buf: Uint8Array = new Uint8Array(0);
  private pos = 0;
  private end = 0;

  constructor(private readonly ctx: TypeContext) {
    this.byId = primitivesById.slice();
  }

  /** Forgets the stream's typedefs (at end-of-stream, zng.md §2.4). */
  reset(): void {
    this.byId.length = FIRST_COMPLEX_ID;
  }

  /** Decodes the typedefs in the types-frame payload `buf[start:end]`. */
  decode(buf: Uint8Array, start: number, end: number): void {
    this.buf = buf;
    this.pos = start;
    this.end = end;
    try {
      while (this.pos < end) this.byId.push(this.typedef());
    } catch (e) {
      // The context rejects some types (duplicate fields or union members);
      // in a stream those are format errors.
      if (e instanceof ZedError && !(e instanceof FormatError)) throw new FormatError(e.message, { cause: e });
      throw e;
    } finally {
      this.buf = new Uint8Array(0);
    }
  }

  private typedef(): Type {
    const code = this.buf[this.pos++]!;
    const ctx = this.ctx;
    switch (code) {
      case TypeDef.record: {
        const n = this.uvarint();
        const fields: Field[] = [];
        for (let i = 0; i < n; i++) {
          const name = this.name();
          fields.push({ name, type: this.ref() });
        }
        return ctx.lookupRecord(fields);
      }
      case TypeDef.array:
        return ctx.lookupArray(this.ref());
      case TypeDef.set:
        return ctx.lookupSet(this.ref());
      case TypeDef.map: {
        const key = this.ref();
        return ctx.lookupMap(key, this.ref());
      }
      case TypeDef.union: {
        const n = this.uvarint();
        if (n === 0) throw new FormatError('type union: zero types not allowed');
        const types: Type[] = [];
        for (let i = 0; i < n; i++) types.push(this.ref());
        return ctx.lookupUnion(types);
      }
      case TypeDef.enum: {
        const n = this.uvarint();
        const symbols: string[] = [];
        for (let i = 0; i < n; i++) symbols.push(this.name());
        return ctx.lookupEnum(symbols);
      }
      case TypeDef.error:
        return ctx.lookupError(this.ref());
      case TypeDef.named: {
        const name = this.name();
        if (lookupPrimitive(name) !== undefined) throw new FormatError(`bad type name "${name}": primitive type name`);
        return ctx.lookupNamed(name, this.ref());
      }
      default:
        throw new FormatError(`unknown ZNG typedef code: ${code}`);
    }
  }

  private uvarint(): number {
    const n = readUvarint(this.buf, this.pos, out);
    if (n < 0 || out.pos > this.end) throw new FormatError(MALFORMED);
    this.pos = out.pos;
    return n;
  }

  /** A counted UTF-8 string: a field name, enum symbol or type name. */
  private name(): string {
    const n = this.uvarint();
    const start = this.pos;
    if (start + n > this.end) throw new FormatError(MALFORMED);
    this.pos = start + n;
    return decodeUtf8(this.buf.subarray(start, start + n));
  }

  /** A reference to a primitive type or an earlier typedef. */
  private ref(): Type {
    const id = this.uvarint();
    const t = this.byId[id];
    if (t !== undefined) return t;
    if (id < FIRST_COMPLEX_ID) throw new FormatError(`primitive type ID ${id} not implemented`);
    throw new FormatError(`type id (${id}) not in type context (size ${this.byId.length})`);
  }
}
