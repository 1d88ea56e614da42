// zcode helpers the functions share: union tagging, set normalization (Zed's
// NormalizeSet), the inner type of arrays and sets, and the type that holds
// a list of element types (one type, or their union).

import { compareBytes } from '../../util/utf8.js';
import {
  Builder,
  encodeInt,
  readElement,
  underlying,
  uniqueTypes,
  type Type,
  type TypeContext,
} from '../../zed/index.js';

/** Appends a union element: null stays an untagged null (Zed's BuildUnion). */
export function appendUnion(b: Builder, tag: number, body: Uint8Array | null): void {
  if (body === null) {
    b.append(null);
    return;
  }
  b.beginContainer();
  b.append(encodeInt(tag));
  b.append(body);
  b.endContainer();
}

const el = { start: 0, end: 0 };

/**
 * Appends the elements of `src[start:end]` (a sequence of zcode elements) to
 * `b` as a set's elements: sorted by their encoded bytes and deduplicated,
 * as Zed's NormalizeSet orders sets.
 */
export function appendNormalizedSet(b: Builder, src: Uint8Array, start: number, end: number): void {
  const elems: Uint8Array[] = [];
  for (let off = start; off < end; ) {
    const next = readElement(src, off, end, el);
    elems.push(src.subarray(off, next));
    off = next;
  }
  elems.sort(compareBytes);
  let prev: Uint8Array | null = null;
  for (const e of elems) {
    if (prev !== null && compareBytes(prev, e) === 0) continue;
    readElement(e, 0, e.length, el);
    b.appendRange(e, el.start, el.end);
    prev = e;
  }
}

/** The elements of a set body in Zed's set order, as a new body. */
export function normalizeSetBody(body: Uint8Array): Uint8Array {
  const b = new Builder(body.length + 8);
  appendNormalizedSet(b, body, 0, body.length);
  return b.bytes();
}

/** The element type of an array or set (under names), or null. */
export function innerType(t: Type): Type | null {
  const u = underlying(t);
  return u.kind === 'array' || u.kind === 'set' ? u.elem : null;
}

/** The one type of `types`, or the union of their distinct types (empty: null). */
export function unifyTypes(zctx: TypeContext, types: readonly Type[]): Type | null {
  if (types.length === 0) return null;
  const first = types[0]!;
  let same = true;
  for (let i = 1; i < types.length; i++) {
    if (types[i] !== first) {
      same = false;
      break;
    }
  }
  if (same) return first;
  const u = uniqueTypes(types);
  return u.length === 1 ? u[0]! : zctx.lookupUnion(u);
}
