// Loads whose runs other threads write (encode-pool.ts): real worker
// threads (the build's bundle) over a real folder lake and libSQL file.
// The same input loaded with one thread, two threads (rows and column copy
// split) and none gives the same values, each object with its column copy
// and with queries over the copies agreeing; a thread that dies fails its
// load, which commits nothing, and the next load works.

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ksuidHexToBase62, Lake, readValues, TypeContext } from '../../src/index.js';
import { run } from '../../test/lake/column-data.js';
import { openLocalLake, type LocalLake } from '../local/index.js';
import { EncodePool } from './encode-pool.js';

let root: string;
const opened: LocalLake[] = [];
const pools: EncodePool[] = [];
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'zlake-encode-'));
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  for (const l of opened) await l.meta.close();
  await rm(root, { recursive: true, force: true });
});

/** ZSON records of several shapes: named types, nulls and missing keys, keys of other types, nested values. */
function input(n: number): string {
  const lines: string[] = [];
  let seed = 17;
  const rand = (k: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % k;
  for (let i = 0; i < n; i++) {
    const ts = `2024-01-0${1 + rand(9)}T${String(rand(24)).padStart(2, '0')}:00:${String(rand(60)).padStart(2, '0')}Z`;
    const s = ['tcp', 'udp', 'icmp', 'S0', 'RSTOS0'][rand(5)];
    switch (rand(8)) {
      case 0:
        lines.push(`{ts:${ts},x:${rand(1000)},s:"${s}",r:{a:[${rand(9)},${rand(9)}],b:null}}(=conn)`);
        break;
      case 1:
        lines.push(`{x:${rand(1000)},s:"${s}"}`);
        break;
      case 2:
        lines.push(`{ts:null(time),x:${rand(1000)}.5,s:"${s}"}`);
        break;
      case 3:
        lines.push(`{ts:"${s}",x:-${rand(1000)},s:null(string)}`);
        break;
      default:
        lines.push(`{ts:${ts},x:${rand(100000)},s:"${s}",id:{h:10.0.${rand(4)}.${rand(255)},p:${rand(65536)}(port=uint16)}}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function values(text: string) {
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < bytes.length; i += 4096) c.enqueue(bytes.slice(i, i + 4096));
      c.close();
    },
  });
  return readValues(stream, new TypeContext(), { format: 'zson' });
}

/** A lake in its own folder, whose loads hold `limit` bytes, writing runs with `threads` threads (0: none). */
async function lakeWith(name: string, threads: number, limit: number, heapMb?: number): Promise<{ lake: Lake; dir: string }> {
  const dir = join(root, name);
  const local = await openLocalLake(dir);
  opened.push(local);
  const encoder = threads === 0 ? undefined : new EncodePool({ lake: dir, threads, ...(heapMb !== undefined ? { heapMb } : {}) });
  if (encoder !== undefined) pools.push(encoder);
  let t = 1_700_000_000_000_000_000n;
  const lake = new Lake({
    blobs: local.blobs,
    meta: local.meta.store,
    now: () => (t += 1_000_000_000n),
    loadMemoryLimit: limit,
    ...(encoder !== undefined ? { objectEncoder: encoder } : {}),
  });
  await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
  return { lake, dir };
}

const text = input(6000);
const QUERIES = ['from p', 'from p | count() by s', 'from p | sum(x), min(x), max(x) by id.h', 'from p | ts >= 2024-01-05T00:00:00Z | count()', 'from p | sort -r x | head 5'];

describe('loads written by encode threads', () => {
  it('give the same values, objects and column copies with one thread, two, or none', async () => {
    const results = [];
    for (const threads of [0, 1, 2]) {
      const { lake, dir } = await lakeWith(`t${threads}`, threads, 96 * 1024);
      const r = await lake.load('p', 'main', values(text));
      const objects = await lake.objects('p', 'main');
      const files = (await readdir(dir, { recursive: true })).filter((f) => f.includes('/data/'));
      // Every object has its seek index and column copy beside it, and nothing else is left.
      const names = new Set(files.map((f) => f.split('/').pop()!));
      for (const o of objects) {
        const id = ksuidHexToBase62(o.id);
        for (const suffix of ['.zng', '-seek.zng', '-cols.vng']) expect(names.has(`${id}${suffix}`)).toBe(true);
      }
      expect(files.filter((f) => f.endsWith('-cols.vng'))).toHaveLength(objects.length);
      expect(files.filter((f) => f.endsWith('-seek.zng'))).toHaveLength(objects.length);
      expect(objects.reduce((n, o) => n + o.count, 0)).toBe(6000);
      const outputs = [];
      for (const q of QUERIES) outputs.push((await run(lake, q)).lines);
      results.push({ threads, objects: r.objects.length, outputs });
    }
    // With threads, runs are smaller (the runs being written count against the limit).
    expect(results[0]!.objects).toBeGreaterThan(1);
    expect(results[1]!.objects).toBeGreaterThan(results[0]!.objects);
    expect(results[2]!.objects).toBeGreaterThan(results[0]!.objects);
    expect(results[0]!.outputs[0]).toHaveLength(6000);
    expect(results[1]!.outputs).toEqual(results[0]!.outputs);
    expect(results[2]!.outputs).toEqual(results[0]!.outputs);
  });

  it('start a thread once a load fills a quarter of its first run, not for a small load', async () => {
    // 6000 records stand for about 0.7 MiB of a run: with a limit of 3 MiB
    // (runs of 1.5 MiB, one being written), about half of one.
    const { lake } = await lakeWith('warm', 1, 3 << 20);
    const encoder = pools.at(-1)!;
    const small = await lake.load('p', 'main', values(input(50)));
    expect(small.objects).toHaveLength(1);
    expect(encoder.started).toBe(0);
    const r = await lake.load('p', 'main', values(text));
    // One run, written in the loading thread, but the thread was started for more.
    expect(r.objects).toHaveLength(1);
    expect(encoder.started).toBe(1);
    expect((await run(lake, 'from p | count()')).lines).toEqual(['6050(uint64)']);
  });

  it('fail a load whose thread dies, committing nothing; the next load works', async () => {
    // A thread with a heap too small to run dies as it starts on the first run.
    const { lake, dir } = await lakeWith('dies', 1, 64 * 1024, 1);
    const e = await lake.load('p', 'main', values(text)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).message).toMatch(/^writing a data object failed: its thread (failed|exited)/);
    expect(await lake.objects('p', 'main')).toEqual([]);
    // The same lake's folder and metastore, with threads that live.
    const local = await openLocalLake(dir);
    opened.push(local);
    const encoder = new EncodePool({ lake: dir, threads: 2 });
    pools.push(encoder);
    const again = new Lake({ blobs: local.blobs, meta: local.meta.store, now: () => 1_800_000_000_000_000_000n, loadMemoryLimit: 64 * 1024, objectEncoder: encoder });
    const r = await again.load('p', 'main', values(text));
    expect(r.objects.length).toBeGreaterThan(2);
    expect((await run(again, 'from p | count()')).lines).toEqual(['6000(uint64)']);
  });
});
