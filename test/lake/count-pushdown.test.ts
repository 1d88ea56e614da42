// `from pool | count()` and a count over a range of the pool key are answered
// from object and seek-index metadata (exec/pool-count.ts); other filters
// still count what the scan yields. Results always match a full scan.
import { describe, expect, it } from 'vitest';
import { Lake, MemoryBlobStore, MemoryMetaStore, type BlobStore } from '../../src/index.js';
import { lines, zson } from './helpers.js';

class CountingStore extends MemoryBlobStore {
  bytes = 0;
  override async get(key: string): ReturnType<BlobStore['get']> {
    const b = await super.get(key);
    if (b !== null && !key.endsWith('-seek.zng')) this.bytes += b.length;
    return b;
  }
  override async getRange(key: string, offset: number, length: number): ReturnType<BlobStore['getRange']> {
    const b = await super.getRange(key, offset, length);
    if (b !== null) this.bytes += b.length;
    return b;
  }
  override async getStream(key: string): ReturnType<BlobStore['getStream']> {
    const b = await super.get(key);
    if (b !== null) this.bytes += b.length;
    return super.getStream(key);
  }
}

async function setup(): Promise<{ lake: Lake; blobs: CountingStore }> {
  const blobs = new CountingStore();
  let t = 1_700_000_000_000_000_000n;
  const lake = new Lake({ blobs, meta: new MemoryMetaStore(), now: () => (t += 1_000_000_000n), loadMemoryLimit: 8192 });
  await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] }, seekStride: 256 });
  let text = '';
  for (let i = 0; i < 2000; i++) text += `{k:${i},s:"${i % 3 === 0 ? 'x' : 'y'}"}\n`;
  await lake.load('p', 'main', zson(text));
  return { lake, blobs };
}

describe('count() over a pool', () => {
  it('a bare count reads no data', async () => {
    const { lake, blobs } = await setup();
    blobs.bytes = 0;
    expect(await lines(lake, 'from p | count()')).toEqual(['2000(uint64)']);
    expect(blobs.bytes).toBe(0);
    expect(await lines(lake, 'from p | c:=count()')).toEqual(['{c:2000(uint64)}']);
  });

  it('a range of the pool key reads only the streams at its ends', async () => {
    const { lake, blobs } = await setup();
    blobs.bytes = 0;
    expect(await lines(lake, 'from p | count()')).toEqual(['2000(uint64)']);
    let all = 0;
    for await (const b of lake.scan('p', 'main')) all += b.length;
    expect(all).toBe(2000);
    const full = blobs.bytes;
    for (const [filter, want] of [
      ['k >= 1000', 1000],
      ['k > 1000', 999],
      ['k >= 10 and k < 1990', 1980],
      ['k == 777', 1],
    ] as const) {
      blobs.bytes = 0;
      expect(await lines(lake, `from p | ${filter} | count()`)).toEqual([`${want}(uint64)`]);
      expect(blobs.bytes).toBeLessThan(full / 5);
    }
  });

  it('a filtered scan reads only the objects and seek streams its key range may need', async () => {
    const { lake, blobs } = await setup();
    blobs.bytes = 0;
    // A whole scan (a plain sum would read the column copy instead).
    let all = 0;
    for await (const b of lake.scan('p', 'main')) all += b.length;
    expect(all).toBe(2000);
    const full = blobs.bytes;
    blobs.bytes = 0;
    expect(await lines(lake, 'from p | k >= 1900 | sum(k)')).toEqual([String((1900 + 1999) * 50)]);
    expect(blobs.bytes).toBeLessThan(full / 10);
  });

  it('other filters count what the scan yields, with the same answers', async () => {
    const { lake } = await setup();
    expect(await lines(lake, 'from p | k >= 1000 and s == "x" | count()')).toEqual(['333(uint64)']);
    expect(await lines(lake, 'from p | s == "x" | count()')).toEqual(['667(uint64)']);
    expect(await lines(lake, 'from p | k >= 1000 | count() by s | sort s')).toEqual(['{s:"x",count:333(uint64)}', '{s:"y",count:667(uint64)}']);
  });
});
