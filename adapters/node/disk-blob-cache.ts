// A read cache of whole objects on local disk, for a lake in object storage:
// the first read of an object (whole, streamed or a range) copies it to a
// folder, and later reads are local file reads. Objects past `maxBytes` in
// all go, least recently used first. Writes go to the store beneath and drop
// the local copy.
//
// Coherent because the lake never writes different bytes under one key: a
// data object, its seek index, column copy, vectors and index objects are
// named by the object's KSUID and derived from it. (Another server's vacuum
// may remove an object a cache still holds; no snapshot that vacuum leaves
// reads it.)

import { mkdir, rm } from 'node:fs/promises';
import { deleteBlobs, type BlobInfo, type BlobStore } from '../../src/index.js';
import { FsBlobStore } from '../local/fs-blob-store.js';

export interface DiskCacheOptions {
  /** The folder of the copies (made when missing, emptied on close). */
  readonly dir: string;
  /** Bytes of copies kept (default 2 GiB). */
  readonly maxBytes?: number;
}

export class DiskCachedBlobStore implements BlobStore {
  /** Reads served from a local copy, and copies made. */
  readonly stats = { hits: 0, misses: 0 };
  readonly #local: FsBlobStore;
  readonly #dir: string;
  readonly #maxBytes: number;
  /** Local copies and their sizes; Map order is recency order. */
  readonly #sizes = new Map<string, number>();
  #bytes = 0;
  /** Copies being made: resolve to whether the object exists. */
  readonly #filling = new Map<string, Promise<boolean>>();
  /** Keys written or deleted while a copy was being made: that copy may be old. */
  readonly #stale = new Set<string>();

  constructor(
    private readonly inner: BlobStore,
    opts: DiskCacheOptions,
  ) {
    this.#dir = opts.dir;
    this.#local = new FsBlobStore(opts.dir);
    this.#maxBytes = opts.maxBytes ?? 2 * 1024 ** 3;
    const uri = inner.uri?.bind(inner);
    if (uri !== undefined) this.uri = uri;
  }

  readonly uri?: (key: string) => string;

  async get(key: string): Promise<Uint8Array | null> {
    return (await this.#have(key)) ? this.#local.get(key) : null;
  }

  async getStream(key: string): Promise<ReadableStream<Uint8Array> | null> {
    return (await this.#have(key)) ? this.#local.getStream(key) : null;
  }

  async getRange(key: string, offset: number, length: number): Promise<Uint8Array | null> {
    return (await this.#have(key)) ? this.#local.getRange(key, offset, length) : null;
  }

  async put(key: string, data: Uint8Array | ReadableStream<Uint8Array>): Promise<void> {
    await this.#forget(key);
    await this.inner.put(key, data);
  }

  async putIfAbsent(key: string, data: Uint8Array): Promise<boolean> {
    await this.#forget(key);
    return this.inner.putIfAbsent(key, data);
  }

  async delete(key: string): Promise<boolean> {
    await this.#forget(key);
    return this.inner.delete(key);
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (const k of keys) await this.#forget(k);
    await deleteBlobs(this.inner, keys);
  }

  list(prefix: string): AsyncIterable<BlobInfo> {
    return this.inner.list(prefix);
  }

  /** Removes every copy. */
  async close(): Promise<void> {
    await Promise.allSettled(this.#filling.values());
    await rm(this.#dir, { recursive: true, force: true });
  }

  /** Whether the object exists, with a local copy of it when it does. */
  async #have(key: string): Promise<boolean> {
    const size = this.#sizes.get(key);
    if (size !== undefined) {
      this.stats.hits++;
      this.#sizes.delete(key);
      this.#sizes.set(key, size);
      return true;
    }
    let filling = this.#filling.get(key);
    if (filling === undefined) {
      this.stats.misses++;
      filling = this.#fill(key).finally(() => this.#filling.delete(key));
      this.#filling.set(key, filling);
    }
    return filling;
  }

  async #fill(key: string): Promise<boolean> {
    for (;;) {
      this.#stale.delete(key);
      const s = await this.inner.getStream(key);
      if (s === null) return false;
      let n = 0;
      await mkdir(this.#dir, { recursive: true });
      await this.#local.put(
        key,
        s.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, c) {
              n += chunk.length;
              c.enqueue(chunk);
            },
          }),
        ),
      );
      // Written or deleted meanwhile (the lake never does that): copy it again.
      if (this.#stale.has(key)) continue;
      this.#sizes.set(key, n);
      this.#bytes += n;
      await this.#evict(key);
      return true;
    }
  }

  async #evict(keep: string): Promise<void> {
    for (const [k, size] of this.#sizes) {
      if (this.#bytes <= this.#maxBytes) return;
      if (k === keep) continue;
      this.#sizes.delete(k);
      this.#bytes -= size;
      await this.#local.delete(k).catch(() => false);
    }
  }

  async #forget(key: string): Promise<void> {
    if (this.#filling.has(key)) this.#stale.add(key);
    const size = this.#sizes.get(key);
    if (size === undefined) return;
    this.#sizes.delete(key);
    this.#bytes -= size;
    await this.#local.delete(key).catch(() => false);
  }
}
