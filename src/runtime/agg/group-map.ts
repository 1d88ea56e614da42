// The group-by hash table. A key tuple is encoded into one byte string (per
// value: uvarint type ID, then its zcode element, so equal strings mean the
// same interned types and bytes, as Zed groups) and stored in one arena;
// slots hold the hash beside the entry number. A probe touches the slot, the
// arena and the aggregators, not a graph of per-key objects, which keeps a
// table of a few hundred thousand groups fast. Aggregators live in one flat
// array, `width` per group, in insertion order.

import { putUvarint, readUvarint } from '../../util/uvarint.js';
import { Value, readElement, type Type, type TypeContext } from '../../zed/index.js';
import type { Aggregator } from './aggregator.js';

const INITIAL_SLOTS = 16;
const INITIAL_ARENA = 512;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

const pos = { pos: 0 };
const el = { start: 0, end: 0 };

export class GroupMap {
  /** Pairs of (hash, entry + 1); entry 0 marks a free slot. */
  // Small to start: most tables (a keyless aggregate, a few groups) stay
  // small, and a query that makes one should not pay for a big one.
  private slots = new Int32Array(2 * INITIAL_SLOTS);
  private mask = INITIAL_SLOTS - 1;
  private starts = new Int32Array(INITIAL_SLOTS);
  private arena = new Uint8Array(INITIAL_ARENA);
  private arenaLen = 0;
  private n = 0;
  /** The probe key's encoding (see encode). */
  private probe = new Uint8Array(256);
  private probeLen = 0;
  private probeHash = 0;
  /** Aggregators of entry e are aggs[e * width ... e * width + width - 1]; null once taken. */
  readonly aggs: (Aggregator | null)[] = [];

  constructor(readonly width: number) {}

  get size(): number {
    return this.n;
  }

  /** Bytes the table's own arrays hold, for memory estimates. */
  get bytes(): number {
    return this.slots.byteLength + this.starts.byteLength + this.arena.byteLength + 8 * this.aggs.length;
  }

  /** Encodes `key` as the probe and hashes it. */
  private encode(key: readonly Value[]): void {
    let need = 0;
    for (let k = 0; k < key.length; k++) need += 20 + (key[k]!.bytes?.length ?? 0);
    if (need > this.probe.length) this.probe = new Uint8Array(Math.max(need, 2 * this.probe.length));
    const p = this.probe;
    let off = 0;
    for (let k = 0; k < key.length; k++) {
      const v = key[k]!;
      off = putUvarint(p, off, v.type.id);
      const b = v.bytes;
      if (b === null) {
        p[off++] = 0;
        continue;
      }
      const n = b.length;
      off = putUvarint(p, off, n + 1);
      // A loop beats TypedArray.set on the short bodies keys usually have.
      if (n < 32) for (let i = 0; i < n; i++) p[off + i] = b[i]!;
      else p.set(b, off);
      off += n;
    }
    let h = FNV_OFFSET;
    for (let i = 0; i < off; i++) h = Math.imul(h ^ p[i]!, FNV_PRIME);
    // murmur3's fmix32 so the low bits the mask keeps depend on every byte.
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    this.probeLen = off;
    this.probeHash = h | 0;
  }

  private matches(e: number): boolean {
    const start = this.starts[e]!;
    const len = this.probeLen;
    if (this.starts[e + 1]! - start !== len) return false;
    const a = this.arena;
    const p = this.probe;
    for (let i = 0; i < len; i++) if (a[start + i] !== p[i]) return false;
    return true;
  }

  /**
   * The entry of `key`, or -1 after preparing an insert of it (the next
   * call must then be insert). Keys may be views into reused buffers.
   */
  find(key: readonly Value[]): number {
    this.encode(key);
    const h = this.probeHash;
    const slots = this.slots;
    const mask = this.mask;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const e = slots[2 * s + 1]!;
      if (e === 0) return -1;
      if (slots[2 * s] === h && this.matches(e - 1)) return e - 1;
    }
  }

  /** Adds the key of the last failed find with its aggregators; returns its entry. */
  insert(row: readonly Aggregator[]): number {
    const e = this.n;
    if ((e + 1) * 2 > this.mask + 1) this.grow();
    if (e + 2 > this.starts.length) {
      const next = new Int32Array(this.starts.length * 2);
      next.set(this.starts);
      this.starts = next;
    }
    const len = this.probeLen;
    if (this.arenaLen + len > this.arena.length) {
      const next = new Uint8Array(Math.max(2 * this.arena.length, this.arenaLen + len));
      next.set(this.arena.subarray(0, this.arenaLen));
      this.arena = next;
    }
    this.arena.set(this.probe.subarray(0, len), this.arenaLen);
    this.starts[e] = this.arenaLen;
    this.arenaLen += len;
    this.starts[e + 1] = this.arenaLen;
    const h = this.probeHash;
    const slots = this.slots;
    const mask = this.mask;
    let s = h & mask;
    while (slots[2 * s + 1] !== 0) s = (s + 1) & mask;
    slots[2 * s] = h;
    slots[2 * s + 1] = e + 1;
    for (let j = 0; j < row.length; j++) this.aggs.push(row[j]!);
    this.n = e + 1;
    return e;
  }

  private grow(): void {
    const old = this.slots;
    const cap = (this.mask + 1) * 2;
    const slots = new Int32Array(2 * cap);
    const mask = cap - 1;
    for (let s = 0; s < old.length; s += 2) {
      const e = old[s + 1]!;
      if (e === 0) continue;
      const h = old[s]!;
      let t = h & mask;
      while (slots[2 * t + 1] !== 0) t = (t + 1) & mask;
      slots[2 * t] = h;
      slots[2 * t + 1] = e;
    }
    this.slots = slots;
    this.mask = mask;
  }

  /** The key values of entry `e`, decoded into `zctx` (the context the keys came from). */
  keys(e: number, zctx: TypeContext): Value[] {
    const a = this.arena;
    const end = this.starts[e + 1]!;
    const out: Value[] = [];
    for (let off = this.starts[e]!; off < end; ) {
      const id = readUvarint(a, off, pos);
      off = readElement(a, pos.pos, end, el);
      const t = zctx.lookupById(id)!;
      out.push(new Value(t, el.start < 0 ? null : a.slice(el.start, el.end)));
    }
    return out;
  }

  /**
   * The key types and bodies of entry `e` without copying: bodies are views
   * into the arena, valid until the next insert or clear.
   */
  keyViews(e: number, zctx: TypeContext, types: Type[], bodies: (Uint8Array | null)[]): void {
    const a = this.arena;
    const end = this.starts[e + 1]!;
    let k = 0;
    for (let off = this.starts[e]!; off < end; k++) {
      const id = readUvarint(a, off, pos);
      off = readElement(a, pos.pos, end, el);
      types[k] = zctx.lookupById(id)!;
      bodies[k] = el.start < 0 ? null : a.subarray(el.start, el.end);
    }
  }

  /** The aggregators of entry `e`, releasing the table's references to them. */
  take(e: number): Aggregator[] {
    const w = this.width;
    const row = new Array<Aggregator>(w);
    for (let j = 0; j < w; j++) {
      row[j] = this.aggs[e * w + j]!;
      this.aggs[e * w + j] = null;
    }
    return row;
  }

  clear(): void {
    if (this.n === 0) return;
    this.slots = new Int32Array(2 * INITIAL_SLOTS);
    this.mask = INITIAL_SLOTS - 1;
    this.starts = new Int32Array(INITIAL_SLOTS);
    this.arena = new Uint8Array(INITIAL_ARENA);
    this.arenaLen = 0;
    this.n = 0;
    this.aggs.length = 0;
  }
}
