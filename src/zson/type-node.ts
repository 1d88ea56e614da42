// Per-type facts the ZSON formatter needs, computed once per type and cached
// by the formatter in a Map keyed by the (interned) Type object, so the hot
// path never re-derives decorator rules or re-quotes field names.

import { ID, type Type } from '../zed/index.js';
import { quoteName, quoteTypeName } from './quote.js';
import { formatType } from './type-format.js';

/** Primitive IDs whose values imply their type in ZSON (zson.Implied). */
const IMPLIED_PRIMITIVES = new Set<number>([
  ID.int64,
  ID.duration,
  ID.time,
  ID.float64,
  ID.bool,
  ID.bytes,
  ID.string,
  ID.ip,
  ID.net,
  ID.type,
  ID.null,
]);

export class TypeNode {
  /** Primitive ID (or -1). */
  id = -1;
  /** True when a value's syntax implies the type, so it needs no decorator. */
  implied = false;
  /** True when a value spells out its whole type, so `(=name)` can define a name. */
  selfDescribing = false;
  /** True when no named type occurs in the type (its text never depends on state). */
  plain = true;
  /** Named types: the name, and the name as a decorator writes it. */
  name = '';
  quotedName = '';
  /** Named, error: the inner type; array, set: the element; map: the key. */
  inner: TypeNode | null = null;
  /** Map: the value type. */
  value: TypeNode | null = null;
  /** Record: field types; union: member types. */
  children: readonly TypeNode[] = [];
  /** Record: field names as ZSON writes them; enum: the symbols. */
  labels: readonly string[] = [];
  /** The union under this type (through names), or null. */
  unionUnder: TypeNode | null = null;
  /** True when the type under this one is ip (map keys then need a space). */
  isIP = false;
  /** Writer caches: field labels with their colon, and a fixed decorator, as UTF-8. */
  labelBytes: Uint8Array[] | null = null;
  decoratorBytes: Uint8Array | null = null;
  private text: string | null = null;

  readonly kind: Type['kind'];

  constructor(readonly type: Type) {
    this.kind = type.kind;
  }

  /** Canonical type text (zson.FormatType), computed once. */
  canonical(): string {
    return (this.text ??= formatType(this.type));
  }
}

/** Builds the node of `t`, getting child nodes through `child` (which caches). */
export function buildTypeNode(t: Type, child: (t: Type) => TypeNode): TypeNode {
  const n = new TypeNode(t);
  switch (t.kind) {
    case 'primitive':
      n.id = t.id;
      n.implied = IMPLIED_PRIMITIVES.has(t.id);
      n.isIP = t.id === ID.ip;
      break;
    case 'named': {
      const inner = child(t.type);
      n.inner = inner;
      n.name = t.name;
      n.quotedName = quoteTypeName(t.name);
      n.plain = false;
      n.selfDescribing = inner.selfDescribing;
      n.unionUnder = inner.unionUnder;
      n.isIP = inner.isIP;
      break;
    }
    case 'record': {
      const kids = t.fields.map((f) => child(f.type));
      n.children = kids;
      n.labels = t.fields.map((f) => quoteName(f.name));
      n.implied = kids.every((k) => k.implied);
      n.plain = kids.every((k) => k.plain);
      break;
    }
    case 'array':
    case 'set': {
      const inner = child(t.elem);
      n.inner = inner;
      n.implied = inner.implied;
      n.plain = inner.plain;
      break;
    }
    case 'map': {
      const k = child(t.key);
      const v = child(t.value);
      n.inner = k;
      n.value = v;
      n.implied = k.implied && v.implied;
      n.plain = k.plain && v.plain;
      break;
    }
    case 'union': {
      const kids = t.types.map(child);
      n.children = kids;
      n.plain = kids.every((k) => k.plain);
      n.unionUnder = n;
      break;
    }
    case 'enum':
      n.labels = t.symbols;
      break;
    case 'error': {
      const inner = child(t.type);
      n.inner = inner;
      n.implied = inner.implied;
      n.plain = inner.plain;
      break;
    }
  }
  if (!n.selfDescribing) {
    const k = t.kind;
    n.selfDescribing = n.implied || k === 'record' || k === 'array' || k === 'set' || k === 'map';
  }
  return n;
}
