// ZJSON type objects (docs/formats/zjson.md §2.1, zio/zjsonio types.go):
// writing them with per-stream IDs (a complex type is defined in full the
// first time and referred to by {"kind":"ref"} after that), and reading
// them back into a TypeContext through the stream's ID table.

import { InvalidError } from '../../errors/index.js';
import { lookupPrimitive, TypeContext, type Field, type Type } from '../../zed/index.js';
import { goJsonQuote } from '../../util/go-json.js';

/**
 * The writer's side. Types are first copied into a context of the stream's
 * own, as zq does, so IDs count from 30 in the order types first appear
 * (inner types before the types that hold them).
 */
export class ZjsonTypeWriter {
  private readonly ctx = new TypeContext();
  private readonly local = new Map<Type, Type>();
  private readonly defined = new Set<Type>();

  /** The stream-local copy of `t` (any context). */
  translate(t: Type): Type {
    if (t.kind === 'primitive') return t;
    let l = this.local.get(t);
    if (l === undefined) {
      l = this.ctx.decodeTypeValue(this.ctx.encodeTypeValue(t));
      this.local.set(t, l);
    }
    return l;
  }

  /** The stream-local type a type value's bytes denote. */
  fromTypeValue(tv: Uint8Array): Type {
    return this.ctx.decodeTypeValue(tv);
  }

  /** JSON text of a stream-local type: its definition the first time, a reference after. */
  encode(t: Type): string {
    if (t.kind === 'primitive') return `{"kind":"primitive","name":"${t.name}"}`;
    if (this.defined.has(t)) return `{"kind":"ref","id":${t.id}}`;
    let s: string;
    switch (t.kind) {
      case 'record':
        // Go marshals a record with no fields as "fields":null (a nil slice).
        s =
          t.fields.length === 0
            ? `{"kind":"record","id":${t.id},"fields":null}`
            : `{"kind":"record","id":${t.id},"fields":[${t.fields
                .map((f) => `{"name":${goJsonQuote(f.name)},"type":${this.encode(f.type)}}`)
                .join(',')}]}`;
        break;
      case 'array':
      case 'set':
        s = `{"kind":"${t.kind}","id":${t.id},"type":${this.encode(t.elem)}}`;
        break;
      case 'map':
        s = `{"kind":"map","id":${t.id},"key_type":${this.encode(t.key)},"val_type":${this.encode(t.value)}}`;
        break;
      case 'union':
        s = `{"kind":"union","id":${t.id},"types":[${t.types.map((m) => this.encode(m)).join(',')}]}`;
        break;
      case 'enum':
        s =
          t.symbols.length === 0
            ? `{"kind":"enum","id":${t.id},"symbols":null}`
            : `{"kind":"enum","id":${t.id},"symbols":[${t.symbols.map(goJsonQuote).join(',')}]}`;
        break;
      case 'error':
        s = `{"kind":"error","id":${t.id},"type":${this.encode(t.type)}}`;
        break;
      case 'named':
        s = `{"kind":"named","id":${t.id},"name":${goJsonQuote(t.name)},"type":${this.encode(t.type)}}`;
        break;
    }
    this.defined.add(t);
    return s;
  }
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function str(x: unknown): string {
  return typeof x === 'string' ? x : '';
}

/** The reader's side: ZJSON type objects to types, with the stream's ID table. */
export class ZjsonTypeReader {
  private readonly byId = new Map<number, Type>();

  constructor(private readonly ctx: TypeContext) {}

  decode(node: unknown): Type {
    // The spec (§2.1) also allows a primitive type as its bare name.
    if (typeof node === 'string') {
      const p = lookupPrimitive(node);
      if (p !== undefined) return p;
    }
    if (!isObject(node)) throw new InvalidError(`ZJSON unknown type: ${JSON.stringify(node ?? null)}`);
    const kind = node['kind'];
    const id = typeof node['id'] === 'number' ? node['id'] : 0;
    let t: Type;
    switch (kind) {
      case 'primitive': {
        const name = str(node['name']);
        const p = lookupPrimitive(name);
        if (p === undefined) throw new InvalidError(`ZJSON unknown type: ${name}`);
        return p;
      }
      case 'ref': {
        const r = this.byId.get(id);
        if (r === undefined) throw new InvalidError(`ZJSON unknown type reference: ${id}`);
        return r;
      }
      case 'record': {
        const fields: Field[] = [];
        for (const f of list(node['fields'])) {
          if (!isObject(f)) throw new InvalidError('ZJSON record field is not an object');
          fields.push({ name: str(f['name']), type: this.decode(f['type']) });
        }
        t = this.ctx.lookupRecord(fields);
        break;
      }
      case 'array':
        t = this.ctx.lookupArray(this.decode(node['type']));
        break;
      case 'set':
        t = this.ctx.lookupSet(this.decode(node['type']));
        break;
      case 'map': {
        const k = this.decode(node['key_type']);
        t = this.ctx.lookupMap(k, this.decode(node['val_type']));
        break;
      }
      case 'union':
        // lookupUnion puts members in Zed's type order; value tags index that order.
        t = this.ctx.lookupUnion(list(node['types']).map((m) => this.decode(m)));
        break;
      case 'enum':
        t = this.ctx.lookupEnum(list(node['symbols']).map(str));
        break;
      case 'error':
        t = this.ctx.lookupError(this.decode(node['type']));
        break;
      case 'named':
        t = this.ctx.lookupNamed(str(node['name']), this.decode(node['type']));
        break;
      default:
        throw new InvalidError(`ZJSON unknown type kind: ${JSON.stringify(kind ?? null)}`);
    }
    this.byId.set(id, t);
    return t;
  }
}

function list(x: unknown): unknown[] {
  if (x === null || x === undefined) return [];
  if (!Array.isArray(x)) throw new InvalidError('ZJSON type has a non-array where a list belongs');
  return x;
}
