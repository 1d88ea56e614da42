// Zed's total order over types (zed.CompareTypes in type.go and docs/formats/zed.md
// §2 at v1.18.0): primitives by ID, then records < arrays < sets < maps <
// unions < enums < errors, each kind ordered structurally.

import { underlying, type ArrayType, type EnumType, type MapType, type RecordType, type Type, type UnionType } from './types.js';

const kindRank = {
  primitive: 0,
  record: 1,
  array: 2,
  set: 3,
  map: 4,
  union: 5,
  enum: 6,
  error: 7,
} as const;

/**
 * Compares two strings by their UTF-8 bytes, as Go compares strings. UTF-16
 * code-unit order differs only where a surrogate meets a code unit at or
 * above U+E000, so those are remapped at the first difference.
 */
export function compareStrings(a: string, b: string): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800) x = x < 0xe000 ? x + 0x2000 : x - 0x800;
    if (y >= 0xd800) y = y < 0xe000 ? y + 0x2000 : y - 0x800;
    return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function cmpNum(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * Zed's total order over types; returns -1, 0 or +1. Both types must come
 * from one type context (complex types are then equal only when identical).
 *
 * As in Zed, a type and the named types over it share an "ID": a named type
 * orders just after its underlying type and named types over the same type
 * order by name; otherwise names are ignored and the underlying types are
 * compared structurally. (Zed panics on named maps, unions, enums and errors
 * here; this uses their underlying types instead.)
 */
export function compareTypes(a: Type, b: Type): number {
  if (a === b) return 0;
  const ua = underlying(a);
  const ub = underlying(b);
  if (ua === ub) {
    if (a.kind === 'named') return b.kind === 'named' ? compareStrings(a.name, b.name) : 1;
    return b.kind === 'named' ? -1 : 0;
  }
  const c = cmpNum(kindRank[ua.kind], kindRank[ub.kind]);
  if (c !== 0) return c;
  switch (ua.kind) {
    case 'primitive':
      return cmpNum(ua.id, ub.id);
    case 'record': {
      const fa = ua.fields;
      const fb = (ub as RecordType).fields;
      if (fa.length !== fb.length) return fa.length < fb.length ? -1 : 1;
      for (let i = 0; i < fa.length; i++) {
        const d = compareStrings(fa[i]!.name, fb[i]!.name);
        if (d !== 0) return d;
      }
      for (let i = 0; i < fa.length; i++) {
        const d = compareTypes(fa[i]!.type, fb[i]!.type);
        if (d !== 0) return d;
      }
      return 0;
    }
    case 'array':
    case 'set':
      return compareTypes(ua.elem, (ub as ArrayType).elem);
    case 'map': {
      const mb = ub as MapType;
      const d = compareTypes(ua.key, mb.key);
      return d !== 0 ? d : compareTypes(ua.value, mb.value);
    }
    case 'union': {
      const ta = ua.types;
      const tb = (ub as UnionType).types;
      if (ta.length !== tb.length) return ta.length < tb.length ? -1 : 1;
      for (let i = 0; i < ta.length; i++) {
        const d = compareTypes(ta[i]!, tb[i]!);
        if (d !== 0) return d;
      }
      return 0;
    }
    case 'enum': {
      const sa = ua.symbols;
      const sb = (ub as EnumType).symbols;
      if (sa.length !== sb.length) return sa.length < sb.length ? -1 : 1;
      for (let i = 0; i < sa.length; i++) {
        const d = compareStrings(sa[i]!, sb[i]!);
        if (d !== 0) return d;
      }
      return 0;
    }
    case 'error':
      return compareTypes(ua.type, (ub as { readonly type: Type }).type);
  }
}

/** The distinct types of `types` in type order (zed.UniqueTypes), as unions and collect() need. */
export function uniqueTypes(types: readonly Type[]): Type[] {
  const out = types.slice().sort(compareTypes);
  let n = 0;
  for (let i = 0; i < out.length; i++) if (n === 0 || out[i] !== out[n - 1]) out[n++] = out[i]!;
  out.length = n;
  return out;
}
