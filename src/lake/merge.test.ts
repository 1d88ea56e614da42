import { describe, expect, it } from 'vitest';
import { MemoryBlobStore, MemoryMetaStore } from '../storage/index.js';
import { ksuidHexToBase62 } from '../util/ksuid.js';
import { TypeContext, type Value } from '../zed/index.js';
import { formatValue, parseZsonValue } from '../zson/index.js';
import { decodeActions, Lake } from './index.js';

function newLake(): { lake: Lake; meta: MemoryMetaStore } {
  const meta = new MemoryMetaStore();
  let t = 1_700_000_000_000_000_000n;
  return { lake: new Lake({ blobs: new MemoryBlobStore(), meta, now: () => (t += 1_000_000n) }), meta };
}

async function* rows(...texts: string[]): AsyncGenerator<Value[]> {
  const ctx = new TypeContext();
  yield texts.map((s) => parseZsonValue(s, ctx));
}

async function read(lake: Lake, commitish: string): Promise<string[]> {
  const out: string[] = [];
  for await (const b of lake.scan('p', commitish)) for (const v of b) out.push(formatValue(v));
  return out;
}

async function setup(): Promise<Lake> {
  const { lake } = newLake();
  await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
  await lake.load('p', 'main', rows('{k:1}'));
  const tip = await lake.branchTip('p', 'main');
  await lake.createBranch('p', 'dev', `0x${tip}`);
  return lake;
}

describe('Lake.merge', () => {
  it('adds to the parent what the child added, with the default message and a null meta', async () => {
    const lake = await setup();
    await lake.load('p', 'dev', rows('{k:2}'));
    await lake.load('p', 'main', rows('{k:3}'));
    const r = await lake.merge('p', 'dev', 'main', { author: 'me', meta: parseZsonValue('{x:1}', new TypeContext()) });
    expect(await read(lake, 'main')).toEqual(['{k:1}', '{k:2}', '{k:3}']);
    expect(await read(lake, 'dev')).toEqual(['{k:1}', '{k:2}']);
    const [head] = await lake.history('p', 'main');
    expect(head).toMatchObject({ id: r.commit, author: 'me', message: 'merged "dev" into "main"', meta: null });
    expect(decodeActions(head!.actions).map((a) => a.kind)).toEqual(['add']);
  });

  it("applies the child's deletes that the parent still has", async () => {
    const lake = await setup();
    const [o] = await lake.objects('p', 'dev');
    await lake.deleteObjects('p', 'dev', [o!.id]);
    await lake.load('p', 'dev', rows('{k:9}'));
    await lake.merge('p', 'dev', 'main');
    expect(await read(lake, 'main')).toEqual(['{k:9}']);
  });

  it('fails on nothing to merge, a delete conflict, a branch into itself and unknown branches', async () => {
    const lake = await setup();
    await expect(lake.merge('p', 'dev', 'main')).rejects.toMatchObject({
      kind: 'internal',
      message: 'error merging "dev" into "main": difference is empty',
    });
    const [o] = await lake.objects('p', 'dev');
    await lake.deleteObjects('p', 'dev', [o!.id]);
    await lake.deleteObjects('p', 'main', [o!.id]);
    await expect(lake.merge('p', 'dev', 'main')).rejects.toThrow(
      `error merging "dev" into "main": delete conflict: ${ksuidHexToBase62(o!.id)}`,
    );
    await expect(lake.merge('p', 'main', 'main')).rejects.toThrow('cannot merge branch into itself');
    await expect(lake.merge('p', 'nope', 'main')).rejects.toThrow('"nope": branch not found');
    await expect(lake.merge('p', 'dev', 'nope')).rejects.toThrow('"nope": branch not found');
  });

  it('merges a branch made from an empty pool (the nil commit is the common ancestor)', async () => {
    const { lake } = newLake();
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    await lake.createBranch('p', 'dev', '0x' + '0'.repeat(40));
    await lake.load('p', 'dev', rows('{k:5}'));
    await lake.merge('p', 'dev', 'main');
    expect(await read(lake, 'main')).toEqual(['{k:5}']);
  });

  it('merges twice without adding an object twice', async () => {
    const lake = await setup();
    await lake.load('p', 'dev', rows('{k:2}'));
    await lake.merge('p', 'dev', 'main');
    await lake.load('p', 'dev', rows('{k:4}'));
    await lake.merge('p', 'dev', 'main');
    expect(await read(lake, 'main')).toEqual(['{k:1}', '{k:2}', '{k:4}']);
  });
});

describe('Lake.revert', () => {
  it('reverts a load, then reverting the revert brings the data back', async () => {
    const { lake } = newLake();
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    await lake.load('p', 'main', rows('{k:1}'));
    const second = await lake.load('p', 'main', rows('{k:2}'));
    const r = await lake.revert('p', 'main', `0x${second.commit}`, { author: 'a' });
    expect(await read(lake, 'main')).toEqual(['{k:1}']);
    const [head] = await lake.history('p', 'main');
    expect(head).toMatchObject({ message: `reverted commit ${ksuidHexToBase62(second.commit)}`, author: 'a' });
    await lake.revert('p', 'main', ksuidHexToBase62(r.commit));
    expect(await read(lake, 'main')).toEqual(['{k:1}', '{k:2}']);
  });

  it('reverts a delete and fails when the revert would change nothing', async () => {
    const { lake } = newLake();
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    const load = await lake.load('p', 'main', rows('{k:1}', '{k:2}'));
    const del = await lake.deleteObjects('p', 'main', [load.objects[0]!.id]);
    expect(await read(lake, 'main')).toEqual([]);
    await lake.revert('p', 'main', `0x${del.commit}`);
    expect(await read(lake, 'main')).toEqual(['{k:1}', '{k:2}']);
    await expect(lake.revert('p', 'main', `0x${del.commit}`)).rejects.toMatchObject({ kind: 'internal', message: 'revert commit is empty' });
  });

  it('reports an unknown commit and a bad id', async () => {
    const { lake } = newLake();
    await lake.createPool('p');
    const missing = '1'.repeat(40);
    await expect(lake.revert('p', 'main', `0x${missing}`)).rejects.toThrow(`commit not found: ${ksuidHexToBase62(missing)}`);
    await expect(lake.revert('p', 'main', 'xyz')).rejects.toMatchObject({ kind: 'invalid', message: 'invalid ID: xyz' });
  });
});
