// The BlobStore port on Cloudflare R2, through a Worker's bucket binding (or
// Miniflare's, in tests). R2 writes are atomic per object, ranged reads are
// native, conditional puts give put-if-absent, and listings come in key order.
// A Worker's put needs a body of known length, so a streamed object is
// gathered first; the lake bounds each object by its load memory limit.

import { checkBlobKey, checkBlobRange, readAllBytes, type BlobInfo, type BlobStore } from '../../src/index.js';

/** The part of R2's API this store uses (workers-types' R2Bucket has more). */
export interface R2BucketLike {
  get(key: string, options?: { range?: { offset: number; length?: number } }): Promise<R2ObjectBodyLike | null>;
  head(key: string): Promise<{ size: number } | null>;
  put(key: string, value: ArrayBuffer | ArrayBufferView, options?: { onlyIf?: { etagDoesNotMatch?: string } }): Promise<unknown>;
  delete(key: string): Promise<void>;
  list(options?: { prefix?: string; cursor?: string; limit?: number }): Promise<{
    objects: { key: string; size: number }[];
    truncated: boolean;
    cursor?: string;
  }>;
}

export interface R2ObjectBodyLike {
  readonly size: number;
  readonly body: ReadableStream<Uint8Array>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export class R2BlobStore implements BlobStore {
  constructor(private readonly bucket: R2BucketLike) {}

  async get(key: string): Promise<Uint8Array | null> {
    checkBlobKey(key);
    const o = await this.bucket.get(key);
    return o === null ? null : new Uint8Array(await o.arrayBuffer());
  }

  async getStream(key: string): Promise<ReadableStream<Uint8Array> | null> {
    checkBlobKey(key);
    const o = await this.bucket.get(key);
    return o === null ? null : o.body;
  }

  async getRange(key: string, offset: number, length: number): Promise<Uint8Array | null> {
    checkBlobKey(key);
    checkBlobRange(key, offset, length);
    if (length === 0) return (await this.bucket.head(key)) === null ? null : new Uint8Array(0);
    try {
      const o = await this.bucket.get(key, { range: { offset, length } });
      return o === null ? null : new Uint8Array(await o.arrayBuffer());
    } catch (e) {
      // R2 refuses a range that starts past the end: there are no bytes there.
      const h = await this.bucket.head(key);
      if (h === null) return null;
      if (offset >= h.size) return new Uint8Array(0);
      throw e;
    }
  }

  async put(key: string, data: Uint8Array | ReadableStream<Uint8Array>): Promise<void> {
    checkBlobKey(key);
    await this.bucket.put(key, data instanceof Uint8Array ? data : await readAllBytes(data));
  }

  async putIfAbsent(key: string, data: Uint8Array): Promise<boolean> {
    checkBlobKey(key);
    // R2 answers null when the condition (no object there yet) fails.
    const r = await this.bucket.put(key, data, { onlyIf: { etagDoesNotMatch: '*' } });
    return r !== null;
  }

  async delete(key: string): Promise<boolean> {
    checkBlobKey(key);
    if ((await this.bucket.head(key)) === null) return false;
    await this.bucket.delete(key);
    return true;
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    let cursor: string | undefined;
    for (;;) {
      const page = await this.bucket.list({ prefix, ...(cursor !== undefined ? { cursor } : {}) });
      for (const o of page.objects) yield { key: o.key, size: o.size };
      if (!page.truncated || page.cursor === undefined) return;
      cursor = page.cursor;
    }
  }
}
