import { describe, expect, it } from 'vitest';
import { Lake, MemoryBlobStore, MemoryMetaStore, TypeContext, prepareQuery, encodeBatches, formatByName, readValues } from '../index.js';
import { ColumnCache } from './column-cache.js';

const seg = (n: number) => new Uint8Array(n).fill(7);

describe('ColumnCache', () => {
  it('keeps dictionaries by name and drops them all past a quarter of its bound in bytes', () => {
    const cache = new ColumnCache(40_000);
    expect(cache.dictionaryBytes).toBe(10_000);
    const a = cache.dictionary('a');
    expect(cache.dictionary('a')).toBe(a);
    const big = new TextEncoder().encode('x'.repeat(100));
    for (let i = 0; i < 60; i++) {
      big[0] = i;
      a.codeOf(big, 0, big.length);
    }
    expect(a.byteLength).toBeGreaterThan(5_000);
    // Past half its share, a dictionary is made anew; past the whole share, all are.
    const a2 = cache.dictionary('a');
    expect(a2).not.toBe(a);
    expect(a2.size).toBe(0);
    const b = cache.dictionary('b');
    for (let i = 0; i < 120; i++) {
      big[0] = i;
      b.codeOf(big, 0, big.length);
    }
    expect(cache.codesUnder('b')).toBe(120);
    cache.dictionary('c');
    expect(cache.codesUnder('b')).toBe(0);
  });

  it('keeps segments and decoded columns by object, within its bound, least recently used out first', () => {
    const c = new ColumnCache(1000);
    const a = c.segments('aa')!;
    const b = c.segments('bb')!;
    a.put(0, seg(400));
    b.put(0, seg(400));
    expect(a.get(0)).toHaveLength(400);
    // aa was used last: bb goes when cc needs room.
    c.get('aa');
    c.segments('cc')!.put(0, seg(300));
    expect(c.get('bb')).toBeUndefined();
    expect(c.get('aa')?.segments.get(0)).toHaveLength(400);
    expect(c.bytes).toBe(700);
    // A decoded column is made once.
    let made = 0;
    const make = () => {
      made++;
      return new Int32Array(10);
    };
    expect(a.memo('k', make)).toBe(a.memo('k', make));
    expect(made).toBe(1);
    expect(c.bytes).toBe(740);
    c.forget(['aa']);
    expect(c.bytes).toBe(300);
    expect(a.get(0)).toBeUndefined();
  });

  it('keeps what is small of an object whose segments go: its head and small derived values, once', () => {
    const c = new ColumnCache(100_000);
    const a = c.segments('aa')!;
    a.put(0, seg(40_000));
    a.memo('pairs', () => new Int32Array(100));
    // Large, or a view of a larger buffer: not kept.
    a.memo('big', () => new Int32Array(5000));
    a.memo('view', () => new Uint8Array(40_000).subarray(0, 10));
    expect(c.bytes).toBe(40_000 + 400 + 20_000 + 10);
    c.segments('bb')!.put(0, seg(60_000));
    // aa's segments and large values went; its small value stays, as the most recently used.
    const slim = c.get('aa')!;
    expect([...slim.segments.keys()]).toEqual([]);
    expect([...slim.decoded.keys()]).toEqual(['pairs']);
    expect(c.bytes).toBe(60_000 + 400);
    expect(c.vector('aa', 'pairs')).toHaveLength(100);
    // Once slim, it goes whole the next time.
    c.get('bb');
    c.segments('cc')!.put(0, seg(39_800));
    expect(c.get('aa')).toBeUndefined();
    expect(c.bytes).toBe(60_000 + 39_800);
  });

  it('holds nothing over its bound, and nothing at all with a bound of 0', () => {
    const c = new ColumnCache(100);
    c.segments('aa')!.put(0, seg(101));
    expect(c.get('aa')).toBeUndefined();
    expect(c.bytes).toBe(0);
    expect(new ColumnCache(0).segments('aa')).toBeUndefined();
  });

  it('copies a segment out of a much larger buffer', () => {
    const c = new ColumnCache(1 << 20);
    const big = new Uint8Array(10_000);
    c.segments('aa')!.put(8, big.subarray(8, 108));
    expect(c.get('aa')!.segments.get(8)!.buffer.byteLength).toBe(100);
  });
});

describe('column reads through the cache', () => {
  it('read a column copy from storage once, then from memory', async () => {
    const blobs = new MemoryBlobStore();
    let ranged = 0;
    const getRange = blobs.getRange.bind(blobs);
    blobs.getRange = (key, offset, length) => {
      if (key.endsWith('-cols.vng')) ranged++;
      return getRange(key, offset, length);
    };
    const lake = new Lake({ blobs, meta: new MemoryMetaStore(), now: () => 1n });
    await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    const text = Array.from({ length: 100 }, (_, i) => `{ts:${i},x:${i % 3}}`).join('\n');
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes);
        c.close();
      },
    });
    await lake.load('p', 'main', readValues(stream, new TypeContext(), { format: 'zson' }));
    const run = async () => {
      const q = await prepareQuery(lake, 'from p | sum(x) by x');
      let out = '';
      const dec = new TextDecoder();
      for await (const c of encodeBatches(q.run(), formatByName('zson')!.encoder!({ pretty: 0 }))) out += typeof c === 'string' ? c : dec.decode(c);
      return out.split('\n').filter(Boolean).sort();
    };
    const first = await run();
    expect(ranged).toBeGreaterThan(0);
    const after = ranged;
    expect(await run()).toEqual(first);
    expect(ranged).toBe(after);
    expect(first).toEqual(['{x:0,sum:0}', '{x:1,sum:33}', '{x:2,sum:66}']);
  });
});
