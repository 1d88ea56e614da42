// A BlobStore in memory: the reference implementation for tests of the layers
// above. Bytes are copied in and out, so callers never share a buffer with it.

import { readAllBytes } from '../../util/stream.js';
import { checkBlobKey, checkBlobRange, type BlobInfo, type BlobStore } from '../blob-store.js';

export class MemoryBlobStore implements BlobStore {
  readonly #blobs = new Map<string, Uint8Array>();

  async get(key: string): Promise<Uint8Array | null> {
    checkBlobKey(key);
    const b = this.#blobs.get(key);
    return b === undefined ? null : b.slice();
  }

  async getStream(key: string): Promise<ReadableStream<Uint8Array> | null> {
    const b = await this.get(key);
    if (b === null) return null;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        if (b.length > 0) controller.enqueue(b);
        controller.close();
      },
    });
  }

  async getRange(key: string, offset: number, length: number): Promise<Uint8Array | null> {
    checkBlobKey(key);
    checkBlobRange(key, offset, length);
    const b = this.#blobs.get(key);
    return b === undefined ? null : b.slice(offset, offset + length);
  }

  async put(key: string, data: Uint8Array | ReadableStream<Uint8Array>): Promise<void> {
    checkBlobKey(key);
    // Read a stream to its end before storing, so a failed stream stores nothing.
    this.#blobs.set(key, data instanceof Uint8Array ? data.slice() : await readAllBytes(data));
  }

  async putIfAbsent(key: string, data: Uint8Array): Promise<boolean> {
    checkBlobKey(key);
    if (this.#blobs.has(key)) return false;
    this.#blobs.set(key, data.slice());
    return true;
  }

  async delete(key: string): Promise<boolean> {
    checkBlobKey(key);
    return this.#blobs.delete(key);
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    const keys = [...this.#blobs.keys()].filter((k) => k.startsWith(prefix)).sort(compareKeys);
    for (const key of keys) {
      const b = this.#blobs.get(key);
      if (b !== undefined) yield { key, size: b.length };
    }
  }
}


/** Code-unit order, the order every BlobStore lists in. */
function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
