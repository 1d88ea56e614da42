// Type inference for JSON values: a cache of record "shapes" (key bytes plus
// field types -> interned RecordType) so that a record repeating an earlier
// layout costs a hash probe and a byte compare instead of a type lookup, and
// the array rule of zio/jsonio builder.go (element types minus null; none ->
// [null], one -> [T], several -> [union of them]).

import {
  TypeNull,
  type ArrayType,
  type Field,
  type RecordType,
  type Type,
  type TypeContext,
  type UnionType,
} from '../../zed/index.js';
import { decodeUtf8 } from '../../util/utf8.js';

/**
 * The fields of the objects being parsed, as a stack shared by all nesting
 * levels: key bytes (a range of `keyBuf`), value type and the offset of the
 * value's element in the output.
 */
export class FieldStack {
  keyBuf: Uint8Array[] = [];
  keyStart: number[] = [];
  keyEnd: number[] = [];
  type: Type[] = [];
  offset: number[] = [];
  top = 0;
}

export interface Shape {
  readonly keys: readonly Uint8Array[];
  /** Whether every key is plain ASCII without quotes, backslashes or control characters, so that its bytes in JSON are the key's. */
  readonly plain: boolean;
  readonly types: readonly Type[];
  readonly record: RecordType;
  /**
   * For objects with duplicate keys: the field (stack position) kept at each
   * position of `record`, the last of its name placed where the name first
   * appeared (zio/jsonio builder.go removeDuplicateItems); null otherwise.
   */
  readonly keep: readonly number[] | null;
  next: Shape | undefined;
  /**
   * The shapes seen with these same keys and other types (one list shared
   * by all of them, at most MAX_ALIKE), so that a record whose keys came as
   * predicted finds its shape by types alone, with no hash or lookup.
   */
  alike: Shape[];
}

/** Shapes kept per set of keys (each costs a types compare when a prediction misses). */
const MAX_ALIKE = 8;

/**
 * The shape among `pred` and those alike (whose keys the fields
 * `base..s.top` of `s` are known to have) with their types, if any.
 */
export function alikeShape(pred: Shape, s: FieldStack, base: number): Shape | undefined {
  if (sameTypes(pred, s, base)) return pred;
  const alike = pred.alike;
  for (let i = 0; i < alike.length; i++) if (alike[i] !== pred && sameTypes(alike[i]!, s, base)) return alike[i];
  return undefined;
}

/** Records that `shape` has `pred`'s keys (it was found for fields whose keys came as `pred` predicted). */
export function relateShapes(pred: Shape, shape: Shape): void {
  if (shape === pred || shape.alike === pred.alike || shape.types.length !== pred.types.length) return;
  const alike = pred.alike;
  if (alike.length >= MAX_ALIKE) return;
  if (alike.length === 0) alike.push(pred);
  alike.push(shape);
  shape.alike = alike;
}

/** The shape hash of the fields `base..s.top` of `s` (as ShapeCache.lookup takes it). */
export function shapeHash(s: FieldStack, base: number): number {
  let h = 0;
  for (let i = base; i < s.top; i++) h = mixType(mixKey(h, s.keyBuf[i]!, s.keyStart[i]!, s.keyEnd[i]!), s.type[i]!);
  // Kept a small integer (Smi) so the Map probe stays cheap.
  return (h ^ (s.top - base)) & 0x3fffffff;
}

/**
 * Whether the fields `base..s.top` of `s` are `shape`'s (their keys already
 * known to be its keys, in order): the same count and types.
 */
export function sameTypes(shape: Shape, s: FieldStack, base: number): boolean {
  const types = shape.types;
  if (types.length !== s.top - base) return false;
  for (let i = base, j = 0; j < types.length; i++, j++) if (types[j] !== s.type[i]) return false;
  return true;
}

/** Folds a key (its length and edge bytes) into a shape hash. */
export function mixKey(h: number, kb: Uint8Array, a: number, b: number): number {
  const n = b - a;
  const edge = n === 0 ? 0 : kb[a]! | (kb[b - 1]! << 8);
  return Math.imul(h ^ n ^ (edge << 8), 0x01000193);
}

/** Folds a field type into a shape hash. */
export function mixType(h: number, t: Type): number {
  return Math.imul(h ^ t.id, 0x01000193);
}

export class ShapeCache {
  private readonly shapes = new Map<number, Shape>();

  constructor(private readonly ctx: TypeContext) {}

  /** The shape (record type and all) of the fields `base..s.top` of `s`, whose hash is `h` (see shapeHash). */
  lookup(s: FieldStack, base: number, h: number): Shape {
    const top = s.top;
    let shape = this.shapes.get(h);
    for (; shape !== undefined; shape = shape.next) if (matches(shape, s, base, top)) return shape;
    const made = this.make(s, base, top);
    made.next = this.shapes.get(h);
    this.shapes.set(h, made);
    return made;
  }

  private make(s: FieldStack, base: number, top: number): Shape {
    const keys: Uint8Array[] = [];
    const names: string[] = [];
    const types: Type[] = [];
    const at = new Map<string, number>();
    let dup = false;
    for (let i = base; i < top; i++) {
      const k = s.keyBuf[i]!.slice(s.keyStart[i]!, s.keyEnd[i]!);
      const name = decodeUtf8(k);
      keys.push(k);
      names.push(name);
      types.push(s.type[i]!);
      if (at.has(name)) dup = true;
      else at.set(name, i - base);
    }
    let keep: number[] | null = null;
    const fields: Field[] = [];
    if (!dup) {
      for (let i = 0; i < names.length; i++) fields.push({ name: names[i]!, type: types[i]! });
    } else {
      // Each name keeps its first position and its last value.
      const last = new Map<string, number>();
      names.forEach((n, i) => last.set(n, i));
      keep = [];
      for (let i = 0; i < names.length; i++) {
        const n = names[i]!;
        if (at.get(n) !== i) continue;
        const j = last.get(n)!;
        keep.push(j);
        fields.push({ name: n, type: types[j]! });
      }
    }
    const plain = keys.every((k) => k.every((c) => c >= 0x20 && c < 0x7f && c !== 0x22 && c !== 0x5c));
    return { keys, plain, types, record: this.ctx.lookupRecord(fields), keep, next: undefined, alike: [] };
  }
}

function matches(shape: Shape, s: FieldStack, base: number, top: number): boolean {
  const types = shape.types;
  if (types.length !== top - base) return false;
  const keys = shape.keys;
  for (let i = base, j = 0; i < top; i++, j++) {
    if (types[j] !== s.type[i]) return false;
    const k = keys[j]!;
    const a = s.keyStart[i]!;
    if (s.keyEnd[i]! - a !== k.length) return false;
    const kb = s.keyBuf[i]!;
    for (let x = 0; x < k.length; x++) if (kb[a + x] !== k[x]) return false;
  }
  return true;
}

/** Array and union types for JSON arrays, cached by element type. */
export class ArrayTypes {
  private readonly arrays = new Map<Type, ArrayType>();
  private readonly unions = new Map<string, UnionType>();

  constructor(private readonly ctx: TypeContext) {}

  arrayOf(elem: Type): ArrayType {
    let t = this.arrays.get(elem);
    if (t === undefined) {
      t = this.ctx.lookupArray(elem);
      this.arrays.set(elem, t);
    }
    return t;
  }

  private readonly members: Type[] = [];

  /** The union of the non-null types among `types[base:top]` (at least two distinct). */
  unionOf(types: readonly Type[], base: number, top: number): UnionType {
    const members = this.members;
    members.length = 0;
    let key = '';
    for (let i = base; i < top; i++) {
      const t = types[i]!;
      if (t === TypeNull || members.includes(t)) continue;
      members.push(t);
      key += t.id + ',';
    }
    let u = this.unions.get(key);
    if (u === undefined) {
      // lookupUnion puts the members in Zed's type order.
      u = this.ctx.lookupUnion(members);
      this.unions.set(key, u);
    }
    return u;
  }
}
