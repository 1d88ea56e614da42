import { describe, expect, it } from 'vitest';
import { ConflictError } from '../errors/index.js';
import { MemoryBlobStore, MemoryMetaStore, type BlobStore, type CommitRecord, type JournalEntry } from '../storage/index.js';
import { ksuidHexToBase62 } from '../util/ksuid.js';
import { TypeContext, type Value } from '../zed/index.js';
import { formatValue, parseZsonValue } from '../zson/index.js';
import { decodeActions, decodeMeta, Lake, objectKey } from './index.js';

/** Counts the data objects read (whole or in ranges) so tests can see pruning. */
class CountingBlobStore extends MemoryBlobStore {
  readonly #read = new Set<string>();
  get reads(): number {
    return this.#read.size;
  }
  set reads(_: 0) {
    this.#read.clear();
  }
  override getStream(key: string): ReturnType<BlobStore['getStream']> {
    this.#note(key);
    return super.getStream(key);
  }
  override getRange(key: string, offset: number, length: number): ReturnType<BlobStore['getRange']> {
    this.#note(key);
    return super.getRange(key, offset, length);
  }
  #note(key: string): void {
    if (!key.endsWith('-seek.zng')) this.#read.add(key);
  }
}

/** A store whose branch tip always moves underneath the writer. */
class RacingMetaStore extends MemoryMetaStore {
  readonly attempts: number[] = [];
  override async commit(_poolId: string, branch: string, commit: CommitRecord): Promise<JournalEntry> {
    this.attempts.push(commit.retries);
    throw new ConflictError(`branch "${branch}" moved`);
  }
}

function newLake(): { lake: Lake; blobs: CountingBlobStore; meta: MemoryMetaStore } {
  const blobs = new CountingBlobStore();
  const meta = new MemoryMetaStore();
  let t = 1_700_000_000_000_000_000n;
  const lake = new Lake({ blobs, meta, now: () => (t += 1_000_000n) });
  return { lake, blobs, meta };
}

async function* batches(texts: string[], size = 3): AsyncGenerator<Value[]> {
  const ctx = new TypeContext();
  for (let i = 0; i < texts.length; i += size) yield texts.slice(i, i + size).map((s) => parseZsonValue(s, ctx));
}

async function scanText(lake: Lake, pool: string, commitish = 'main', span?: { lower?: string; upper?: string }): Promise<string[]> {
  const ctx = new TypeContext();
  const keySpan =
    span === undefined
      ? undefined
      : {
          ...(span.lower !== undefined ? { lower: parseZsonValue(span.lower, ctx) } : {}),
          ...(span.upper !== undefined ? { upper: parseZsonValue(span.upper, ctx) } : {}),
        };
  const out: string[] = [];
  for await (const b of lake.scan(pool, commitish, keySpan === undefined ? {} : { keySpan })) {
    for (const v of b) out.push(formatValue(v));
  }
  return out;
}

describe('Lake load and scan', () => {
  it('scan returns loaded values sorted by an asc pool key, missing and null keys last', async () => {
    const { lake } = newLake();
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    await lake.load('p', 'main', batches(['{k:3}', '{x:1}', '{k:1,s:"b"}', '{k:null(int64)}', '{k:2}', '{k:1,s:"a"}']));
    expect(await scanText(lake, 'p')).toEqual([
      '{k:1,s:"a"}',
      '{k:1,s:"b"}',
      '{k:2}',
      '{k:3}',
      // Equal (null) keys tie-break on the raw value bytes: 0x00 before 0x0202.
      '{k:null(int64)}',
      '{x:1}',
    ]);
  });

  it('scan of a desc pool puts null keys first and merges objects of several loads', async () => {
    const { lake } = newLake();
    await lake.createPool('p', { layout: { order: 'desc', keys: [['a', 'b']] } });
    await lake.load('p', 'main', batches(['{a:{b:1}}', '{a:{b:5}}', '{a:{b:3}}']));
    await lake.load('p', 'main', batches(['{a:{b:4}}', '{c:1}', '{a:{b:2}}']));
    expect(await scanText(lake, 'p')).toEqual(['{c:1}', '{a:{b:5}}', '{a:{b:4}}', '{a:{b:3}}', '{a:{b:2}}', '{a:{b:1}}']);
    const objs = await lake.objects('p', 'main');
    expect(objs.map((o) => [formatValue(o.min), formatValue(o.max)])).toEqual([
      ['2', 'null'],
      ['1', '5'],
    ]);
  });

  it('load splits objects at the threshold and records id, span, count and size', async () => {
    const { lake, blobs } = newLake();
    const { pool } = await lake.createPool('p', { layout: { keys: [['k']] }, threshold: 40 });
    // Each {k:N,s:"xxxxxxxx"} body is about 12 bytes, so objects hold about 4 values.
    const texts = Array.from({ length: 20 }, (_, i) => `{k:${(i * 7) % 20},s:"xxxxxxxx"}`);
    const res = await lake.load('p', 'main', batches(texts));
    expect(res.objects.length).toBeGreaterThan(3);
    expect(res.objects.reduce((n, o) => n + o.count, 0)).toBe(20);
    for (const o of res.objects) {
      const bytes = await blobs.get(objectKey(pool.id, o.id));
      expect(bytes?.length).toBe(o.size);
      expect(o.min.asInt()).toBeLessThanOrEqual(o.max.asInt());
    }
    const objs = await lake.objects('p', 'main');
    expect(objs.map((o) => o.id).sort()).toEqual(res.objects.map((o) => o.id).sort());
    const keys = (await scanText(lake, 'p')).map((s) => Number(/k:(\d+)/.exec(s)![1]));
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    expect(keys).toHaveLength(20);
  });

  it('load writes one commit with Zed default message, author and meta', async () => {
    const { lake, meta } = newLake();
    const { pool } = await lake.createPool('p', { layout: { keys: [['k']] } });
    const ctx = new TypeContext();
    const res = await lake.load('p', 'main', batches(['{k:1}', '{k:2}']), {
      author: 'me',
      meta: parseZsonValue('{x:1}', ctx),
    });
    const c = await meta.getCommit(pool.id, res.commit);
    expect(c?.author).toBe('me');
    expect(c?.retries).toBe(0);
    const o = res.objects[0]!;
    expect(c?.message).toBe(`loaded 1 data object\n\n  ${ksuidHexToBase62(o.id)} 2 records in ${o.size} data bytes\n`);
    expect(formatValue(decodeMeta(c!.meta)!)).toBe('{x:1}');
    const actions = decodeActions(c!.actions);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ kind: 'add', object: { id: o.id, count: 2, size: o.size } });
    const res2 = await lake.load('p', 'main', batches(['{k:3}']), { message: 'custom' });
    expect((await meta.getCommit(pool.id, res2.commit))?.message).toBe('custom');
    expect((await meta.getCommit(pool.id, res2.commit))?.parent).toBe(res.commit);
  });

  it('load of no values fails with empty transaction and commits nothing', async () => {
    const { lake } = newLake();
    await lake.createPool('p');
    await expect(lake.load('p', 'main', batches([]))).rejects.toThrow('empty transaction');
    expect(await lake.objects('p', 'main')).toEqual([]);
  });

  it('8 concurrent loads of 20 commits each on one branch lose nothing', async () => {
    const { lake, meta } = newLake();
    const { pool } = await lake.createPool('p', { layout: { keys: [['k']] } });
    const writer = async (w: number): Promise<void> => {
      for (let i = 0; i < 20; i++) await lake.load('p', 'main', batches([`{k:${w * 100 + i}}`]));
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    const objs = await lake.objects('p', 'main');
    expect(objs).toHaveLength(160);
    const journal = await meta.journal(pool.id);
    expect(journal).toHaveLength(160);
    // Loads append on whatever the tip is: none of them needed a retry.
    expect(journal.every((c) => c.retries === 0)).toBe(true);
    const keys = (await scanText(lake, 'p')).map((s) => Number(/k:(\d+)/.exec(s)![1]));
    const want = Array.from({ length: 8 }, (_, w) => Array.from({ length: 20 }, (_, i) => w * 100 + i)).flat();
    expect(keys).toEqual(want);
  });

  it('a commit that keeps losing the race fails after 10 attempts with Zed message', async () => {
    const meta = new RacingMetaStore();
    let t = 1_700_000_000_000_000_000n;
    const lake = new Lake({ blobs: new MemoryBlobStore(), meta, now: () => (t += 1_000_000n) });
    await lake.createPool('p', { layout: { keys: [['k']] } });
    // A load appends (no race to lose); deleting its object is a compare-and-set.
    const loaded = await lake.load('p', 'main', batches(['{k:1}']));
    await expect(lake.deleteObjects('p', 'main', [loaded.objects[0]!.id])).rejects.toMatchObject({
      kind: 'internal',
      message: 'branch "main": exceeded max update attempts (10) to branch tip: commit failed',
    });
    expect(meta.attempts).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await lake.branchTip('p', 'main')).toBe(loaded.commit);
  });

  it('time travel: each earlier commit shows the objects as of that commit', async () => {
    const { lake } = newLake();
    await lake.createPool('p', { layout: { keys: [['k']] } });
    const commits: string[] = [];
    for (let i = 0; i < 5; i++) commits.push((await lake.load('p', 'main', batches([`{k:${i}}`]))).commit);
    const first = (await lake.objects('p', 'main')).find((o) => o.min.asInt() === 0n)!;
    const del = await lake.deleteObjects('p', 'main', [first.id]);
    for (let i = 0; i < 5; i++) {
      const want = Array.from({ length: i + 1 }, (_, k) => `{k:${k}}`);
      expect(await scanText(lake, 'p', `0x${commits[i]}`)).toEqual(want);
      expect(await scanText(lake, 'p', ksuidHexToBase62(commits[i]!))).toEqual(want);
    }
    expect(await scanText(lake, 'p', `0x${del.commit}`)).toEqual(['{k:1}', '{k:2}', '{k:3}', '{k:4}']);
    expect(await scanText(lake, 'p', '000000000000000000000000000')).toEqual([]);
    await expect(scanText(lake, 'p', 'nobranch')).rejects.toThrow('"nobranch": branch not found');
  });

  it('deleteObjects removes objects in one commit and refuses ids not in the branch', async () => {
    const { lake, meta } = newLake();
    const { pool } = await lake.createPool('p', { layout: { keys: [['k']] } });
    const a = await lake.load('p', 'main', batches(['{k:1}']));
    const b = await lake.load('p', 'main', batches(['{k:2}', '{k:3}']));
    const idA = a.objects[0]!.id;
    const res = await lake.deleteObjects('p', 'main', [idA], { author: 'x' });
    const c = await meta.getCommit(pool.id, res.commit);
    expect(c?.message).toBe(`deleted 1 data object\n\n  ${ksuidHexToBase62(idA)} 1 record in ${a.objects[0]!.size} data bytes\n`);
    expect(decodeActions(c!.actions)).toEqual([{ kind: 'delete', id: idA }]);
    expect(await scanText(lake, 'p')).toEqual(['{k:2}', '{k:3}']);
    await expect(lake.deleteObjects('p', 'main', [idA])).rejects.toMatchObject({
      kind: 'not-found',
      message: `${ksuidHexToBase62(idA)}: commit object not found`,
    });
    // A failed delete leaves the tip alone; the other object is still there.
    expect(await lake.branchTip('p', 'main')).toBe(res.commit);
    expect((await lake.objects('p', 'main')).map((o) => o.id)).toEqual([b.objects[0]!.id]);
  });

  it('scan with a key span reads only objects whose span overlaps it', async () => {
    const { lake, blobs } = newLake();
    await lake.createPool('p', { layout: { keys: [['k']] } });
    for (let i = 0; i < 5; i++) {
      await lake.load('p', 'main', batches([`{k:${i * 10}}`, `{k:${i * 10 + 5}}`]));
    }
    blobs.reads = 0;
    expect(await scanText(lake, 'p')).toHaveLength(10);
    expect(blobs.reads).toBe(5);
    blobs.reads = 0;
    expect(await scanText(lake, 'p', 'main', { lower: '12', upper: '22' })).toEqual(['{k:10}', '{k:15}', '{k:20}', '{k:25}']);
    expect(blobs.reads).toBe(2);
    blobs.reads = 0;
    expect(await scanText(lake, 'p', 'main', { lower: '41' })).toEqual(['{k:40}', '{k:45}']);
    expect(blobs.reads).toBe(1);
    blobs.reads = 0;
    expect(await scanText(lake, 'p', 'main', { upper: '-1' })).toEqual([]);
    expect(blobs.reads).toBe(0);
  });

  it('scan merges overlapping objects in key order across many batches', async () => {
    const { lake } = newLake();
    await lake.createPool('p', { layout: { order: 'desc', keys: [['k']] }, threshold: 200 });
    const n = 3000;
    const texts = Array.from({ length: n }, (_, i) => `{k:${(i * 7919) % n}}`);
    await lake.load('p', 'main', batches(texts, 500));
    await lake.load('p', 'main', batches(texts.slice(0, 100), 50));
    const keys = (await scanText(lake, 'p')).map((s) => Number(/k:(\d+)/.exec(s)![1]));
    expect(keys).toHaveLength(n + 100);
    expect(keys).toEqual([...keys].sort((a, b) => b - a));
  });
});

describe('object compression', () => {
  it('compressObjects writes smaller objects that read back the same', async () => {
    const texts = Array.from({ length: 500 }, (_, i) => `{k:${i},s:"the same long text repeated in every value"}`);
    const sizes: number[] = [];
    const outs: string[][] = [];
    for (const compressObjects of [false, true]) {
      let t = 1_700_000_000_000_000_000n;
      const lake = new Lake({ blobs: new MemoryBlobStore(), meta: new MemoryMetaStore(), now: () => (t += 1_000_000n), compressObjects });
      await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
      const r = await lake.load('p', 'main', batches(texts, 100));
      sizes.push(r.objects[0]!.size);
      outs.push(await scanText(lake, 'p'));
    }
    expect(sizes[1]!).toBeLessThan(sizes[0]! / 2);
    expect(outs[1]).toEqual(outs[0]);
    expect(outs[0]).toHaveLength(500);
  });
});

describe('concurrent loads', () => {
  it('8 writers loading at once on one branch all land, none retried', async () => {
    const { lake } = newLake();
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; i < 20; i++) await lake.load('p', 'main', batches([`{k:${w * 100 + i}}`]));
      }),
    );
    const history = await lake.history('p', 'main');
    expect(history).toHaveLength(160);
    expect(history.every((e) => e.retries === 0)).toBe(true);
    expect(await scanText(lake, 'p')).toHaveLength(160);
  });
});
