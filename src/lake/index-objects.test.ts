import { describe, expect, it } from 'vitest';
import { decodeZng } from '../formats/zng/index.js';
import { MemoryBlobStore, MemoryMetaStore } from '../storage/index.js';
import { ksuidHexToBase62 } from '../util/ksuid.js';
import { TypeContext, type Value } from '../zed/index.js';
import { formatValue, parseZsonValue } from '../zson/index.js';
import { decodeActions, indexObjectKey, Lake } from './index.js';

function newLake(): { lake: Lake; blobs: MemoryBlobStore } {
  const blobs = new MemoryBlobStore();
  let t = 1_700_000_000_000_000_000n;
  return { lake: new Lake({ blobs, meta: new MemoryMetaStore(), now: () => (t += 1_000_000n) }), blobs };
}

async function* rows(...texts: string[]): AsyncGenerator<Value[]> {
  const ctx = new TypeContext();
  yield texts.map((s) => parseZsonValue(s, ctx));
}

async function setup() {
  const { lake, blobs } = newLake();
  await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
  const a = await lake.load('p', 'main', rows('{ts:1,id:{h:10.0.0.1},s:"a"}', '{ts:2,id:{h:10.0.0.2},s:"b"}', '{ts:3,id:{h:10.0.0.1},s:"a"}'));
  const b = await lake.load('p', 'main', rows('{ts:4,id:{h:10.0.0.9},s:"c"}', '{ts:5,x:[10.0.0.9,10.0.0.7]}'));
  return { lake, blobs, a: a.objects[0]!, b: b.objects[0]!, loadB: b.commit };
}

describe('index rules', () => {
  it('creates, lists, refuses an equivalent rule and deletes by id', async () => {
    const { lake } = newLake();
    const [f, t] = await lake.createIndexRules([
      { kind: 'field', name: 'g', fields: [['id', 'h']] },
      { kind: 'type', name: 'g', type: 'ip' },
    ]);
    expect(f).toMatchObject({ kind: 'field', name: 'g', fields: [['id', 'h']] });
    expect((await lake.listIndexRules()).map((r) => r.id)).toEqual([f!.id, t!.id]);
    await expect(lake.createIndexRules([{ kind: 'field', name: 'g', fields: [['id', 'h']] }])).rejects.toThrow('index rule already exists');
    await expect(lake.createIndexRules([{ kind: 'type', name: 'x', type: '<<<' }])).rejects.toMatchObject({ kind: 'invalid' });
    await expect(lake.createIndexRules([{ kind: 'agg', name: 'x', script: 'count()' }])).rejects.toMatchObject({ kind: 'unsupported' });
    expect(await lake.deleteIndexRules([ksuidHexToBase62(t!.id)])).toEqual([t]);
    await expect(lake.deleteIndexRules(['bogus'])).rejects.toThrow('invalid ID: bogus');
    await expect(lake.lookupIndexRules(['nope'])).rejects.toThrow('rule "nope" not found');
  });
});

describe('index objects', () => {
  it('update index builds every missing index object in one commit, then has nothing left to do', async () => {
    const { lake, blobs, a, b } = await setup();
    const [field, type] = await lake.createIndexRules([
      { kind: 'field', name: 'g', fields: [['id', 'h']] },
      { kind: 'type', name: 'ips', type: 'ip' },
    ]);
    const r = await lake.updateIndex('p', 'main', []);
    const [head] = await lake.history('p', 'main');
    expect(head).toMatchObject({ id: r.commit, author: 'indexer', message: 'index rules applied: g,ips' });
    const actions = decodeActions(head!.actions);
    expect(actions.map((x) => x.kind)).toEqual(['addIndex', 'addIndex', 'addIndex', 'addIndex']);
    const snap = await lake.snapshot('p', 'main');
    expect(snap.indexObjects()).toHaveLength(4);
    const p = await lake.getPool('p');
    const fieldIndex = decodeZng((await blobs.get(indexObjectKey(p.id, field!.id, a.id)))!, new TypeContext()).map((v) => formatValue(v));
    expect(fieldIndex).toEqual([
      '{key:{id:{h:10.0.0.1}},count:2(uint64),seek:{min:0,max:2}}',
      '{key:{id:{h:10.0.0.2}},count:1(uint64),seek:{min:1,max:1}}',
    ]);
    const typeIndex = decodeZng((await blobs.get(indexObjectKey(p.id, type!.id, b.id)))!, new TypeContext()).map((v) => formatValue(v));
    expect(typeIndex).toEqual(['{key:10.0.0.7,count:1(uint64)}', '{key:10.0.0.9,count:2(uint64)}']);
    await expect(lake.updateIndex('p', 'main', ['g'])).rejects.toMatchObject({ kind: 'invalid', message: 'empty transaction' });
  });

  it('index apply takes object ids or a commit id and only the named rules', async () => {
    const { lake, a, loadB } = await setup();
    await lake.createIndexRules([
      { kind: 'field', name: 'g', fields: [['s']] },
      { kind: 'field', name: 'other', fields: [['ts']] },
    ]);
    await lake.indexObjects('p', 'main', ['g'], [`0x${a.id}`]);
    expect((await lake.snapshot('p', 'main')).indexObjects().map((x) => [x.id, x.rule.name])).toEqual([[a.id, 'g']]);
    await lake.indexObjects('p', 'main', ['g'], [ksuidHexToBase62(loadB)]);
    expect((await lake.snapshot('p', 'main')).indexObjects()).toHaveLength(2);
    await expect(lake.indexObjects('p', 'main', ['g'], ['1'.repeat(27)])).rejects.toThrow('commit object not found');
  });

  it('a field index prunes objects that lack the value from a scan', async () => {
    const { lake, a } = await setup();
    await lake.createIndexRules([{ kind: 'field', name: 'g', fields: [['s']] }]);
    await lake.updateIndex('p', 'main', ['g']);
    const ctx = new TypeContext();
    const seen = async (value: string): Promise<string[]> => {
      const out: string[] = [];
      for await (const batch of lake.scan('p', 'main', { indexLookup: { path: ['s'], value: parseZsonValue(value, ctx) } })) {
        for (const v of batch) out.push(formatValue(v));
      }
      return out;
    };
    expect(await seen('"a"')).toHaveLength(3);
    expect(await seen('"c"')).toHaveLength(2);
    expect(await seen('"zzz"')).toEqual([]);
    // A value of another type cannot be ruled out by a string index.
    expect(await seen('1')).toHaveLength(5);
    // Deleting the object leaves its index object out of the listing of live ones.
    await lake.deleteObjects('p', 'main', [a.id]);
    expect((await lake.snapshot('p', 'main')).indexObjects()).toHaveLength(1);
  });
});
