// The disk cache of a lake in object storage: reads after the first are
// local, the copies stay within their budget, a write drops the old copy, and
// close removes them. (The BlobStore contract runs on it in test/contract.)

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryBlobStore } from '../../src/index.js';
import { DiskCachedBlobStore } from './disk-blob-cache.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zlake-diskcache-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A memory store that counts the reads that reach it. */
class CountingStore extends MemoryBlobStore {
  reads = 0;
  override async getStream(key: string) {
    this.reads++;
    return super.getStream(key);
  }
}

const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);

describe('DiskCachedBlobStore', () => {
  it('reads an object from the store once, then from its copy, in any way', async () => {
    const inner = new CountingStore();
    const cache = new DiskCachedBlobStore(inner, { dir: join(dir, 'c') });
    await inner.put('p/a', bytes(1000, 7));
    const [x, y] = await Promise.all([cache.getRange('p/a', 10, 5), cache.get('p/a')]);
    expect(x).toEqual(bytes(5, 7));
    expect(y).toEqual(bytes(1000, 7));
    expect(await new Response((await cache.getStream('p/a'))!).arrayBuffer()).toEqual(bytes(1000, 7).buffer);
    expect(inner.reads).toBe(1);
    // (A read that joins a copy in progress counts as neither.)
    expect(cache.stats).toEqual({ hits: 1, misses: 1 });
    expect(await cache.get('p/none')).toBeNull();
    // The default budget (2 GiB) keeps both copies.
    await inner.put('p/b', bytes(10, 1));
    await cache.get('p/b');
    await cache.get('p/a');
    await cache.get('p/b');
    expect(inner.reads).toBe(3);
    await cache.close();
  });

  it('keeps copies within its budget, least recently used out first', async () => {
    const inner = new CountingStore();
    const cache = new DiskCachedBlobStore(inner, { dir: join(dir, 'c'), maxBytes: 2500 });
    for (const k of ['a', 'b', 'c']) await inner.put(k, bytes(1000, k.charCodeAt(0)));
    await cache.get('a');
    await cache.get('b');
    await cache.get('a');
    await cache.get('c'); // b goes
    expect((await readdir(join(dir, 'c'))).sort()).toEqual(['a', 'c']);
    expect(await cache.get('b')).toEqual(bytes(1000, 98));
    expect(inner.reads).toBe(4);
    await cache.close();
  });

  it('drops a copy when the key is written or deleted, and removes its folder on close', async () => {
    const cache = new DiskCachedBlobStore(new MemoryBlobStore(), { dir: join(dir, 'c') });
    await cache.put('k', bytes(3, 1));
    expect(await cache.get('k')).toEqual(bytes(3, 1));
    await cache.put('k', bytes(4, 2));
    expect(await cache.get('k')).toEqual(bytes(4, 2));
    expect(await cache.delete('k')).toBe(true);
    expect(await cache.get('k')).toBeNull();
    await cache.close();
    expect(await readdir(dir)).toEqual([]);
  });
});
