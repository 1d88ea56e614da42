// Index rules and index objects (API revisions up to 1.8.0) on the local
// adapter, whose lake runs agg rules through the compiler.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ParseError, TypeContext } from '../../src/index.js';
import { decodeZng } from '../../src/formats/zng/index.js';
import { indexObjectKey } from '../../src/lake/index.js';
import { formatValue } from '../../src/zson/index.js';
import { lines, localLake, zson, type TempLake } from './helpers.js';

let l: TempLake;
beforeEach(async () => {
  l = await localLake();
});
afterEach(() => l.dispose());

describe('index rules on the local adapter', () => {
  it('an agg rule keeps what its query computes over each object', async () => {
    const { lake, blobs } = l;
    await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    const a = await lake.load('p', 'main', zson('{ts:1,s:"x"}{ts:2,s:"y"}{ts:3,s:"x"}'));
    const [rule] = await lake.createIndexRules([{ kind: 'agg', name: 'byS', script: 'count() by s | sort s' }]);
    await expect(lake.createIndexRules([{ kind: 'agg', name: 'bad', script: 'count(' }])).rejects.toBeInstanceOf(ParseError);
    const r = await lake.updateIndex('p', 'main', ['byS'], { message: 'mine' });
    const p = await lake.getPool('p');
    const bytes = await blobs.get(indexObjectKey(p.id, rule!.id, a.objects[0]!.id));
    expect(decodeZng(bytes!, new TypeContext()).map((v) => formatValue(v))).toEqual(['{s:"x",count:2(uint64)}', '{s:"y",count:1(uint64)}']);
    const [head] = await lake.history('p', 'main');
    expect(head).toMatchObject({ id: r.commit, message: 'mine', author: 'indexer' });
    expect(await lines(lake, 'from p:indexes | yield rule.script')).toEqual(['"count() by s | sort s"']);
    expect(await lines(lake, 'from :index_rules | yield nameof(this)')).toEqual(['"index.AggRule"']);
  });

  it('rules persist in the libSQL file and deleting one keeps its index objects', async () => {
    const { lake } = l;
    await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    await lake.load('p', 'main', zson('{ts:1,s:"x"}'));
    const [f] = await lake.createIndexRules([{ kind: 'field', name: 'g', fields: [['s']] }]);
    await lake.updateIndex('p', 'main', []);
    expect(await lake.deleteIndexRules([`0x${f!.id}`])).toEqual([f]);
    expect(await lake.listIndexRules()).toEqual([]);
    expect(await lines(lake, 'from p:indexes | yield rule.name')).toEqual(['"g"']);
  });
});

describe('field indexes in queries', () => {
  it('an equality filter skips the objects whose index lacks the value', async () => {
    const { Lake, MemoryBlobStore, MemoryMetaStore } = await import('../../src/index.js');
    const read = new Set<string>();
    class Store extends MemoryBlobStore {
      override getStream(key: string) {
        read.add(key);
        return super.getStream(key);
      }
      override getRange(key: string, offset: number, length: number) {
        read.add(key);
        return super.getRange(key, offset, length);
      }
    }
    let t = 1_700_000_000_000_000_000n;
    const lake = new Lake({ blobs: new Store(), meta: new MemoryMetaStore(), now: () => (t += 1_000_000_000n) });
    await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    await lake.load('p', 'main', zson('{ts:1,s:"a"}{ts:2,s:"b"}'));
    await lake.load('p', 'main', zson('{ts:3,s:"c"}'));
    await lake.load('p', 'main', zson('{ts:4,s:"a"}'));
    await lake.createIndexRules([{ kind: 'field', name: 'g', fields: [['s']] }]);
    await lake.updateIndex('p', 'main', []);
    // Data objects read, as values or as columns (a query of a few fields reads their columns).
    const dataRead = (): number => new Set([...read].flatMap((k) => /\/data\/(\w+)(?:-cols\.vng|\.zng)$/.exec(k)?.[1] ?? [])).size;
    read.clear();
    expect(await lines(lake, 'from p | s == "a" | yield ts')).toEqual(['1', '4']);
    expect(dataRead()).toBe(2);
    read.clear();
    expect(await lines(lake, 'from p | s == "zz" and ts > 0 | yield ts')).toEqual([]);
    expect(dataRead()).toBe(0);
    read.clear();
    expect(await lines(lake, 'from p | s != "zz" | yield ts')).toEqual(['1', '2', '3', '4']);
    expect(dataRead()).toBe(3);
  });
});
