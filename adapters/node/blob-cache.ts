// A read cache of small blobs for the server. A lake's data objects, seek
// indexes and vector copies are written once under their own id and never
// changed, and a small query over a small pool otherwise spends most of its
// time opening and reading the same files again. Objects up to `maxObject`
// bytes are kept, least recently used first out, within `maxBytes`; a put or
// delete through this store drops the key. (Another process's vacuum may
// remove a file the cache still holds: its bytes were valid, and no snapshot
// that vacuum leaves reads it.)

import { deleteBlobs, type BlobInfo, type BlobStore } from '../../src/index.js';

export interface BlobCacheOptions {
  /** Total bytes held (default 64 MiB). */
  readonly maxBytes?: number;
  /** Largest object kept (default 4 MiB). */
  readonly maxObject?: number;
}

function oneChunk(b: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      if (b.length > 0) c.enqueue(b);
      c.close();
    },
  });
}

export interface BlobCacheStats {
  /** Reads served from the cache. */
  hits: number;
  /** Reads passed to the store under it. */
  misses: number;
}

export class CachedBlobStore implements BlobStore {
  readonly stats: BlobCacheStats = { hits: 0, misses: 0 };
  // Map order is recency order: a hit moves its key to the end.
  readonly #cache = new Map<string, Uint8Array>();
  #bytes = 0;
  readonly #maxBytes: number;
  readonly #maxObject: number;

  constructor(
    private readonly inner: BlobStore,
    opts: BlobCacheOptions = {},
  ) {
    this.#maxBytes = opts.maxBytes ?? 64 << 20;
    this.#maxObject = opts.maxObject ?? 4 << 20;
    const uri = inner.uri?.bind(inner);
    if (uri !== undefined) this.uri = uri;
  }

  readonly uri?: (key: string) => string;

  #hit(key: string): Uint8Array | undefined {
    const b = this.#cache.get(key);
    if (b === undefined) {
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    this.#cache.delete(key);
    this.#cache.set(key, b);
    return b;
  }

  #keep(key: string, b: Uint8Array): void {
    if (b.length > this.#maxObject) return;
    this.#drop(key);
    this.#cache.set(key, b);
    this.#bytes += b.length;
    for (const [k, v] of this.#cache) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#cache.delete(k);
      this.#bytes -= v.length;
    }
  }

  #drop(key: string): void {
    const b = this.#cache.get(key);
    if (b === undefined) return;
    this.#cache.delete(key);
    this.#bytes -= b.length;
  }

  async get(key: string): Promise<Uint8Array | null> {
    const hit = this.#hit(key);
    if (hit !== undefined) return hit;
    const b = await this.inner.get(key);
    if (b !== null) this.#keep(key, b);
    return b;
  }

  async getStream(key: string): Promise<ReadableStream<Uint8Array> | null> {
    const hit = this.#hit(key);
    if (hit !== undefined) return oneChunk(hit);
    const s = await this.inner.getStream(key);
    if (s === null) return null;
    // Pass the chunks on and, if the whole object is small, keep it.
    const parts: Uint8Array[] = [];
    let n = 0;
    const max = this.#maxObject;
    return s.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform: (chunk, c) => {
          if (n <= max) {
            parts.push(chunk);
            n += chunk.length;
          }
          c.enqueue(chunk);
        },
        flush: () => {
          if (n > max) return;
          const all = new Uint8Array(n);
          let off = 0;
          for (const p of parts) {
            all.set(p, off);
            off += p.length;
          }
          this.#keep(key, all);
        },
      }),
    );
  }

  async getRange(key: string, offset: number, length: number): Promise<Uint8Array | null> {
    const hit = this.#hit(key);
    if (hit !== undefined) return hit.subarray(Math.min(offset, hit.length), Math.min(offset + length, hit.length));
    return this.inner.getRange(key, offset, length);
  }

  async put(key: string, data: Uint8Array | ReadableStream<Uint8Array>): Promise<void> {
    this.#drop(key);
    await this.inner.put(key, data);
    this.#drop(key);
  }

  async putIfAbsent(key: string, data: Uint8Array): Promise<boolean> {
    const wrote = await this.inner.putIfAbsent(key, data);
    if (wrote) this.#drop(key);
    return wrote;
  }

  async delete(key: string): Promise<boolean> {
    this.#drop(key);
    return this.inner.delete(key);
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (const k of keys) this.#drop(k);
    await deleteBlobs(this.inner, keys);
  }

  list(prefix: string): AsyncIterable<BlobInfo> {
    return this.inner.list(prefix);
  }

  async sweepTemporary(prefix: string, before: bigint): Promise<number> {
    return (await this.inner.sweepTemporary?.(prefix, before)) ?? 0;
  }
}
