// Writes the metadata tree as the one Zed value Zed's VNG writer stores: what
// zson.MarshalZNG with StyleSimple makes of the Go structs in vng/metadata.go.
// Each struct is a record named after it, with its Go field names; a slice of
// interface values whose elements differ in type becomes an array of their
// union (members in Zed's type order); nil slices and pointers are typed nulls
// whose types the marshaler derives from the Go types, down to the private
// fields of zed.Value ({typ:null,base:uint8,len:uint64}).

import {
  Builder,
  TypeInt32,
  TypeInt64,
  TypeNull,
  TypeString,
  TypeType,
  TypeUint32,
  TypeUint64,
  TypeUint8,
  encodeInt,
  encodeUint,
  uniqueTypes,
  Value,
  type Type,
  type TypeContext,
} from '../../zed/index.js';
import { encodeUtf8 } from '../../util/utf8.js';
import type { DictEntry, Meta, Segment } from './metadata.js';

/** A marshaled value: its type and zcode body (null for a null). */
interface Enc {
  readonly type: Type;
  readonly body: Uint8Array | null;
}

function containerBody(elems: readonly (Uint8Array | null)[]): Uint8Array {
  const b = new Builder(64);
  for (const e of elems) b.append(e);
  return b.bytes();
}

class Marshaler {
  constructor(private readonly ctx: TypeContext) {}

  private record(name: string | null, fields: readonly [string, Enc][]): Enc {
    const rec = this.ctx.lookupRecord(fields.map(([n, e]) => ({ name: n, type: e.type })));
    const type = name === null ? rec : this.ctx.lookupNamed(name, rec);
    return { type, body: containerBody(fields.map(([, e]) => e.body)) };
  }

  /** A Go slice: one element type, or the union of the distinct ones. */
  private array(elems: readonly Enc[], emptyElem: () => Type): Enc {
    const types = uniqueTypes(elems.map((e) => e.type));
    if (types.length <= 1) {
      const elem = types[0] ?? emptyElem();
      return { type: this.ctx.lookupArray(elem), body: containerBody(elems.map((e) => e.body)) };
    }
    const union = this.ctx.lookupUnion(types);
    const bodies = elems.map((e) =>
      e.body === null ? null : containerBody([encodeInt(union.selectorOf(e.type)), e.body]),
    );
    return { type: this.ctx.lookupArray(union), body: containerBody(bodies) };
  }

  private uint32(n: number): Enc {
    return { type: TypeUint32, body: encodeUint(n) };
  }

  private segment(s: Segment): Enc {
    return this.record('Segment', [
      ['Offset', { type: TypeInt64, body: encodeInt(s.offset) }],
      ['Length', { type: TypeInt32, body: encodeInt(s.length) }],
      ['MemLength', { type: TypeInt32, body: encodeInt(s.memLength) }],
      ['CompressionFormat', { type: TypeUint8, body: encodeUint(s.compression) }],
    ]);
  }

  /** The type Go's marshaler derives for zed.Value itself, used for nil pointers. */
  private goValueStruct(): Type {
    return this.ctx.lookupRecord([
      { name: 'typ', type: TypeNull },
      { name: 'base', type: TypeUint8 },
      { name: 'len', type: TypeUint64 },
    ]);
  }

  private value(v: Value | null): Enc {
    return v === null ? { type: this.goValueStruct(), body: null } : { type: v.type, body: v.bytes };
  }

  /** DictEntry as the Go type alone gives it (for nil and empty slices). */
  private goDictEntry(): Type {
    return this.ctx.lookupNamed(
      'DictEntry',
      this.ctx.lookupRecord([
        { name: 'Value', type: this.goValueStruct() },
        { name: 'Count', type: TypeUint32 },
      ]),
    );
  }

  private dict(dict: readonly DictEntry[] | null): Enc {
    if (dict === null) return { type: this.ctx.lookupArray(this.goDictEntry()), body: null };
    const entries = dict.map((e) => this.record('DictEntry', [['Value', this.value(e.value)], ['Count', this.uint32(e.count)]]));
    return this.array(entries, () => this.goDictEntry());
  }

  /** A Metadata interface value, or a slice of them. */
  meta(m: Meta): Enc {
    switch (m.kind) {
      case 'record': {
        const fields = m.fields.map((f) =>
          this.record('Field', [
            ['Name', { type: TypeString, body: encodeUtf8(f.name) }],
            ['Values', this.meta(f.values)],
          ]),
        );
        // An empty []Field takes its element type from the Go type, whose
        // Values field (an interface) marshals as type null.
        const emptyField = (): Type =>
          this.ctx.lookupNamed(
            'Field',
            this.ctx.lookupRecord([
              { name: 'Name', type: TypeString },
              { name: 'Values', type: TypeNull },
            ]),
          );
        return this.record('Record', [['Length', this.uint32(m.length)], ['Fields', this.array(fields, emptyField)]]);
      }
      case 'array':
      case 'set':
        return this.record(m.kind === 'array' ? 'Array' : 'Set', [
          ['Length', this.uint32(m.length)],
          ['Lengths', this.segment(m.lengths)],
          ['Values', this.meta(m.values)],
        ]);
      case 'map':
        return this.record('Map', [
          ['Length', this.uint32(m.length)],
          ['Lengths', this.segment(m.lengths)],
          ['Keys', this.meta(m.keys)],
          ['Values', this.meta(m.values)],
        ]);
      case 'union':
        return this.record('Union', [
          ['Length', this.uint32(m.length)],
          ['Tags', this.segment(m.tags)],
          ['Values', this.array(m.values.map((v) => this.meta(v)), () => TypeNull)],
        ]);
      case 'primitive':
        return this.record('Primitive', [
          ['Type', { type: TypeType, body: this.ctx.encodeTypeValue(m.type) }],
          ['Location', this.segment(m.location)],
          ['Dict', this.dict(m.dict)],
          ['Min', this.value(m.min)],
          ['Max', this.value(m.max)],
          ['Count', this.uint32(m.count)],
        ]);
      case 'const':
        return this.record('Const', [['Value', this.value(m.value)], ['Count', this.uint32(m.count)]]);
      case 'named':
        return this.record('Named', [
          ['Name', { type: TypeString, body: encodeUtf8(m.name) }],
          ['Values', this.meta(m.values)],
        ]);
      case 'error':
        return this.record('Error', [['Values', this.meta(m.values)]]);
      case 'nulls':
        return this.record('Nulls', [
          ['Runs', this.segment(m.runs)],
          ['Values', this.meta(m.values)],
          ['Count', this.uint32(m.count)],
        ]);
      case 'variant':
        return this.record('Variant', [
          ['Tags', this.segment(m.tags)],
          ['Values', this.array(m.values.map((v) => this.meta(v)), () => TypeNull)],
          ['Length', this.uint32(m.length)],
        ]);
    }
  }
}

/** The metadata tree `m` as Zed's writer marshals it, with types in `ctx`. */
export function marshalMeta(m: Meta, ctx: TypeContext): Value {
  const e = new Marshaler(ctx).meta(m);
  return new Value(e.type, e.body);
}
