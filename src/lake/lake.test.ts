import { describe, expect, it } from 'vitest';
import { MemoryBlobStore, MemoryMetaStore } from '../storage/index.js';
import { ksuidHexToBase62, NIL_KSUID } from '../util/ksuid.js';
import { TypeContext, type Value } from '../zed/index.js';
import { parseZsonValue } from '../zson/index.js';
import { DEFAULT_SEEK_STRIDE, DEFAULT_THRESHOLD, Lake } from './index.js';

function newLake(): { lake: Lake; blobs: MemoryBlobStore } {
  const blobs = new MemoryBlobStore();
  let t = 1_700_000_000_000_000_000n;
  const lake = new Lake({ blobs, meta: new MemoryMetaStore(), now: () => (t += 1_000_000n) });
  return { lake, blobs };
}

async function* batches(texts: string[]): AsyncGenerator<Value[]> {
  const ctx = new TypeContext();
  yield texts.map((s) => parseZsonValue(s, ctx));
}

describe('Lake pools', () => {
  it('createPool applies Zed defaults: ts descending, 64 KiB stride, 500 MiB threshold', async () => {
    const { lake } = newLake();
    const { pool, branch } = await lake.createPool('logs');
    expect(pool.layout).toEqual({ order: 'desc', keys: [['ts']] });
    expect(pool.seekStride).toBe(DEFAULT_SEEK_STRIDE);
    expect(pool.threshold).toBe(DEFAULT_THRESHOLD);
    expect(branch).toEqual({ name: 'main', ts: pool.ts, commit: NIL_KSUID });
  });

  it('createPool takes keys without an order as asc and ignores order without keys', async () => {
    const { lake } = newLake();
    const a = await lake.createPool('a', { layout: { keys: [['x', 'y']] }, seekStride: 10, threshold: 100 });
    expect(a.pool.layout).toEqual({ order: 'asc', keys: [['x', 'y']] });
    expect(a.pool.seekStride).toBe(10);
    expect(a.pool.threshold).toBe(100);
    const b = await lake.createPool('b', { layout: { order: 'asc', keys: [] } });
    expect(b.pool.layout).toEqual({ order: 'desc', keys: [['ts']] });
  });

  it('createPool refuses HEAD and duplicate names', async () => {
    const { lake } = newLake();
    await expect(lake.createPool('HEAD')).rejects.toThrow('pool cannot be named "HEAD"');
    await lake.createPool('p');
    await expect(lake.createPool('p')).rejects.toMatchObject({ kind: 'exists', message: 'p: pool already exists' });
  });

  it('getPool finds a pool by hex id, base62 id or name', async () => {
    const { lake } = newLake();
    const { pool } = await lake.createPool('p');
    expect((await lake.getPool('p')).id).toBe(pool.id);
    expect((await lake.getPool(`0x${pool.id}`)).id).toBe(pool.id);
    expect((await lake.getPool(ksuidHexToBase62(pool.id))).id).toBe(pool.id);
    await expect(lake.getPool('nope')).rejects.toMatchObject({ kind: 'not-found', message: 'nope: pool not found' });
  });

  it('listPools and renamePool keep id and ts; renaming onto any existing name fails', async () => {
    const { lake } = newLake();
    const a = await lake.createPool('a');
    await lake.createPool('b');
    await lake.renamePool('a', 'c');
    const pools = await lake.listPools();
    expect(pools.map((p) => p.name).sort()).toEqual(['b', 'c']);
    const c = await lake.getPool('c');
    expect([c.id, c.ts]).toEqual([a.pool.id, a.pool.ts]);
    await expect(lake.renamePool('c', 'b')).rejects.toThrow('b: pool already exists');
    await expect(lake.renamePool('c', 'c')).rejects.toThrow('c: pool already exists');
    await expect(lake.renamePool('zz', 'y')).rejects.toThrow('zz: pool not found');
  });

  it('deletePool removes the pool and its data objects only', async () => {
    const { lake, blobs } = newLake();
    await lake.createPool('a', { layout: { keys: [['k']] } });
    await lake.createPool('b', { layout: { keys: [['k']] } });
    await lake.load('a', 'main', batches(['{k:1}']));
    await lake.load('b', 'main', batches(['{k:2}']));
    await lake.deletePool('a');
    await expect(lake.getPool('a')).rejects.toThrow('a: pool not found');
    const keys: string[] = [];
    for await (const b of blobs.list('')) keys.push(b.key);
    const b = await lake.getPool('b');
    // The object of b, its seek index and its column copy.
    expect(keys).toHaveLength(3);
    for (const k of keys) expect(k.startsWith(ksuidHexToBase62(b.id))).toBe(true);
    await expect(lake.deletePool('a')).rejects.toThrow('a: pool not found');
  });
});

describe('Lake branches', () => {
  it('createBranch points at a commit id and reports its tip', async () => {
    const { lake } = newLake();
    await lake.createPool('p', { layout: { keys: [['k']] } });
    const { commit } = await lake.load('p', 'main', batches(['{k:1}']));
    expect(await lake.branchTip('p', 'main')).toBe(commit);
    const dev = await lake.createBranch('p', 'dev', `0x${commit}`);
    expect(dev.commit).toBe(commit);
    expect(await lake.branchTip('p', 'dev')).toBe(commit);
    const empty = await lake.createBranch('p', 'empty', '000000000000000000000000000');
    expect(empty.commit).toBe(NIL_KSUID);
    expect((await lake.listBranches('p')).map((b) => b.name)).toEqual(['dev', 'empty', 'main']);
  });

  it('createBranch refuses bad commit text and duplicate names', async () => {
    const { lake } = newLake();
    await lake.createPool('p');
    await expect(lake.createBranch('p', 'x', 'zz')).rejects.toMatchObject({
      kind: 'invalid',
      message: 'invalid commit object: zz',
    });
    await expect(lake.createBranch('p', 'x', '')).rejects.toThrow('invalid commit object: ');
    await expect(lake.createBranch('p', 'main', NIL_KSUID.replace(/^/, '0x'))).rejects.toMatchObject({
      kind: 'exists',
      message: 'p/main: branch already exists',
    });
    await expect(lake.createBranch('q', 'x', '0x' + NIL_KSUID)).rejects.toThrow('q: pool not found');
  });

  it('deleteBranch removes only the pointer; missing branches are not found', async () => {
    const { lake } = newLake();
    await lake.createPool('p', { layout: { keys: [['k']] } });
    const { commit } = await lake.load('p', 'main', batches(['{k:1}']));
    await lake.deleteBranch('p', 'main');
    await expect(lake.branchTip('p', 'main')).rejects.toMatchObject({ kind: 'not-found', message: '"main": branch not found' });
    await expect(lake.deleteBranch('p', 'main')).rejects.toThrow('"main": branch not found');
    // The commit is still there for time travel.
    expect((await lake.objects('p', `0x${commit}`)).length).toBe(1);
    await expect(lake.load('p', 'main', batches(['{k:2}']))).rejects.toThrow('"main": branch not found');
  });
});
