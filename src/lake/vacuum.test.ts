import { describe, expect, it } from 'vitest';
import { MemoryBlobStore, MemoryMetaStore } from '../storage/index.js';
import { TypeContext, type Value } from '../zed/index.js';
import { formatValue, parseZsonValue } from '../zson/index.js';
import { Lake } from './index.js';

const T0 = 1_700_000_000_000_000_000n;

function newLake(): { lake: Lake; blobs: MemoryBlobStore; clock: { t: bigint } } {
  const blobs = new MemoryBlobStore();
  const clock = { t: T0 };
  const lake = new Lake({ blobs, meta: new MemoryMetaStore(), now: () => (clock.t += 1_000_000_000n) });
  return { lake, blobs, clock };
}

async function* rows(...texts: string[]): AsyncGenerator<Value[]> {
  const ctx = new TypeContext();
  yield texts.map((s) => parseZsonValue(s, ctx));
}

async function keys(blobs: MemoryBlobStore): Promise<string[]> {
  const out: string[] = [];
  for await (const b of blobs.list('')) out.push(b.key);
  return out;
}

async function read(lake: Lake, commitish: string): Promise<string[]> {
  const out: string[] = [];
  for await (const b of lake.scan('p', commitish)) for (const v of b) out.push(formatValue(v));
  return out;
}

describe('Lake.vacuum', () => {
  it('removes exactly the objects deleted along the revision path, dry run first', async () => {
    const { lake, blobs } = newLake();
    await lake.createPool('p', { layout: { keys: [['k']] } });
    const a = await lake.load('p', 'main', rows('{k:1}'));
    const b = await lake.load('p', 'main', rows('{k:2}'));
    const c = await lake.load('p', 'main', rows('{k:3}'));
    const idA = a.objects[0]!.id;
    const idB = b.objects[0]!.id;
    await lake.deleteObjects('p', 'main', [idA, idB]);
    const before = await keys(blobs);
    expect(await lake.vacuum('p', 'main', { dryrun: true })).toEqual({ objectIds: [idA, idB].sort() });
    expect(await keys(blobs)).toEqual(before);
    expect(await lake.vacuum('p', 'main', { dryrun: false })).toEqual({ objectIds: [idA, idB].sort() });
    // Only c's data file, seek index and column copy are left.
    const left = await keys(blobs);
    expect(left).toHaveLength(3);
    const c62 = (await lake.objects('p', 'main'))[0]!.id;
    expect(c62).toBe(c.objects[0]!.id);
    expect(await read(lake, 'main')).toEqual(['{k:3}']);
    // A second vacuum finds nothing; time travel to before the delete now fails.
    expect(await lake.vacuum('p', 'main', { dryrun: false })).toEqual({ objectIds: [] });
    await expect(read(lake, `0x${b.commit}`)).rejects.toThrow('file does not exist');
  });

  it('keeps objects another branch still uses and those not yet deleted at the revision', async () => {
    const { lake } = newLake();
    await lake.createPool('p', { layout: { keys: [['k']] } });
    const a = await lake.load('p', 'main', rows('{k:1}'));
    await lake.createBranch('p', 'dev', `0x${a.commit}`);
    const del = await lake.deleteObjects('p', 'main', [a.objects[0]!.id]);
    expect(await lake.vacuum('p', 'main', { dryrun: true })).toEqual({ objectIds: [] });
    expect(await read(lake, 'dev')).toEqual(['{k:1}']);
    await lake.deleteBranch('p', 'dev');
    // Vacuum at the commit before the delete: nothing is unused there yet.
    expect(await lake.vacuum('p', `0x${a.commit}`, { dryrun: true })).toEqual({ objectIds: [] });
    expect(await lake.vacuum('p', `0x${del.commit}`, { dryrun: false })).toEqual({ objectIds: [a.objects[0]!.id] });
  });

  it('removes the orphans of a load that never committed once they are older than the grace period', async () => {
    const { lake, blobs, clock } = newLake();
    await lake.createPool('p', { layout: { keys: [['k']] } });
    await lake.load('p', 'main', rows('{k:1}'));
    // A load that wrote its object and died before committing.
    const p = await lake.getPool('p');
    const w = lake.objectWriter(p);
    await w.write([parseZsonValue('{k:2}', new TypeContext())]);
    const [orphan] = await w.close();
    expect(await read(lake, 'main')).toEqual(['{k:1}']);
    expect(await lake.vacuum('p', 'main', { dryrun: true })).toEqual({ objectIds: [] });
    expect(await lake.vacuum('p', 'main', { dryrun: true, orphanGraceNs: 0n })).toEqual({ objectIds: [orphan!.id] });
    clock.t += 3_600_000_000_000n;
    expect(await lake.vacuum('p', 'main', { dryrun: false })).toEqual({ objectIds: [orphan!.id] });
    expect(await keys(blobs)).toHaveLength(3);
    expect(await read(lake, 'main')).toEqual(['{k:1}']);
  });

  it('reports an unknown pool and branch', async () => {
    const { lake } = newLake();
    await expect(lake.vacuum('nope', 'main', { dryrun: true })).rejects.toThrow('nope: pool not found');
    await lake.createPool('p');
    await expect(lake.vacuum('p', 'dev', { dryrun: true })).rejects.toThrow('"dev": branch not found');
  });
});

describe('Lake.poolStats', () => {
  it('sums sizes of main and gives a time span only for time keys', async () => {
    const { lake } = newLake();
    await lake.createPool('t');
    expect(await lake.poolStats('t')).toEqual({ size: 0, span: null });
    const a = await lake.load('t', 'main', rows('{ts:2020-01-01T00:00:10Z}', '{ts:2020-01-01T00:00:00Z}'));
    const b = await lake.load('t', 'main', rows('{ts:2020-01-01T00:00:20Z}'));
    const s = await lake.poolStats('t');
    expect(s.size).toBe(a.objects[0]!.size + b.objects[0]!.size);
    expect(s.span).toEqual({ ts: 1_577_836_800_000_000_000n, dur: 20_000_000_001n });
    await lake.createPool('n', { layout: { keys: [['k']] } });
    await lake.load('n', 'main', rows('{k:1}'));
    expect((await lake.poolStats('n')).span).toBeNull();
    await lake.deleteBranch('n', 'main');
    await expect(lake.poolStats('n')).rejects.toThrow('"main": branch not found');
  });
});

describe('a scan over a vacuumed object', () => {
  it('fails a scan whose later object is gone before any value of the earlier object goes out', async () => {
    const { lake } = newLake();
    await lake.createPool('p', { layout: { keys: [['k']] } });
    await lake.load('p', 'main', rows('{k:1}'));
    const b = await lake.load('p', 'main', rows('{k:2}'));
    const undo = await lake.revert('p', 'main', `0x${b.commit}`);
    expect((await lake.vacuum('p', 'main', { dryrun: false })).objectIds).toEqual([b.objects[0]!.id]);
    // Reverting the revert brings back an object whose file vacuum removed.
    await lake.revert('p', 'main', `0x${undo.commit}`);
    const seen: string[] = [];
    const scan = async () => {
      for await (const batch of lake.scan('p', 'main')) for (const v of batch) seen.push(formatValue(v));
    };
    await expect(scan()).rejects.toThrow(/^object \w+: file does not exist$/);
    expect(seen).toEqual([]);
  });
});
