// Reads the metadata tree back from the Zed value in a VNG file's metadata
// section. Nodes are told apart by their type names (Record, Array, Set, Map,
// Union, Primitive, Const, Named, Error, Nulls, Variant), as Zed's unmarshaler
// binds them; unions that wrap mixed-type slice elements are unwrapped. Every
// number is range-checked so later stages can trust the shapes, not the counts.

import { FormatError } from '../../errors/index.js';
import {
  ZIter,
  Value,
  decodeIntNumber,
  decodeUintNumber,
  isInteger,
  underlying,
  type PrimitiveType,
  type Type,
  type TypeContext,
} from '../../zed/index.js';
import { decodeUtf8 } from '../../util/utf8.js';
import type { DictEntry, Meta, Segment } from './metadata.js';

/** A field of a metadata record: type and body. */
interface Slot {
  readonly type: Type;
  readonly body: Uint8Array | null;
}

const MAX_UINT32 = 0xffffffff;
const MAX_INT32 = 0x7fffffff;
/** Deeper metadata than this is refused rather than risking the stack. */
const MAX_DEPTH = 500;

function corrupt(what: string): FormatError {
  return new FormatError(`corrupt VNG metadata: ${what}`);
}

/** Strips the unions that a mixed-type Go slice puts around its elements. */
function deunion(slot: Slot): Slot {
  let { type, body } = slot;
  for (;;) {
    const u = underlying(type);
    if (u.kind !== 'union' || body === null) return { type, body };
    const it = new ZIter(body);
    const tagBytes = it.done() ? null : it.next();
    if (tagBytes === null || it.done()) throw corrupt('malformed union value');
    const tag = decodeIntNumber(tagBytes);
    const inner = it.next();
    const member = u.types[tag];
    if (member === undefined || !it.done()) throw corrupt(`union tag ${tag} out of range`);
    type = member;
    body = inner;
  }
}

class Fields {
  private readonly slots = new Map<string, Slot>();
  constructor(
    readonly what: string,
    slot: Slot,
  ) {
    const rec = underlying(slot.type);
    if (rec.kind !== 'record' || slot.body === null) throw corrupt(`${what} is not a record`);
    const it = new ZIter(slot.body);
    for (const f of rec.fields) {
      if (it.done()) throw corrupt(`${what} record is truncated`);
      this.slots.set(f.name, { type: f.type, body: it.next() });
    }
  }

  slot(name: string): Slot {
    const s = this.slots.get(name);
    if (s === undefined) throw corrupt(`${this.what} has no field "${name}"`);
    return s;
  }

  /** An integer field within [min, max]. */
  int(name: string, min: number, max: number): number {
    const s = this.slot(name);
    const u = underlying(s.type);
    if (u.kind !== 'primitive' || !isInteger(u.id) || s.body === null) throw corrupt(`${this.what}.${name} is not an integer`);
    const signed = u.id >= 6;
    const n = signed ? decodeIntNumber(s.body) : decodeUintNumber(s.body);
    if (!Number.isSafeInteger(n) || n < min || n > max) throw corrupt(`${this.what}.${name} out of range: ${n}`);
    return n;
  }

  count(name: string): number {
    return this.int(name, 0, MAX_UINT32);
  }

  string(name: string): string {
    const s = this.slot(name);
    const u = underlying(s.type);
    if (u.kind !== 'primitive' || u.name !== 'string' || s.body === null) throw corrupt(`${this.what}.${name} is not a string`);
    return decodeUtf8(s.body);
  }

  /** The elements of an array field; a null array has none. */
  list(name: string): Slot[] {
    const s = this.slot(name);
    const u = underlying(s.type);
    if (u.kind !== 'array') throw corrupt(`${this.what}.${name} is not an array`);
    const out: Slot[] = [];
    if (s.body === null) return out;
    const it = new ZIter(s.body);
    while (!it.done()) out.push(deunion({ type: u.elem, body: it.next() }));
    return out;
  }

  segment(name: string): Segment {
    const f = new Fields(`${this.what}.${name}`, deunion(this.slot(name)));
    return {
      offset: f.int('Offset', 0, Number.MAX_SAFE_INTEGER),
      length: f.int('Length', 0, MAX_INT32),
      memLength: f.int('MemLength', 0, MAX_INT32),
      compression: f.int('CompressionFormat', 0, 255),
    };
  }
}

/** Reads metadata values; `ctx` is the private context the section was decoded in. */
class Unmarshaler {
  private depth = 0;
  constructor(private readonly ctx: TypeContext) {}

  meta(slot: Slot, top: boolean): Meta {
    if (++this.depth > MAX_DEPTH) throw corrupt('nested too deeply');
    try {
      return this.node(deunion(slot), top);
    } finally {
      this.depth--;
    }
  }

  private primitiveValue(s: Slot, what: string): Value {
    const u = underlying(s.type);
    if (u.kind !== 'primitive') throw corrupt(`${what} is not a primitive value`);
    return new Value(u, s.body);
  }

  private node(slot: Slot, top: boolean): Meta {
    const name = slot.type.kind === 'named' ? slot.type.name : '';
    if (slot.body === null) throw corrupt(`null ${name === '' ? 'column' : name}`);
    const f = new Fields(name === '' ? 'column' : name, slot);
    switch (name) {
      case 'Record':
        return {
          kind: 'record',
          length: f.count('Length'),
          fields: f.list('Fields').map((s) => {
            const ff = new Fields('Field', s);
            return { name: ff.string('Name'), values: this.meta(ff.slot('Values'), false) };
          }),
        };
      case 'Array':
      case 'Set':
        return {
          kind: name === 'Array' ? 'array' : 'set',
          length: f.count('Length'),
          lengths: f.segment('Lengths'),
          values: this.meta(f.slot('Values'), false),
        };
      case 'Map':
        return {
          kind: 'map',
          length: f.count('Length'),
          lengths: f.segment('Lengths'),
          keys: this.meta(f.slot('Keys'), false),
          values: this.meta(f.slot('Values'), false),
        };
      case 'Union': {
        const values = f.list('Values').map((s) => this.meta(s, false));
        if (values.length === 0) throw corrupt('union without members');
        return { kind: 'union', length: f.count('Length'), tags: f.segment('Tags'), values };
      }
      case 'Primitive': {
        const t = f.slot('Type');
        const tu = underlying(t.type);
        if (tu.kind !== 'primitive' || tu.name !== 'type' || t.body === null) throw corrupt('Primitive.Type is not a type');
        const type = this.ctx.decodeTypeValue(t.body);
        if (type.kind !== 'primitive') throw corrupt('primitive column of a complex type');
        const dict: DictEntry[] = f.list('Dict').map((s) => {
          const e = new Fields('DictEntry', s);
          return { value: this.primitiveValue(e.slot('Value'), 'DictEntry.Value'), count: e.count('Count') };
        });
        if (dict.length > 256) throw corrupt(`dictionary of ${dict.length} entries`);
        const min = f.slot('Min');
        const max = f.slot('Max');
        return {
          kind: 'primitive',
          type: type as PrimitiveType,
          location: f.segment('Location'),
          dict: dict.length === 0 ? null : dict,
          min: min.body === null ? null : this.primitiveValue(min, 'Primitive.Min'),
          max: max.body === null ? null : this.primitiveValue(max, 'Primitive.Max'),
          count: f.count('Count'),
        };
      }
      case 'Const':
        return { kind: 'const', value: this.primitiveValue(f.slot('Value'), 'Const.Value'), count: f.count('Count') };
      case 'Named': {
        const n = f.string('Name');
        if (n === '') throw corrupt('empty type name');
        return { kind: 'named', name: n, values: this.meta(f.slot('Values'), false) };
      }
      case 'Error':
        return { kind: 'error', values: this.meta(f.slot('Values'), false) };
      case 'Nulls':
        return { kind: 'nulls', runs: f.segment('Runs'), values: this.meta(f.slot('Values'), false), count: f.count('Count') };
      case 'Variant':
        if (!top) throw corrupt('variant nested inside a column');
        return {
          kind: 'variant',
          tags: f.segment('Tags'),
          values: f.list('Values').map((s) => this.meta(s, false)),
          length: f.count('Length'),
        };
      default:
        throw corrupt(`unknown column kind ${name === '' ? '(unnamed record)' : `"${name}"`}`);
    }
  }
}

/** The metadata tree held by `v`, a value decoded in the private context `ctx`. */
export function unmarshalMeta(v: Value, ctx: TypeContext): Meta {
  return new Unmarshaler(ctx).meta({ type: v.type, body: v.bytes }, true);
}
