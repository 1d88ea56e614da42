// Loads that write behind (LakeDeps.writeBehind, for object storage): the
// next run fills while an object is written, one object at a time, and the
// result is the load a plain writer makes; a failed write fails the load
// and commits nothing.

import { describe, expect, it } from 'vitest';
import { MemoryBlobStore, MemoryMetaStore } from '../storage/index.js';
import { TypeContext, type Value } from '../zed/index.js';
import { parseZsonValue } from '../zson/index.js';
import { Lake } from './index.js';

/**
 * A store whose puts take a while, counting how many run at once and for
 * how many data objects (a key names its object: `data/<id>.zng`,
 * `data/<id>-seek.zng`, `data/<id>-cols.vng`).
 */
class SlowStore extends MemoryBlobStore {
  inFlight = 0;
  most = 0;
  mostObjects = 0;
  failAt = -1;
  puts = 0;
  readonly #objects: string[] = [];
  override async put(key: string, data: Uint8Array | ReadableStream<Uint8Array>): Promise<void> {
    this.inFlight++;
    this.most = Math.max(this.most, this.inFlight);
    const object = /data\/([0-9A-Za-z]+)/.exec(key)?.[1] ?? key;
    this.#objects.push(object);
    this.mostObjects = Math.max(this.mostObjects, new Set(this.#objects).size);
    try {
      await new Promise((r) => setTimeout(r, 5));
      if (this.puts++ === this.failAt) throw new Error('store refused');
      await super.put(key, data);
    } finally {
      this.inFlight--;
      this.#objects.splice(this.#objects.indexOf(object), 1);
    }
  }
}

/** Values in batches of 50; `during` counts the batches read while the store was writing. */
async function* values(n: number, store?: SlowStore, during = { n: 0 }): AsyncGenerator<Value[]> {
  const ctx = new TypeContext();
  for (let i = 0; i < n; i += 50) {
    if (store !== undefined && store.inFlight > 0) during.n++;
    yield Array.from({ length: 50 }, (_, k) => parseZsonValue(`{k:${(i + k) % 97},s:"value ${i + k}"}`, ctx));
  }
}

function lake(blobs: MemoryBlobStore, writeBehind: boolean): { lake: Lake; meta: MemoryMetaStore } {
  const meta = new MemoryMetaStore();
  let t = 1_700_000_000_000_000_000n;
  return { lake: new Lake({ blobs, meta, now: () => (t += 1_000_000n), loadMemoryLimit: 2000, writeBehind }), meta };
}

describe('a load writing behind', () => {
  it('stores what a plain load stores, one object at a time, in order', async () => {
    const results = [];
    for (const behind of [false, true]) {
      const store = new SlowStore();
      const { lake: l } = lake(store, behind);
      await l.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
      const during = { n: 0 };
      const r = await l.load('p', 'main', values(1000, store, during));
      const objects = await l.objects('p', 'main');
      results.push({
        counts: r.objects.map((o) => o.count),
        committed: objects.length,
        most: store.most,
        mostObjects: store.mostObjects,
        readWhileWriting: during.n,
      });
    }
    const [plain, behind] = results;
    expect(behind!.counts).toEqual(plain!.counts);
    expect(behind!.counts.length).toBeGreaterThan(5);
    expect(behind!.committed).toBe(plain!.committed);
    // Object writes never overlap, but values are read while one is
    // written; an object's rows and its column copy are stored together.
    expect(behind!.mostObjects).toBe(1);
    expect(plain!.most).toBe(2);
    expect(behind!.most).toBe(2);
    expect(plain!.readWhileWriting).toBe(0);
    expect(behind!.readWhileWriting).toBeGreaterThan(0);
  });

  it('fails the load and commits nothing when a write behind fails', async () => {
    const store = new SlowStore();
    store.failAt = 4;
    const { lake: l, meta } = lake(store, true);
    const p = await l.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    await expect(l.load('p', 'main', values(1000))).rejects.toThrow('store refused');
    expect(await meta.journal(p.pool.id)).toEqual([]);
  });
});
