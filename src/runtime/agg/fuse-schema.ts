// Type fusion (agg/schema.go): the type every mixed-in type can be shaped to
// without loss. Records merge field by field (new fields appended), arrays
// and sets merge their elements (an array with a set gives an array), maps
// merge keys and values, null gives way to anything, unions absorb members
// (folding all their records into one), and anything else becomes a union.

import { TypeNull, underlying, uniqueTypes, type Field, type Type, type TypeContext } from '../../zed/index.js';

function isRecord(t: Type): boolean {
  return underlying(t).kind === 'record';
}

function appendIfAbsent(types: Type[], t: Type): void {
  if (!types.includes(t)) types.push(t);
}

function mergeAllRecords(zctx: TypeContext, types: Type[]): Type[] {
  const out: Type[] = [];
  let rec = -1;
  for (const t of types) {
    if (isRecord(t)) {
      if (rec < 0) rec = out.length;
      else {
        out[rec] = merge(zctx, out[rec]!, t);
        continue;
      }
    }
    out.push(t);
  }
  return out;
}

/** Zed's union of `types`; ours dedupes, as a TypeContext union cannot repeat a member. */
function unionOf(zctx: TypeContext, types: readonly Type[]): Type {
  const u = uniqueTypes(types);
  return u.length === 1 ? u[0]! : zctx.lookupUnion(u);
}

export function merge(zctx: TypeContext, a: Type, b: Type): Type {
  const au = underlying(a);
  if (au === TypeNull) return b;
  const bu = underlying(b);
  if (bu === TypeNull) return a;
  if (au.kind === 'record' && bu.kind === 'record') {
    const fields: Field[] = au.fields.slice();
    for (const f of bu.fields) {
      const i = fields.findIndex((g) => g.name === f.name);
      if (i < 0) fields.push(f);
      else if (fields[i]!.type !== f.type) fields[i] = { name: f.name, type: merge(zctx, fields[i]!.type, f.type) };
    }
    return zctx.lookupRecord(fields);
  }
  if ((au.kind === 'array' || au.kind === 'set') && (bu.kind === 'array' || bu.kind === 'set')) {
    const elem = merge(zctx, au.elem, bu.elem);
    return au.kind === 'set' && bu.kind === 'set' ? zctx.lookupSet(elem) : zctx.lookupArray(elem);
  }
  if (au.kind === 'map' && bu.kind === 'map') {
    return zctx.lookupMap(merge(zctx, au.key, bu.key), merge(zctx, au.value, bu.value));
  }
  if (au.kind === 'union') {
    const types = au.types.slice();
    if (bu.kind === 'union') for (const t of bu.types) appendIfAbsent(types, t);
    else appendIfAbsent(types, b);
    const merged = mergeAllRecords(zctx, types);
    return merged.length === 1 ? merged[0]! : unionOf(zctx, merged);
  }
  if (bu.kind === 'union') return merge(zctx, b, a);
  // Zed would make the degenerate union (T,T) when a and b are the same type.
  if (a === b) return a;
  return unionOf(zctx, [a, b]);
}

/** Accumulates the fused type of the types mixed in. */
export class Schema {
  private t: Type | null = null;

  constructor(private readonly zctx: TypeContext) {}

  mixin(t: Type): void {
    this.t = this.t === null ? t : merge(this.zctx, this.t, t);
  }

  get type(): Type | null {
    return this.t;
  }
}
