// The hash table under grouping: it interns byte strings, each with a small
// integer tag, as dense ids 0..size-1 in order of first sight. The strings
// live in one arena and slots hold (hash, id + 1), so a probe reads one
// slot and then the arena only on a likely match, not a graph of per-key
// objects; that keeps tables of a few hundred thousand entries fast.
// GroupMap keys it by encoded key tuples; column aggregation by the
// elements of each key column (tagged with their type id) and by tuples of
// key ids.

import { growBytes } from './byte-writer.js';

const INITIAL_SLOTS = 16;
const INITIAL_ARENA = 512;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** A 32-bit hash of b[s:e] and `seed`: FNV-1a, then murmur3's fmix32 so that the low bits depend on every byte. */
export function hashBytes(seed: number, b: Uint8Array, s: number, e: number): number {
  let h = FNV_OFFSET ^ seed;
  for (let k = s; k < e; k++) h = Math.imul(h ^ b[k]!, FNV_PRIME);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

export class ByteTable {
  /** Pairs of (hash, id + 1); id + 1 = 0 marks a free slot. */
  // Small to start: most tables (a keyless aggregate, a few groups) stay
  // small, and a query that makes one should not pay for a big one.
  private slots = new Int32Array(2 * INITIAL_SLOTS);
  private mask = INITIAL_SLOTS - 1;
  /** Entry id's bytes are arena[starts[id], starts[id + 1]). */
  private starts = new Int32Array(INITIAL_SLOTS + 1);
  private tags = new Int32Array(INITIAL_SLOTS);
  private buf: Uint8Array = new Uint8Array(INITIAL_ARENA);
  private n = 0;

  /** Entries so far. */
  get size(): number {
    return this.n;
  }

  /** The arena the entries' bytes are in (replaced as it grows: read it after the last add). */
  get arena(): Uint8Array {
    return this.buf;
  }

  /** Where entry `id`'s bytes start in the arena. */
  start(id: number): number {
    return this.starts[id]!;
  }

  /** Where entry `id`'s bytes end in the arena. */
  end(id: number): number {
    return this.starts[id + 1]!;
  }

  tag(id: number): number {
    return this.tags[id]!;
  }

  /** The id of b[s:e] with `tag`, whose hash is `h` (hashBytes(tag, b, s, e)); -1 when absent. */
  find(tag: number, b: Uint8Array, s: number, e: number, h: number): number {
    const slots = this.slots;
    const mask = this.mask;
    for (let p = h & mask; ; p = (p + 1) & mask) {
      const id1 = slots[2 * p + 1]!;
      if (id1 === 0) return -1;
      if (slots[2 * p] === h && this.matches(id1 - 1, tag, b, s, e)) return id1 - 1;
    }
  }

  private matches(id: number, tag: number, b: Uint8Array, s: number, e: number): boolean {
    const start = this.starts[id]!;
    const len = e - s;
    if (this.starts[id + 1]! - start !== len || this.tags[id] !== tag) return false;
    const a = this.buf;
    for (let k = 0; k < len; k++) if (a[start + k] !== b[s + k]) return false;
    return true;
  }

  /** Adds b[s:e] with `tag` and hash `h`, which must be absent; returns its id. */
  add(tag: number, b: Uint8Array, s: number, e: number, h: number): number {
    const id = this.n;
    if ((id + 1) * 2 > this.mask + 1) this.growSlots();
    if (id + 2 > this.starts.length) {
      this.starts = growInts(this.starts, 2 * this.starts.length);
      this.tags = growInts(this.tags, this.starts.length);
    }
    const at = this.starts[id]!;
    const len = e - s;
    this.buf = growBytes(this.buf, at, at + len);
    // A loop beats TypedArray.set on the short strings keys usually are.
    const a = this.buf;
    if (len < 32) for (let k = 0; k < len; k++) a[at + k] = b[s + k]!;
    else a.set(b.subarray(s, e), at);
    this.starts[id + 1] = at + len;
    this.tags[id] = tag;
    const slots = this.slots;
    const mask = this.mask;
    let p = h & mask;
    while (slots[2 * p + 1] !== 0) p = (p + 1) & mask;
    slots[2 * p] = h;
    slots[2 * p + 1] = id + 1;
    this.n = id + 1;
    return id;
  }

  /** The id of b[s:e] with `tag` and hash `h`, added when absent. */
  intern(tag: number, b: Uint8Array, s: number, e: number, h: number): number {
    const id = this.find(tag, b, s, e, h);
    return id >= 0 ? id : this.add(tag, b, s, e, h);
  }

  private growSlots(): void {
    const old = this.slots;
    const cap = (this.mask + 1) * 2;
    const slots = new Int32Array(2 * cap);
    const mask = cap - 1;
    for (let p = 0; p < old.length; p += 2) {
      const id1 = old[p + 1]!;
      if (id1 === 0) continue;
      const h = old[p]!;
      let q = h & mask;
      while (slots[2 * q + 1] !== 0) q = (q + 1) & mask;
      slots[2 * q] = h;
      slots[2 * q + 1] = id1;
    }
    this.slots = slots;
    this.mask = mask;
  }

  /** Forgets every entry and gives back the memory. */
  clear(): void {
    if (this.n === 0) return;
    this.slots = new Int32Array(2 * INITIAL_SLOTS);
    this.mask = INITIAL_SLOTS - 1;
    this.starts = new Int32Array(INITIAL_SLOTS + 1);
    this.tags = new Int32Array(INITIAL_SLOTS);
    this.buf = new Uint8Array(INITIAL_ARENA);
    this.n = 0;
  }
}

function growInts(a: Int32Array, cap: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(cap);
  next.set(a);
  return next;
}
