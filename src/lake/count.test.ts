import { describe, expect, it } from 'vitest';
import { MemoryBlobStore, MemoryMetaStore } from '../storage/index.js';
import { newInt64, TypeContext, TypeFloat64, TypeInt64, type Value } from '../zed/index.js';
import { formatValue, parseZsonValue } from '../zson/index.js';
import { keyOf, Lake, newScanStats } from './index.js';

function newLake(loadMemoryLimit?: number): Lake {
  let t = 1_700_000_000_000_000_000n;
  return new Lake({
    blobs: new MemoryBlobStore(),
    meta: new MemoryMetaStore(),
    now: () => (t += 1_000_000n),
    ...(loadMemoryLimit !== undefined ? { loadMemoryLimit } : {}),
  });
}

async function* numbers(from: number, to: number, step = 1, batch = 100): AsyncGenerator<Value[]> {
  const ctx = new TypeContext();
  let b: Value[] = [];
  for (let i = from; i < to; i += step) {
    b.push(parseZsonValue(`{k:${i},s:"value number ${i}"}`, ctx));
    if (b.length === batch) {
      yield b;
      b = [];
    }
  }
  if (b.length > 0) yield b;
}

const stats = newScanStats;

describe('seek indexes and metadata counts', () => {
  it('a key-span scan reads only the seek streams that may hold the span', async () => {
    const lake = newLake();
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] }, seekStride: 64 });
    const load = await lake.load('p', 'main', numbers(0, 1000));
    expect(load.objects).toHaveLength(1);
    const all = stats();
    let n = 0;
    for await (const b of lake.scan('p', 'main', { stats: all })) n += b.length;
    expect(n).toBe(1000);
    expect(all.storedBytes).toBe(load.objects[0]!.size);
    expect(all.recordsRead).toBe(1000);
    const half = stats();
    const seen: number[] = [];
    for await (const b of lake.scan('p', 'main', { keySpan: { lower: newInt64(500) }, stats: half })) {
      for (const v of b) seen.push(Number(keyOf(v, ['k']).asInt()));
    }
    // A little before 500 may come back (its stream straddles it), never less than that.
    expect(seen.filter((k) => k >= 500)).toHaveLength(500);
    expect(seen.length).toBeLessThan(560);
    expect(half.storedBytes / all.storedBytes).toBeGreaterThan(0.4);
    expect(half.storedBytes / all.storedBytes).toBeLessThan(0.6);
    // Zed's records_read: every value of the streams read, the filter not yet applied.
    expect(half.recordsRead).toBe(seen.length);
  });

  it('counts from metadata: whole pool unread, a span reads only its boundary streams', async () => {
    const lake = newLake();
    await lake.createPool('p', { layout: { order: 'desc', keys: [['k']] }, seekStride: 64 });
    await lake.load('p', 'main', numbers(0, 1000));
    await lake.load('p', 'main', numbers(1000, 2000));
    const s = stats();
    expect(await lake.count('p', 'main', { stats: s })).toBe(2000);
    expect(s.storedBytes).toBe(0);
    // Counted unread, tallied as read and matched, with the value bytes the seek indexes keep.
    expect(s.recordsRead).toBe(2000);
    expect(s.recordsMatched).toBe(2000);
    const all = newScanStats();
    for await (const _ of lake.scan('p', 'main', { stats: all })) void _;
    expect(s.bytesRead).toBe(all.bytesRead);
    expect(s.bytesMatched).toBe(all.bytesRead);
    const t = stats();
    expect(await lake.count('p', 'main', { keySpan: { lower: newInt64(500) }, stats: t })).toBe(1500);
    expect(await lake.count('p', 'main', { keySpan: { lower: newInt64(500), lowerExclusive: true } })).toBe(1499);
    expect(await lake.count('p', 'main', { keySpan: { lower: newInt64(10), upper: newInt64(1500), upperExclusive: true } })).toBe(1490);
    expect(t.objectsRead).toBe(1);
    expect(t.storedBytes).toBeGreaterThan(0);
    expect(t.storedBytes).toBeLessThan(2000);
    expect(t.recordsMatched).toBe(1500);
    expect(t.recordsRead).toBeGreaterThan(1500);
    // A filter decides the values read; wholly covered streams still count unread.
    const odd = (v: Value) => Number(keyOf(v, ['k']).asInt()) >= 500;
    expect(await lake.count('p', 'main', { keySpan: { lower: newInt64(500) }, filter: odd })).toBe(1500);
  });

  it('a key of another type than the span bound is read and filtered, not counted unread', async () => {
    const lake = newLake();
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    const ctx = new TypeContext();
    await lake.load('p', 'main', (async function* () {
      yield ['{k:1}', '{k:2.5}', '{k:"x"}', '{k:3}', '{j:1}'].map((s) => parseZsonValue(s, ctx));
    })());
    // As Zed's `k >= 2` does: numbers compare by value, other types never match.
    const filter = (v: Value): boolean => {
      const k = keyOf(v, ['k']);
      const n = k.type === TypeInt64 ? Number(k.asInt()) : k.type === TypeFloat64 ? k.asFloat() : -Infinity;
      return n >= 2;
    };
    expect(await lake.count('p', 'main', { keySpan: { lower: newInt64(2) }, filter })).toBe(2);
  });
});

describe('load memory bound', () => {
  it('a load larger than the memory limit is written as several sorted objects', async () => {
    const lake = newLake(4096);
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    const r = await lake.load('p', 'main', numbers(0, 2000));
    expect(r.objects.length).toBeGreaterThan(5);
    // Sorted input gives disjoint objects.
    const objs = await lake.objects('p', 'main');
    for (let i = 1; i < objs.length; i++) expect(objs[i]!.min.asInt()).toBeGreaterThan(objs[i - 1]!.max.asInt());
    const out: string[] = [];
    for await (const b of lake.scan('p', 'main')) for (const v of b) out.push(formatValue(v));
    expect(out).toHaveLength(2000);
    expect(out[1999]).toBe('{k:1999,s:"value number 1999"}');
  });

  it('values bigger than an arena chunk and null keys survive runs and their reuse', async () => {
    const lake = newLake(6 << 20);
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    const ctx = new TypeContext();
    const big = 'x'.repeat(5 << 20);
    await lake.load('p', 'main', (async function* () {
      for (let r = 0; r < 3; r++) {
        yield [parseZsonValue(`{k:${10 - r},s:"${big}"}`, ctx), parseZsonValue(`{j:${r}}`, ctx), parseZsonValue(`{k:${r},s:"small"}`, ctx)];
      }
    })());
    const out: string[] = [];
    for await (const b of lake.scan('p', 'main')) for (const v of b) out.push(formatValue(v).slice(0, 12));
    expect(out).toEqual(['{k:0,s:"smal', '{k:1,s:"smal', '{k:2,s:"smal', '{k:8,s:"xxxx', '{k:9,s:"xxxx', '{k:10,s:"xxx', '{j:0}', '{j:1}', '{j:2}']);
    expect((await lake.objects('p', 'main')).length).toBeGreaterThan(1);
  });

  it('unsorted input over the limit still scans back in key order', async () => {
    const lake = newLake(2048);
    await lake.createPool('p', { layout: { order: 'desc', keys: [['k']] } });
    const ctx = new TypeContext();
    const n = 1500;
    await lake.load('p', 'main', (async function* () {
      yield Array.from({ length: n }, (_, i) => parseZsonValue(`{k:${(i * 7919) % n}}`, ctx));
    })());
    const keys: number[] = [];
    for await (const b of lake.scan('p', 'main')) for (const v of b) keys.push(Number(keyOf(v, ['k']).asInt()));
    expect(keys).toEqual(Array.from({ length: n }, (_, i) => n - 1 - i));
  });
});
