// Array, set and map literals with spreads (Zed's ArrayExpr, SetExpr and
// MapExpr, values.go): mixed element types make a union of the distinct
// non-null types; sets are sorted and deduplicated, maps sorted by key.

import { compareBytes } from '../../util/utf8.js';
import {
  Builder,
  TypeNull,
  Value,
  encodeInt,
  readElement,
  underlying,
  uniqueTypes,
  type Type,
  type TypeContext,
} from '../../zed/index.js';
import type { EvalContext } from '../../runtime/index.js';
import type { Env, Evaluator } from './env.js';

const EMPTY = new Uint8Array(0);
const el = { start: 0, end: 0 };

/** One element of a vector literal: a value, or a spread of an array or set. */
export interface VectorPart {
  readonly spread: boolean;
  readonly expr: Evaluator;
}

/** Types and bodies of a literal's elements, reused across calls. */
class Collection {
  readonly types: Type[] = [];
  readonly bodies: (Uint8Array | null)[] = [];
  reset(): void {
    this.types.length = 0;
    this.bodies.length = 0;
  }
  add(t: Type, b: Uint8Array | null): void {
    this.types.push(t);
    this.bodies.push(b);
  }
  addSpread(v: Value): void {
    const u = underlying(v.type);
    // Values that are not arrays or sets spread nothing, as if missing.
    if (u.kind !== 'array' && u.kind !== 'set') return;
    const body = v.bytes;
    if (body === null) return;
    for (let off = 0; off < body.length; ) {
      off = readElement(body, off, body.length, el);
      this.add(u.elem, el.start < 0 ? null : body.subarray(el.start, el.end));
    }
  }
  /** The element type: the one non-null type, a union of several, or null. */
  elemType(zctx: TypeContext): Type {
    const ts = this.types;
    const first = ts[0]!;
    let same = true;
    for (let i = 1; i < ts.length && same; i++) same = ts[i] === first;
    if (same) return first;
    const u = uniqueTypes(ts).filter((t) => t !== TypeNull);
    if (u.length === 0) return TypeNull;
    return u.length === 1 ? u[0]! : zctx.lookupUnion(u);
  }
  /** Appends element i, tagging it when the element type is a union made here. */
  append(b: Builder, i: number, t: Type, tagged: boolean): void {
    const body = this.bodies[i]!;
    if (!tagged || body === null) {
      b.append(body);
      return;
    }
    b.beginContainer();
    b.append(encodeInt((t as { selectorOf(x: Type): number }).selectorOf(this.types[i]!)));
    b.append(body);
    b.endContainer();
  }
}

function isMadeUnion(t: Type, c: Collection): boolean {
  // A union element type is tagged unless every element already has that type.
  if (t.kind !== 'union') return false;
  for (const x of c.types) if (x !== t) return true;
  return false;
}

function fill(c: Collection, parts: readonly VectorPart[], self: Value): void {
  c.reset();
  for (const p of parts) {
    const v = p.expr(self);
    if (p.spread) c.addSpread(v);
    else c.add(v.type, v.bytes);
  }
}

export function makeArray(env: Env, parts: readonly VectorPart[]): Evaluator {
  const zctx = env.ectx.zctx;
  const c = new Collection();
  const b = new Builder(128);
  const empty = new Value(zctx.lookupArray(TypeNull), EMPTY);
  return (self) => {
    fill(c, parts, self);
    if (c.types.length === 0) return empty;
    const t = c.elemType(zctx);
    const tagged = isMadeUnion(t, c);
    b.reset();
    for (let i = 0; i < c.types.length; i++) c.append(b, i, t, tagged);
    return new Value(zctx.lookupArray(t), b.bytes());
  };
}

/** Sorts a sequence of zcode elements by their encoded bytes and drops duplicates (Zed's NormalizeSet). */
function normalizeElements(body: Uint8Array): Uint8Array {
  const elems: Uint8Array[] = [];
  for (let off = 0; off < body.length; ) {
    const start = off;
    off = readElement(body, off, body.length, el);
    elems.push(body.subarray(start, off));
  }
  if (elems.length < 2) return body;
  elems.sort(compareBytes);
  const out = new Uint8Array(body.length);
  let n = 0;
  for (let i = 0; i < elems.length; i++) {
    const e = elems[i]!;
    if (i > 0 && compareBytes(e, elems[i - 1]!) === 0) continue;
    out.set(e, n);
    n += e.length;
  }
  return out.subarray(0, n);
}

export function makeSet(env: Env, parts: readonly VectorPart[]): Evaluator {
  const zctx = env.ectx.zctx;
  const c = new Collection();
  const b = new Builder(128);
  const empty = new Value(zctx.lookupSet(TypeNull), EMPTY);
  return (self) => {
    fill(c, parts, self);
    if (c.types.length === 0) return empty;
    const t = c.elemType(zctx);
    const tagged = isMadeUnion(t, c);
    b.reset();
    for (let i = 0; i < c.types.length; i++) c.append(b, i, t, tagged);
    return new Value(zctx.lookupSet(t), normalizeElements(b.bytes()));
  };
}

/** Sorts map entries by key bytes, dropping later duplicates of a key (Zed's NormalizeMap). */
function normalizeEntries(body: Uint8Array): Uint8Array {
  const keys: Uint8Array[] = [];
  const entries: Uint8Array[] = [];
  for (let off = 0; off < body.length; ) {
    const start = off;
    off = readElement(body, off, body.length, el);
    keys.push(body.subarray(start, off));
    off = readElement(body, off, body.length, el);
    entries.push(body.subarray(start, off));
  }
  if (entries.length < 2) return body;
  const order = keys.map((_, i) => i);
  order.sort((x, y) => compareBytes(keys[x]!, keys[y]!) || x - y);
  const out = new Uint8Array(body.length);
  let n = 0;
  for (let j = 0; j < order.length; j++) {
    const i = order[j]!;
    if (j > 0 && compareBytes(keys[i]!, keys[order[j - 1]!]!) === 0) continue;
    out.set(entries[i]!, n);
    n += entries[i]!.length;
  }
  return out.subarray(0, n);
}

export function makeMapLiteral(ectx: EvalContext, entries: readonly { key: Evaluator; val: Evaluator }[]): Evaluator {
  const zctx = ectx.zctx;
  const keys = new Collection();
  const vals = new Collection();
  const b = new Builder(128);
  const empty = new Value(zctx.lookupMap(TypeNull, TypeNull), EMPTY);
  return (self) => {
    keys.reset();
    vals.reset();
    for (const e of entries) {
      const k = e.key(self);
      keys.add(k.type, k.bytes);
      const v = e.val(self);
      vals.add(v.type, v.bytes);
    }
    if (keys.types.length === 0) return empty;
    const kt = keys.elemType(zctx);
    const vt = vals.elemType(zctx);
    const kTagged = isMadeUnion(kt, keys);
    const vTagged = isMadeUnion(vt, vals);
    b.reset();
    for (let i = 0; i < keys.types.length; i++) {
      keys.append(b, i, kt, kTagged);
      vals.append(b, i, vt, vTagged);
    }
    return new Value(zctx.lookupMap(kt, vt), normalizeEntries(b.bytes()));
  };
}
