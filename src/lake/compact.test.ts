import { describe, expect, it } from 'vitest';
import { VngDecoder } from '../formats/vng/index.js';
import { MemoryBlobStore, MemoryMetaStore } from '../storage/index.js';
import { ksuidHexToBase62 } from '../util/ksuid.js';
import { TypeContext, type Value } from '../zed/index.js';
import { formatValue, parseZsonValue } from '../zson/index.js';
import { decodeActions, Lake, vectorKey } from './index.js';

function newLake(): { lake: Lake; blobs: MemoryBlobStore } {
  const blobs = new MemoryBlobStore();
  let t = 1_700_000_000_000_000_000n;
  return { lake: new Lake({ blobs, meta: new MemoryMetaStore(), now: () => (t += 1_000_000n) }), blobs };
}

async function* rows(...texts: string[]): AsyncGenerator<Value[]> {
  const ctx = new TypeContext();
  yield texts.map((s) => parseZsonValue(s, ctx));
}

async function read(lake: Lake): Promise<string[]> {
  const out: string[] = [];
  for await (const b of lake.scan('p', 'main')) for (const v of b) out.push(formatValue(v));
  return out;
}

describe('Lake.compact', () => {
  it('merges overlapping objects into one sorted object in one commit', async () => {
    const { lake } = newLake();
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    const a = await lake.load('p', 'main', rows('{k:1}', '{k:5}'));
    const b = await lake.load('p', 'main', rows('{k:3}', '{k:7}'));
    const c = await lake.load('p', 'main', rows('{k:10}'));
    const ids = [a, b].map((r) => `0x${r.objects[0]!.id}`);
    await lake.compact('p', 'main', ids, { author: 'me' });
    expect(await read(lake)).toEqual(['{k:1}', '{k:3}', '{k:5}', '{k:7}', '{k:10}']);
    const objects = await lake.objects('p', 'main');
    expect(objects).toHaveLength(2);
    expect(objects[1]!.id).toBe(c.objects[0]!.id);
    expect(objects[0]!.count).toBe(4);
    const [head] = await lake.history('p', 'main');
    expect(head!.message).toMatch(/^compacted 2 objects\n\n {2}\w{27} 2 records in \d+ data bytes\n {2}\w{27} 2 records in \d+ data bytes\n\ncreated 1 object\n\n {2}\w{27} 4 records in \d+ data bytes\n$/);
    expect(decodeActions(head!.actions).map((x) => x.kind)).toEqual(['add', 'delete', 'delete']);
  });

  it('never cuts an object inside a run of equal keys and can write vectors', async () => {
    const { lake, blobs } = newLake();
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] }, threshold: 20 });
    const a = await lake.load('p', 'main', rows('{k:1,s:"aaaaaaaa"}', '{k:1,s:"bbbbbbbb"}', '{k:1,s:"cccccccc"}'));
    const b = await lake.load('p', 'main', rows('{k:1,s:"dddddddd"}', '{k:2,s:"eeeeeeee"}'));
    const before = await read(lake);
    await lake.compact('p', 'main', [...a.objects, ...b.objects].map((o) => ksuidHexToBase62(o.id)), {}, true);
    expect(await read(lake)).toEqual(before);
    const objects = await lake.objects('p', 'main');
    expect(objects.map((o) => [o.min.asInt(), o.max.asInt()])).toEqual([
      [1n, 1n],
      [2n, 2n],
    ]);
    const snap = await lake.snapshot('p', 'main');
    expect(snap.vectorObjects()).toHaveLength(objects.length);
    const p = await lake.getPool('p');
    const vng = await blobs.get(vectorKey(p.id, objects[1]!.id));
    const dec = new VngDecoder(new TypeContext());
    const vals = [...dec.push(vng!), ...dec.end()];
    expect(vals.map((v) => formatValue(v))).toEqual(['{k:2,s:"eeeeeeee"}']);
  });

  it('needs two objects of the branch', async () => {
    const { lake } = newLake();
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    const a = await lake.load('p', 'main', rows('{k:1}'));
    await expect(lake.compact('p', 'main', [`0x${a.objects[0]!.id}`])).rejects.toThrow('compact: two or more source objects required');
    const missing = '2'.repeat(40);
    await expect(lake.compact('p', 'main', [`0x${a.objects[0]!.id}`, `0x${missing}`])).rejects.toThrow(
      `${ksuidHexToBase62(missing)}: commit object not found`,
    );
  });
});

describe('Lake vectors', () => {
  it('adds and deletes vector copies with Zed\'s checks and messages', async () => {
    const { lake, blobs } = newLake();
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    const a = await lake.load('p', 'main', rows('{k:1}', '{k:2}'));
    const id = a.objects[0]!.id;
    const id62 = ksuidHexToBase62(id);
    await lake.addVectors('p', 'main', [`0x${id}`]);
    const [head] = await lake.history('p', 'main');
    expect(head!.message).toBe(`vector add\n\n    ${id62}\n`);
    expect((await lake.snapshot('p', 'main')).hasVector(id)).toBe(true);
    const p = await lake.getPool('p');
    expect(await blobs.get(vectorKey(p.id, id))).not.toBeNull();
    await expect(lake.addVectors('p', 'main', [id62])).rejects.toThrow(`vector exists for ${id62}: vector add operation aborted`);
    await lake.deleteVectors('p', 'main', [id62]);
    expect((await lake.snapshot('p', 'main')).hasVector(id)).toBe(false);
    await expect(lake.deleteVectors('p', 'main', [id62])).rejects.toThrow(`vector ${id62} does not exist: vector delete operation aborted`);
    const missing = '3'.repeat(40);
    await expect(lake.addVectors('p', 'main', [`0x${missing}`])).rejects.toMatchObject({
      kind: 'not-found',
      message: `object ${ksuidHexToBase62(missing)}: file does not exist`,
    });
    await lake.deleteObjects('p', 'main', [id]);
    await expect(lake.deleteVectors('p', 'main', [id62])).rejects.toThrow(`non-existent object ${id62}: vector delete operation aborted`);
    await expect(lake.addVectors('p', 'main', [id62])).rejects.toThrow(`non-existent object ${id62}: vector add operation aborted`);
  });
});
