// A cache of column copies' bytes in memory (as Zed's vcache keeps the
// vectors it has read): each object's VNG header and metadata, and the
// segments of it that queries have fetched, so that a column read again
// costs no storage round trip. Data objects and their copies never change
// (an id names one content), so entries need no invalidation; vacuum's
// forgetObjects drops those of the objects it removed. Bounded by the
// bytes of the segments held: least recently used objects go first, but
// for what is small of them.

import { ElementDictionary, type Meta, type SegmentCacheView, type SegmentChecks, type VngHeader } from '../formats/vng/index.js';
import type { KsuidHex } from '../util/ksuid.js';

/** What is kept of one object's column copy. */
export interface CachedCopy {
  /** Its header and metadata, parsed (both immutable). */
  head: { readonly header: VngHeader; readonly meta: Meta; readonly checks: SegmentChecks | null; readonly size: number } | null;
  /** Fetched segments by their offset in the data section. */
  readonly segments: Map<number, Uint8Array>;
  /** What was decoded or derived from them (variant tags, scores, inflated streams), by name. */
  readonly decoded: Map<string, { readonly byteLength: number }>;
  bytes: number;
}

/** The most codes all dictionaries may hold together; past it they are started anew. */
const DICTIONARY_CODES = 1 << 21;

export class ColumnCache {
  readonly #objects = new Map<KsuidHex, CachedCopy>();
  #bytes = 0;
  /** Dictionaries the coded columns of several objects share (see coded-column.ts), by name. */
  readonly #dictionaries = new Map<string, ElementDictionary>();

  /** `limit` bytes at most (0: nothing is kept). */
  constructor(readonly limit: number) {}

  /** The most bytes the dictionaries may hold together (a quarter of the limit); a column coded into one adds no more than that. */
  get dictionaryBytes(): number {
    return this.limit / 4;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The entry of object `id`, made the most recently used; undefined when none. */
  get(id: KsuidHex): CachedCopy | undefined {
    const e = this.#objects.get(id);
    if (e !== undefined) {
      this.#objects.delete(id);
      this.#objects.set(id, e);
    }
    return e;
  }

  /** Keeps object `id`'s header, metadata and segment checksums (`size`: the bytes they were read from, for the bound). */
  putHead(id: KsuidHex, header: VngHeader, meta: Meta, checks: SegmentChecks | null, size: number): void {
    if (this.limit <= 0) return;
    const e = this.#entry(id);
    if (e.head !== null) return;
    e.head = { header, meta, checks, size };
    this.#grow(e, size);
  }

  /** The segments of object `id` as a view a SegmentSet fetch reads and fills. */
  segments(id: KsuidHex): SegmentCacheView | undefined {
    if (this.limit <= 0) return undefined;
    return {
      get: (offset) => this.#objects.get(id)?.segments.get(offset),
      put: (offset, bytes) => {
        const e = this.#entry(id);
        if (e.segments.has(offset)) return;
        // Bytes that are a small part of a larger buffer are copied out of it.
        const own = bytes.byteLength * 2 < bytes.buffer.byteLength ? bytes.slice() : bytes;
        e.segments.set(offset, own);
        this.#grow(e, own.byteLength);
      },
      memo: <T extends { readonly byteLength: number }>(key: string, make: () => T): T => {
        const hit = this.#objects.get(id)?.decoded.get(key) as T | undefined;
        if (hit !== undefined) return hit;
        const made = make();
        const e = this.#entry(id);
        e.decoded.set(key, made);
        this.#grow(e, made.byteLength);
        return made;
      },
    };
  }

  /** What was kept of object `id` under `key` by keep (a vector derived from it); undefined when nothing is. */
  vector<T extends { readonly byteLength: number }>(id: KsuidHex, key: string): T | undefined {
    return this.get(id)?.decoded.get(key) as T | undefined;
  }

  /** Keeps `v`, derived from object `id` (its columns, a stream of its values), under `key`. */
  keep(id: KsuidHex, key: string, v: { readonly byteLength: number }): void {
    if (this.limit <= 0) return;
    const e = this.#entry(id);
    const old = e.decoded.get(key);
    e.decoded.set(key, v);
    this.#grow(e, v.byteLength - (old?.byteLength ?? 0));
  }

  /**
   * The dictionary named `name` (a pool's column at a path, of one type),
   * made when new, or anew once it holds half of DICTIONARY_CODES codes or
   * of dictionaryBytes. Past DICTIONARY_CODES codes or dictionaryBytes in
   * all, every dictionary is dropped and started anew (columns coded into
   * one keep it).
   */
  dictionary(name: string): ElementDictionary {
    let d = this.#dictionaries.get(name);
    if (d !== undefined && d.size <= DICTIONARY_CODES / 2 && d.byteLength <= this.dictionaryBytes / 2) return d;
    let codes = 0;
    let bytes = 0;
    for (const x of this.#dictionaries.values()) {
      codes += x.size;
      bytes += x.byteLength;
    }
    if (codes > DICTIONARY_CODES || bytes > this.dictionaryBytes) this.#dictionaries.clear();
    this.#dictionaries.set(name, (d = new ElementDictionary()));
    return d;
  }

  /** The most codes of the dictionaries whose names start with `prefix` (0 when none). */
  codesUnder(prefix: string): number {
    let most = 0;
    for (const [name, d] of this.#dictionaries) if (name.startsWith(prefix) && d.size > most) most = d.size;
    return most;
  }

  /** Forgets objects (vacuum removed them). */
  forget(ids: readonly KsuidHex[]): void {
    for (const id of ids) {
      const e = this.#objects.get(id);
      if (e === undefined) continue;
      this.#objects.delete(id);
      this.#bytes -= e.bytes;
    }
  }

  #entry(id: KsuidHex): CachedCopy {
    let e = this.#objects.get(id);
    if (e === undefined) {
      e = { head: null, segments: new Map(), decoded: new Map(), bytes: 0 };
      this.#objects.set(id, e);
    }
    return e;
  }

  #grow(e: CachedCopy, n: number): void {
    e.bytes += n;
    this.#bytes += n;
    if (this.#bytes <= this.limit) return;
    // The least recently used objects go until the rest fit; an object
    // over the limit on its own is not kept at all. What is small of one
    // (its head, and what was derived of a column in a few KiB, such as a
    // string column's byte pairs, with which a search passes the column by
    // unread) stays as the most recently used, once: a lake larger than
    // the cache still reads no more than the columns a query needs.
    const slimmed: [KsuidHex, CachedCopy][] = [];
    for (const [id, old] of this.#objects) {
      if (this.#bytes <= this.limit) break;
      this.#objects.delete(id);
      this.#bytes -= old.bytes;
      if (old === e) continue;
      const s = slim(old);
      if (s.bytes > 0 && s.bytes < old.bytes) slimmed.push([id, s]);
    }
    for (const [id, s] of slimmed) {
      if (this.#bytes + s.bytes > this.limit) break;
      this.#objects.set(id, s);
      this.#bytes += s.bytes;
    }
  }
}

/** A derived value this small stays with its object's head when the object's segments go (see #grow). */
const SMALL = 16 << 10;

/** An object's entry with its head and small derived values only. */
function slim(e: CachedCopy): CachedCopy {
  const decoded = new Map<string, { readonly byteLength: number }>();
  let bytes = e.head?.size ?? 0;
  for (const [k, v] of e.decoded) {
    // (A view of a larger buffer, such as a segment's, would keep it all.)
    if (v.byteLength > SMALL || (ArrayBuffer.isView(v) && v.buffer.byteLength > SMALL)) continue;
    decoded.set(k, v);
    bytes += v.byteLength;
  }
  return { head: e.head, segments: new Map(), decoded, bytes };
}
