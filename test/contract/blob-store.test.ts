// The BlobStore contract, run against every implementation: memory and the
// local filesystem (a real temp folder).

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { disposeMiniflare, r2Harness } from '../support/miniflare.js';
import { FsBlobStore } from '../../adapters/local/fs-blob-store.js';
import { InvalidError, MemoryBlobStore, type BlobStore } from '../../src/index.js';

interface Harness {
  store: BlobStore;
  cleanup(): Promise<void>;
}

const implementations: [string, () => Promise<Harness>][] = [
  ['memory', async () => ({ store: new MemoryBlobStore(), cleanup: async () => {} })],
  [
    'local',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'zlake-blob-'));
      return { store: new FsBlobStore(join(dir, 'lake')), cleanup: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
  ['Cloudflare R2 (Miniflare)', r2Harness],
];

afterAll(() => disposeMiniflare());

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array | null) => (b === null ? null : new TextDecoder().decode(b));

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      for (const s of chunks) c.enqueue(bytes(s));
      c.close();
    },
  });
}

async function readAll(s: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(s).text();
}

async function listAll(store: BlobStore, prefix: string) {
  const out = [];
  for await (const info of store.list(prefix)) out.push(info);
  return out;
}

describe.each(implementations)('BlobStore (%s)', (_name, make) => {
  let h: Harness;
  let store: BlobStore;
  beforeEach(async () => {
    h = await make();
    store = h.store;
  });
  afterEach(() => h.cleanup());

  it('gets back what was put, and null for a missing key', async () => {
    await store.put('p/data/a.zng', bytes('hello'));
    expect(text(await store.get('p/data/a.zng'))).toBe('hello');
    expect(await store.get('p/data/b.zng')).toBeNull();
    expect(await store.get('nothing')).toBeNull();
  });

  it('put replaces an object and stores an empty one', async () => {
    await store.put('k', bytes('one'));
    await store.put('k', bytes('two!'));
    expect(text(await store.get('k'))).toBe('two!');
    await store.put('empty', new Uint8Array(0));
    expect(await store.get('empty')).toEqual(new Uint8Array(0));
  });

  it('does not share buffers with the caller', async () => {
    const b = bytes('abc');
    await store.put('k', b);
    b[0] = 0x7a;
    const got = (await store.get('k'))!;
    expect(text(got)).toBe('abc');
    got[1] = 0x7a;
    expect(text(await store.get('k'))).toBe('abc');
  });

  it('puts from a stream and streams back', async () => {
    await store.put('s/obj', streamOf('ab', 'cd', '', 'ef'));
    expect(text(await store.get('s/obj'))).toBe('abcdef');
    const s = await store.getStream('s/obj');
    expect(await readAll(s!)).toBe('abcdef');
    expect(await store.getStream('s/none')).toBeNull();
  });

  it('streams an object larger than one read chunk', async () => {
    const big = new Uint8Array(3 * (1 << 20) + 17).map((_, i) => i % 251);
    await store.put('big', big);
    const s = (await store.getStream('big'))!;
    const got = new Uint8Array(await new Response(s).arrayBuffer());
    expect(got.length).toBe(big.length);
    // A loop, not toEqual: deep equality over megabytes is slow.
    expect(got.findIndex((x, i) => x !== big[i])).toBe(-1);
  });

  it('a failing stream stores nothing and leaves the old object', async () => {
    await store.put('k', bytes('old'));
    const failing = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(bytes('partial'));
        c.error(new Error('boom'));
      },
    });
    await expect(store.put('k', failing)).rejects.toThrow('boom');
    await expect(store.put('k2', streamOf('x').pipeThrough(new TransformStream({ transform() { throw new Error('bad'); } })))).rejects.toThrow('bad');
    expect(text(await store.get('k'))).toBe('old');
    expect(await store.get('k2')).toBeNull();
    expect((await listAll(store, '')).map((i) => i.key)).toEqual(['k']);
  });

  it('reads ranges, clipped at the end', async () => {
    await store.put('r', bytes('0123456789'));
    expect(text(await store.getRange('r', 2, 3))).toBe('234');
    expect(text(await store.getRange('r', 0, 10))).toBe('0123456789');
    expect(text(await store.getRange('r', 8, 5))).toBe('89');
    expect(text(await store.getRange('r', 10, 5))).toBe('');
    expect(text(await store.getRange('r', 20, 5))).toBe('');
    expect(text(await store.getRange('r', 3, 0))).toBe('');
    expect(await store.getRange('missing', 0, 1)).toBeNull();
    await expect(store.getRange('r', -1, 2)).rejects.toBeInstanceOf(InvalidError);
    await expect(store.getRange('r', 0, 1.5)).rejects.toBeInstanceOf(InvalidError);
  });

  it('putIfAbsent writes once', async () => {
    expect(await store.putIfAbsent('j/1', bytes('first'))).toBe(true);
    expect(await store.putIfAbsent('j/1', bytes('second'))).toBe(false);
    expect(text(await store.get('j/1'))).toBe('first');
  });

  it('putIfAbsent racing on one key lets exactly one writer win', async () => {
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => store.putIfAbsent('journal/7', bytes(`writer ${i}`))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true);
    expect(text(await store.get('journal/7'))).toBe(`writer ${winner}`);
    expect((await listAll(store, 'journal/')).map((i) => i.key)).toEqual(['journal/7']);
  });

  it('delete removes and says whether there was an object', async () => {
    await store.put('d/x', bytes('x'));
    expect(await store.delete('d/x')).toBe(true);
    expect(await store.delete('d/x')).toBe(false);
    expect(await store.get('d/x')).toBeNull();
    expect(await listAll(store, 'd/')).toEqual([]);
  });

  it('lists by prefix in key order with sizes', async () => {
    // No key is also a folder of another key: the contract leaves that open.
    const keys = ['a-c', 'a/b', 'a/b-/c', 'a.x', 'ab', 'b/1', 'a/c/d/e', 'a/bb'];
    for (const k of keys) await store.put(k, bytes(k + k));
    const all = await listAll(store, '');
    expect(all.map((i) => i.key)).toEqual([...keys].sort());
    expect(all.find((i) => i.key === 'a/c/d/e')?.size).toBe(14);
    expect((await listAll(store, 'a/')).map((i) => i.key)).toEqual(['a/b', 'a/b-/c', 'a/bb', 'a/c/d/e']);
    expect((await listAll(store, 'a/b')).map((i) => i.key)).toEqual(['a/b', 'a/b-/c', 'a/bb']);
    expect((await listAll(store, 'a/b-/')).map((i) => i.key)).toEqual(['a/b-/c']);
    expect((await listAll(store, 'a')).map((i) => i.key)).toEqual(['a-c', 'a.x', 'a/b', 'a/b-/c', 'a/bb', 'a/c/d/e', 'ab']);
    expect(await listAll(store, 'zzz/')).toEqual([]);
    expect(await listAll(store, 'a/c/d/e/')).toEqual([]);
  });

  it('refuses keys that are not safe paths', async () => {
    for (const k of ['', '/a', 'a/', 'a//b', '../x', 'a/../b', '.hidden', 'a/.tmp', 'a\\b']) {
      await expect(store.put(k, bytes('x')), k).rejects.toBeInstanceOf(InvalidError);
      await expect(store.get(k), k).rejects.toBeInstanceOf(InvalidError);
    }
  });
});

describe('FsBlobStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'zlake-fsblob-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('leaves no temporary files behind after writes', async () => {
    const store = new FsBlobStore(dir);
    await store.put('x/a', bytes('a'));
    await store.putIfAbsent('x/a', bytes('b'));
    await store.putIfAbsent('x/b', bytes('b'));
    await store.put('x/c', streamOf('c')).catch(() => {});
    expect((await readdir(join(dir, 'x'))).sort()).toEqual(['a', 'b', 'c']);
  });

  it('a concurrent reader sees the old or the new bytes, never a mix', async () => {
    const store = new FsBlobStore(dir);
    const size = 1 << 20;
    await store.put('obj', new Uint8Array(size).fill(1));
    const writes = (async () => {
      for (let i = 2; i < 12; i++) await store.put('obj', new Uint8Array(size).fill(i));
    })();
    let done = false;
    void writes.finally(() => (done = true));
    while (!done) {
      const b = (await store.get('obj'))!;
      expect(b.length).toBe(size);
      expect(b.every((x) => x === b[0])).toBe(true);
    }
    await writes;
  });
});
