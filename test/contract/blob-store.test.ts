// The BlobStore contract, run against every implementation: memory, the
// local filesystem (a real temp folder), R2 (Miniflare) and S3 (s3rver).

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { disposeMiniflare, r2Harness } from '../support/miniflare.js';
import { startS3rver, type S3rverHandle } from '../support/s3rver.js';
import { FsBlobStore } from '../../adapters/local/fs-blob-store.js';
import { DiskCachedBlobStore } from '../../adapters/node/disk-blob-cache.js';
import { S3BlobStore, s3Settings } from '../../adapters/s3/index.js';
import { InvalidError, MemoryBlobStore, type BlobStore } from '../../src/index.js';

interface Harness {
  store: BlobStore;
  cleanup(): Promise<void>;
  /** False where put-if-absent is a check, then a put (S3 servers without conditional PUT). */
  atomicPutIfAbsent?: boolean;
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
  ['S3 (s3rver)', s3Harness],
  [
    'disk cache over memory',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'zlake-diskcache-'));
      const store = new DiskCachedBlobStore(new MemoryBlobStore(), { dir: join(dir, 'copies') });
      return { store, cleanup: () => store.close().then(() => rm(dir, { recursive: true, force: true })) };
    },
  ],
];

let s3rver: S3rverHandle | null = null;
let s3Lakes = 0;

/** An S3 store under a fresh prefix of one s3rver bucket (parts of 5 MiB, to reach multipart). */
async function s3Harness(): Promise<Harness> {
  s3rver ??= await startS3rver();
  const settings = s3Settings(`s3://lake/t${s3Lakes++}`, s3rver.env);
  const store = new S3BlobStore(settings, { partSize: 5 << 20, retries: 2 });
  return {
    store,
    // s3rver ignores If-None-Match, so the store checks, then puts (see s3-blob-store.ts).
    atomicPutIfAbsent: false,
    async cleanup() {
      const keys = [];
      for await (const b of store.list('')) keys.push(b.key);
      await store.deleteMany(keys);
    },
  };
}

afterAll(async () => {
  await disposeMiniflare();
  await s3rver?.stop();
});

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

  it('putIfAbsent racing on one key lets exactly one writer win', async (ctx) => {
    if (h.atomicPutIfAbsent === false) ctx.skip();
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

  it('deleteMany, where a store offers it, removes objects and skips missing ones', async (ctx) => {
    if (store.deleteMany === undefined) ctx.skip();
    for (const k of ['m/a', 'm/b', 'm/c', 'n/a']) await store.put(k, bytes(k));
    expect(text(await store.get('m/b'))).toBe('m/b');
    await store.deleteMany!(['m/a', 'm/b', 'm/none']);
    expect(await store.get('m/b')).toBeNull();
    expect((await listAll(store, '')).map((i) => i.key)).toEqual(['m/c', 'n/a']);
    await store.deleteMany!([]);
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

  it('stores an object of several upload parts, from a stream and from bytes', async () => {
    const big = new Uint8Array(11 * (1 << 20) + 5).map((_, i) => (i * 7) % 253);
    const chunks = (function* () {
      for (let at = 0; at < big.length; at += 1 << 16) yield big.subarray(at, at + (1 << 16));
    })();
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        const n = chunks.next();
        if (n.done === true) c.close();
        else c.enqueue(n.value.slice());
      },
    });
    await store.put('multi/s', stream);
    await store.put('multi/b', big);
    for (const k of ['multi/s', 'multi/b']) {
      const got = (await store.get(k))!;
      expect(got.length).toBe(big.length);
      expect(got.findIndex((x, i) => x !== big[i])).toBe(-1);
      expect(text(await store.getRange(k, (6 << 20) - 2, 4))).toBe(text(big.subarray((6 << 20) - 2, (6 << 20) + 2)));
    }
    expect((await listAll(store, 'multi/')).map((i) => [i.key, i.size])).toEqual([
      ['multi/b', big.length],
      ['multi/s', big.length],
    ]);
  });

  it('a stream failing after several parts stores nothing', async () => {
    let sent = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= 12 << 20) c.error(new Error('cut off'));
        else {
          c.enqueue(new Uint8Array(1 << 20).fill(sent >> 20));
          sent += 1 << 20;
        }
      },
    });
    await expect(store.put('cut', failing)).rejects.toThrow('cut off');
    expect(await store.get('cut')).toBeNull();
    expect(await listAll(store, '')).toEqual([]);
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
