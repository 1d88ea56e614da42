// Hashing and grouping keys for Zed values. Zed groups by type and bytes
// (runtime/sam/op/groupby: the key is each value's zcode element plus the ID
// of the tuple of key types), so 1(int32) and 1(int64) are different groups.
// Everything here agrees with equalValues.

import { equalTuples } from './equal.js';
import { Value } from './value.js';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a (32-bit) of `b`, continuing from `h`. */
export function hashBytes(b: Uint8Array, h: number = FNV_OFFSET): number {
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i]!, FNV_PRIME);
  return h >>> 0;
}

function mix32(h: number, n: number): number {
  h = Math.imul(h ^ (n & 0xff), FNV_PRIME);
  h = Math.imul(h ^ ((n >>> 8) & 0xff), FNV_PRIME);
  h = Math.imul(h ^ ((n >>> 16) & 0xff), FNV_PRIME);
  return Math.imul(h ^ (n >>> 24), FNV_PRIME);
}

// murmur3's fmix32. FNV's low bits depend only on the low bits of its input
// bytes; the finalizer spreads every input bit over the bits a
// power-of-two table indexes by.
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A 32-bit hash of a value's type ID and zcode element (tag and body),
 * continuing from `h` so tuples can be chained. Equal values (equalValues)
 * hash equally; unequal values may collide, so a table must confirm a hit
 * with equalValues. Type IDs are context-local: hash values of one context.
 */
export function hashValue(v: Value, h: number = FNV_OFFSET): number {
  h = mix32(h, v.type.id);
  const b = v.bytes;
  if (b === null) return fmix32(mix32(h, 0));
  h = mix32(h, b.length + 1);
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i]!, FNV_PRIME);
  return fmix32(h);
}

/** The hash of a tuple of values (a grouping key). */
export function hashTuple(values: readonly Value[]): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < values.length; i++) h = hashValue(values[i]!, h);
  return h >>> 0;
}

const CHUNK = 4096;

function pushBytes(parts: string[], b: Uint8Array): void {
  // Two bytes per UTF-16 code unit; the length prefix makes an odd tail unambiguous.
  const units = new Uint16Array((b.length + 1) >> 1);
  for (let i = 0, j = 0; i < b.length; i += 2, j++) units[j] = b[i]! | ((b[i + 1] ?? 0) << 8);
  for (let i = 0; i < units.length; i += CHUNK) {
    parts.push(String.fromCharCode.apply(null, units.subarray(i, i + CHUNK) as unknown as number[]));
  }
}

/**
 * A string that identifies a tuple of values by type ID and bytes, for use
 * as a JavaScript Map key. Unlike hashTuple it never collides: the encoding
 * (type ID, zcode tag, body for each value) is injective for one context.
 * Strings may hold lone surrogates, which Map keys allow.
 */
export function groupKey(values: readonly Value[]): string {
  const parts: string[] = [];
  for (const v of values) {
    const id = v.type.id;
    const b = v.bytes;
    const tag = b === null ? 0 : b.length + 1;
    parts.push(String.fromCharCode(id & 0xffff, id >>> 16, tag & 0xffff, tag >>> 16));
    if (b !== null && b.length > 0) pushBytes(parts, b);
  }
  return parts.length === 1 ? parts[0]! : parts.join('');
}

function copyValue(v: Value): Value {
  return v.bytes === null ? v : new Value(v.type, v.bytes.slice());
}

/**
 * A hash table keyed by tuples of values (type identity plus bytes), kept in
 * insertion order. Open addressing with linear probing over hashTuple;
 * collisions are resolved with equalTuples, so distinct keys never merge.
 * Keys are copied on insert, so callers may pass views into reused buffers.
 */
export class ValueMap<T> {
  private slots = new Int32Array(16);
  private readonly hashes: number[] = [];
  private readonly keys: (readonly Value[])[] = [];
  private readonly vals: T[] = [];

  get size(): number {
    return this.keys.length;
  }

  /** The entry index of `key`, or -(slot + 1) for the free slot where it would go. */
  private find(key: readonly Value[], h: number): number {
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const e = slots[s]!;
      if (e === 0) return -(s + 1);
      if (this.hashes[e - 1] === h && equalTuples(this.keys[e - 1]!, key)) return e - 1;
    }
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let e = 0; e < this.hashes.length; e++) {
      let s = this.hashes[e]! & mask;
      while (slots[s] !== 0) s = (s + 1) & mask;
      slots[s] = e + 1;
    }
    this.slots = slots;
  }

  private insert(key: readonly Value[], h: number, slot: number, value: T): number {
    if ((this.keys.length + 1) * 2 > this.slots.length) {
      this.grow();
      slot = -this.find(key, h) - 1;
    }
    const e = this.keys.length;
    this.hashes.push(h);
    this.keys.push(key.map(copyValue));
    this.vals.push(value);
    this.slots[slot] = e + 1;
    return e;
  }

  get(key: readonly Value[]): T | undefined {
    const i = this.find(key, hashTuple(key) | 0);
    return i >= 0 ? this.vals[i] : undefined;
  }

  has(key: readonly Value[]): boolean {
    return this.find(key, hashTuple(key) | 0) >= 0;
  }

  set(key: readonly Value[], value: T): void {
    const h = hashTuple(key) | 0;
    const i = this.find(key, h);
    if (i >= 0) this.vals[i] = value;
    else this.insert(key, h, -i - 1, value);
  }

  /** The value for `key`, inserting `make(key)` first when absent (one probe when present). */
  getOrInsert(key: readonly Value[], make: (key: readonly Value[]) => T): T {
    const h = hashTuple(key) | 0;
    const i = this.find(key, h);
    if (i >= 0) return this.vals[i]!;
    const v = make(key);
    this.insert(key, h, -i - 1, v);
    return v;
  }

  /** Entries in insertion order; keys are the map's own copies. */
  *entries(): Generator<[readonly Value[], T]> {
    for (let i = 0; i < this.keys.length; i++) yield [this.keys[i]!, this.vals[i]!];
  }

  clear(): void {
    this.slots = new Int32Array(16);
    this.hashes.length = 0;
    this.keys.length = 0;
    this.vals.length = 0;
  }
}
