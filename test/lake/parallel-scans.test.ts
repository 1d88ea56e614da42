// Columnar summarizes, keyword searches and filters whose shares of
// objects run in scan threads (adapters/node/scan-pool.ts, real worker
// threads over a real folder lake and libSQL file), against the same lake
// queried in one thread: random filters under random summarizes, searches
// for terms of every kind and random filters alone give the same output
// (searches and filters in the same order) and the same statistics, including shares that come back undone (an object whose
// copy does not read, floats with a NaN under min or max) and warnings
// said once. A scan thread that dies fails its query with a clear error;
// the process and the next queries go on.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBatches, formatByName, Lake, prepareQuery, runShareJob, type ScanThreads, type ShareJob } from '../../src/index.js';
import { openLake, type OpenedLake } from '../../adapters/node/open-lake.js';
import { ScanPool } from '../../adapters/node/scan-pool.js';
import { columnCopyKey } from '../../src/lake/index.js';
import { data, filterOf, keyFilter, rng, rounded, summarizeQuery } from './column-data.js';
import { zson } from './helpers.js';

const CASES = Number(process.env['ZLAKE_PARALLEL_CASES'] ?? 600);
const FILTER_CASES = Number(process.env['ZLAKE_PARALLEL_FILTER_CASES'] ?? 300);

let dir: string;
let serial: OpenedLake;
const pools: ScanPool[] = [];
/** Shares the threads ran. */
let shares = 0;

/** The real pool, its runs counted. */
function counted(pool: ScanPool): ScanThreads {
  return {
    threads: pool.threads,
    minShareRows: pool.minShareRows,
    hotShareRows: pool.hotShareRows,
    run: (job: ShareJob) => {
      shares++;
      return pool.run(job);
    },
  };
}

/** The lake in `dir` with `threads` (none: one thread). */
async function lakeWith(threads: ScanThreads | null): Promise<Lake> {
  const opened = await openLake({ lake: dir, scanThreads: 0, encodeThreads: 0 });
  closers.push(() => opened.close());
  if (threads === null) return opened.lake;
  // The same stores, with threads for the scans.
  return new Lake({ blobs: opened.blobs, meta: opened.meta, now: () => 0n, scanThreads: threads });
}
const closers: (() => Promise<unknown>)[] = [];

/**
 * Turns the last object of `pool`'s column copy to garbage; the lake with
 * new scan threads and in one thread, neither of whose column caches has
 * seen the copy.
 */
async function damagedLakes(pool: string): Promise<{ threaded: Lake; one: Lake }> {
  const objects = await serial.lake.objects(pool, 'main');
  const poolId = (await serial.lake.getPool(pool)).id;
  const key = columnCopyKey(poolId, objects[objects.length - 1]!.id);
  const copy = (await serial.blobs.get(key))!;
  await serial.blobs.put(key, new Uint8Array(copy.length).fill(0x5a));
  const fresh = new ScanPool({ config: { lake: dir }, threads: 2, minShareRows: 1 });
  pools.push(fresh);
  return { threaded: await lakeWith(counted(fresh)), one: await lakeWith(null) };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zlake-parallel-'));
  serial = await openLake({ lake: dir, scanThreads: 0, encodeThreads: 0 });
  await serial.lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
  // Six objects: three of disjoint keys, three overlapping them.
  for (let k = 0; k < 3; k++) await serial.lake.load('p', 'main', zson(data(500 + k, 150, true, 1000 * k)));
  for (let k = 0; k < 3; k++) await serial.lake.load('p', 'main', zson(data(700 + k, 150, true, 500 * k)));
  // Three objects, each a share, with groups whose arguments are all null in one of them.
  await serial.lake.createPool('q', { layout: { order: 'asc', keys: [['ts']] } });
  for (const text of [
    '{ts:1,k:"a",x:1,f:1.5}\n{ts:2,k:"c",x:null(int64),f:null(float64)}',
    '{ts:3,k:"b",x:null(int64),f:null(float64)}\n{ts:4,k:"c",x:5,f:2.5}',
    '{ts:5,k:"d",x:null,f:null}\n{ts:6,k:"b",x:null(int64)}',
  ]) {
    await serial.lake.load('q', 'main', zson(text));
  }
  // Four objects of keys that do not touch, which a search reads over columns.
  await serial.lake.createPool('s', { layout: { order: 'asc', keys: [['ts']] } });
  for (let k = 0; k < 4; k++) await serial.lake.load('s', 'main', zson(data(900 + k, 150, true, 1000 * k)));
  const pool = new ScanPool({ config: { lake: dir }, threads: 2, minShareRows: 1 });
  pools.push(pool);
}, 120_000);

afterAll(async () => {
  for (const p of pools) await p.close();
  for (const c of closers) await c();
  await serial?.close();
  await rm(dir, { recursive: true, force: true });
}, 60_000);

/** The query's output lines (sorted unless `ordered`), its stats and warnings. */
async function run(lake: Lake, text: string, ordered = false): Promise<{ lines: string[]; stats: number[]; warnings: string[] }> {
  const q = await prepareQuery(lake, text);
  let out = '';
  const dec = new TextDecoder();
  for await (const c of encodeBatches(q.run(), formatByName('zson')!.encoder!({ pretty: 0 }))) out += typeof c === 'string' ? c : dec.decode(c);
  const s = q.meter.stats();
  const lines = out.split('\n').filter(Boolean);
  return { lines: ordered ? lines : lines.sort(), stats: [s.recordsRead, s.bytesRead, s.recordsMatched, s.bytesMatched], warnings: [...s.warnings] };
}

/** A pool of four objects of 150 records {ts, proto (two values), bytes (150)}, in `dir`. */
async function smallPool(name: string): Promise<void> {
  await serial.lake.createPool(name, { layout: { order: 'asc', keys: [['ts']] } });
  for (let k = 0; k < 4; k++) {
    const text = Array.from({ length: 150 }, (_, i) => `{ts:${k * 1000 + i},proto:"${['tcp', 'udp'][i % 2]}",bytes:${i * 7 - 100}}`).join('\n');
    await serial.lake.load(name, 'main', zson(text));
  }
}

/** Runs each query as one thread does, and checks whether it sent shares to the threads. */
async function sharedOrNot(threaded: Lake, cases: readonly (readonly [string, boolean])[]): Promise<void> {
  for (const [q, shared] of cases) {
    const before = shares;
    expect({ q, ...(await run(threaded, q)) }).toEqual({ q, ...(await run(serial.lake, q)) });
    expect({ q, shared: shares > before }).toEqual({ q, shared });
  }
}

/** Search terms: words, quoted strings (parts of values and field names), literals of other types, nothing. */
const TERMS = ['tcp', 'udp', 'icmp', '"10.0.1"', '"10.0.3.7"', 'orig_h', '"not"', '"not a record"', '7', '"2023-11"', 'NaN', 'zzz', 'TCP', 'id', '10.0.3.7', '10.0.0.0/16', 'true', '1000'];

describe('summarizes with shares in scan threads', () => {
  it(`answer as one thread does, with the same statistics, in ${CASES} random cases`, { timeout: 900_000 }, async () => {
    const threaded = await lakeWith(counted(pools[0]!));
    const r = rng(20261127);
    let nonEmpty = 0;
    for (let c = 0; c < CASES; c++) {
      // A third of the cases without a filter, so that whole shares go to the threads.
      const { q, round } = summarizeQuery(r, 0.33, 3);
      const a = await run(threaded, q);
      const b = await run(serial.lake, q);
      expect({ q, lines: round ? a.lines.map(rounded) : a.lines, stats: a.stats, warnings: a.warnings }).toEqual({
        q,
        lines: round ? b.lines.map(rounded) : b.lines,
        stats: b.stats,
        warnings: b.warnings,
      });
      if (a.lines.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(CASES / 3);
    // Most queries sent shares to the threads.
    expect(shares).toBeGreaterThan(CASES);
  });

  it('stop a share told it was canceled before its next object, undone', { timeout: 120_000 }, async () => {
    const jobs: ShareJob[] = [];
    const base = counted(pools[0]!);
    const lake = await lakeWith({
      ...base,
      run: (job: ShareJob, signal?: AbortSignal) => {
        jobs.push(job);
        return base.run(job, signal);
      },
    });
    await run(lake, 'from p | count() by proto');
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) {
      // Done when not canceled; canceled, undone.
      expect((await runShareJob(lake, job, () => false)).result).toMatchObject({ groups: { n: expect.any(Number) } });
      expect((await runShareJob(lake, job, () => true)).result).toMatchObject({ groups: null });
    }
  });

  it('keep what each share saw of a group: only nulls, nothing, numbers', { timeout: 120_000 }, async () => {
    const threaded = await lakeWith(counted(pools[0]!));
    for (const q of ['from q | sum(x), min(x), max(x), avg(x), count() by k', 'from q | sum(f), max(f), avg(f) by k', 'from q | sx:=sum(x), sf:=sum(f)']) {
      const before = shares;
      const a = await run(threaded, q);
      expect({ q, ...a }).toEqual({ q, ...(await run(serial.lake, q)) });
      expect(shares - before).toBe(2);
    }
    expect((await run(threaded, 'from q | sum(x), avg(x) by k | sort k')).lines).toEqual([
      '{k:"a",sum:1,avg:1.}',
      '{k:"b",sum:null(int64),avg:null(float64)}',
      '{k:"c",sum:5,avg:5.}',
      '{k:"d",sum:null,avg:null(float64)}',
    ]);
  });

  it('do in the query thread a share with an object whose copy does not read, and warn once', { timeout: 120_000 }, async () => {
    const { threaded, one } = await damagedLakes('p');
    for (const q of ['from p | count() by proto', 'from p | bytes > 0 | sum(bytes), max(bytes) by id.orig_h', 'from p | sum(pk)']) {
      const before = shares;
      const a = await run(threaded, q);
      const b = await run(one, q);
      expect({ q, ...a }).toEqual({ q, ...b });
      expect(a.warnings).toHaveLength(1);
      expect(shares).toBeGreaterThan(before);
    }
  });

  it('search as one thread does, in the same order, with the same statistics', { timeout: 300_000 }, async () => {
    // so: three objects apart and three overlapping them, whose runs go to threads whole and are merged there.
    await serial.lake.createPool('so', { layout: { order: 'asc', keys: [['ts']] } });
    for (let k = 0; k < 3; k++) await serial.lake.load('so', 'main', zson(data(930 + k, 150, false, 1000 * k)));
    for (let k = 0; k < 3; k++) await serial.lake.load('so', 'main', zson(data(940 + k, 150, false, 500 * k)));
    const threaded = await lakeWith(counted(pools[0]!));
    let nonEmpty = 0;
    const start = shares;
    for (const pool of ['s', 'so']) {
      for (const term of TERMS) {
        for (const q of [`from ${pool} | ${term}`, `from ${pool} | ${term} | head 7`, `from ${pool} | ${term} | count()`]) {
          const a = await run(threaded, q, true);
          expect({ q, ...a }).toEqual({ q, ...(await run(serial.lake, q, true)) });
          if (a.lines.length > 0) nonEmpty++;
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(TERMS.length * 4);
    // The searches sent shares to the threads.
    expect(shares - start).toBeGreaterThan(4 * TERMS.length);
  });

  it('filter as one thread does, in the same order, with the same statistics', { timeout: 600_000 }, async () => {
    // fo: three objects apart and three overlapping them, whose runs go to threads whole and are merged there.
    await serial.lake.createPool('fo', { layout: { order: 'asc', keys: [['ts']] } });
    for (let k = 0; k < 3; k++) await serial.lake.load('fo', 'main', zson(data(960 + k, 150, false, 1000 * k)));
    for (let k = 0; k < 3; k++) await serial.lake.load('fo', 'main', zson(data(970 + k, 150, false, 500 * k)));
    const threaded = await lakeWith(counted(pools[0]!));
    const tails = ['', '', '| cut ts, proto', '| yield bytes', '| head 7', '| count()'];
    const r = rng(20261127);
    let nonEmpty = 0;
    const start = shares;
    for (let c = 0; c < FILTER_CASES; c++) {
      // A fifth on the pool key: its span makes objects read in part, whose shares come back undone.
      const filter = r() < 0.2 ? keyFilter(r, 4000) : filterOf(r, 3);
      const q = `from ${r() < 0.5 ? 's' : 'fo'} | where ${filter} ${tails[Math.floor(r() * tails.length)]}`;
      const a = await run(threaded, q, true);
      expect({ q, ...a }).toEqual({ q, ...(await run(serial.lake, q, true)) });
      if (a.lines.length > 1) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(FILTER_CASES / 3);
    // Most filters sent shares to the threads.
    expect(shares - start).toBeGreaterThan(FILTER_CASES / 2);
  });

  it('search after a summarize without keys in the same thread', { timeout: 120_000 }, async () => {
    // A share's result moves its buffers to the query's thread: a keyless
    // summarize's empty list of key types once moved a buffer the thread
    // shared with every empty encoding, and its next search failed.
    await smallPool('k');
    const lone = new ScanPool({ config: { lake: dir }, threads: 1, minShareRows: 1 });
    pools.push(lone);
    const threaded = await lakeWith(counted(lone));
    const start = shares;
    for (const q of ['from k | bytes > 0 | count()', 'from k | tcp | count()', 'from k | tcp', 'from s | bytes > 0 | count()', 'from s | tcp', 'from s | "10.0.1" | count()']) {
      expect({ q, ...(await run(threaded, q, true)) }).toEqual({ q, ...(await run(serial.lake, q, true)) });
    }
    expect(shares - start).toBeGreaterThanOrEqual(4);
  });

  it('keep a summarize over columns an earlier query kept read apart in the query thread', { timeout: 120_000 }, async () => {
    // proto and bytes are dictionary columns, whose codes the first query
    // keeps; the second finds them kept, and a round trip to another thread
    // would cost more than the scan.
    await smallPool('kh');
    const hot = new ScanPool({ config: { lake: dir }, threads: 1, minShareRows: 1, hotShareRows: 1_000_000 });
    pools.push(hot);
    const threaded = await lakeWith(counted(hot));
    await sharedOrNot(threaded, [
      ['from kh | s:=sum(bytes) by proto', true],
      ['from kh | s:=sum(bytes) by proto', false],
      ['from kh | bytes > 100 | count() by proto', false],
    ]);
  });

  it('keep a summarize by a key of many values in the query thread once its codes say so', { timeout: 300_000 }, async () => {
    // Three objects of 30,000 rows keyed by 20,000 of 40,000 strings each: each object's
    // column is read as codes (coded-column.ts), whose dictionary then
    // knows the key's values.
    await serial.lake.createPool('w', { layout: { order: 'asc', keys: [['ts']] } });
    for (let k = 0; k < 3; k++) {
      const text = Array.from({ length: 30_000 }, (_, i) => `{ts:${k * 100_000 + i},h:"h-${((i * 7919) % 20_000) + k * 10_000}",n:${i % 100}}`).join('\n');
      await serial.lake.load('w', 'main', zson(text));
    }
    const threaded = await lakeWith(counted(pools[0]!));
    await sharedOrNot(threaded, [
      ['from w | count() by h | count()', true],
      ['from w | s:=sum(n) by h | sum(s)', false],
      ['from w | c:=count() by h | c > 2 | count()', false],
      // A key of few values is still shared.
      ['from w | count() by n | count()', true],
    ]);
  });

  it('search in the query thread a share with an object whose copy does not read, and warn once', { timeout: 120_000 }, async () => {
    const { threaded, one } = await damagedLakes('s');
    for (const q of ['from s | tcp', 'from s | "10.0.1"']) {
      const a = await run(threaded, q, true);
      expect({ q, ...a }).toEqual({ q, ...(await run(one, q, true)) });
      expect(a.warnings).toHaveLength(1);
      expect(a.lines.length).toBeGreaterThan(10);
    }
  });

  it('filter in the query thread a share with an object whose copy does not read, and warn once', { timeout: 120_000 }, async () => {
    // (s's copy was damaged by the test before: the damage is the same.)
    const { threaded, one } = await damagedLakes('s');
    const start = shares;
    for (const q of ['from s | where proto == "tcp"', 'from s | where bytes > 100 | cut ts, bytes']) {
      const a = await run(threaded, q, true);
      expect({ q, ...a }).toEqual({ q, ...(await run(one, q, true)) });
      expect(a.warnings).toHaveLength(1);
      expect(a.lines.length).toBeGreaterThan(10);
    }
    expect(shares - start).toBeGreaterThan(0);
  });

  it('stop the shares of a query that ends before it takes them', { timeout: 120_000 }, async () => {
    const signals: AbortSignal[] = [];
    const base = counted(pools[0]!);
    const watched: ScanThreads = {
      ...base,
      run: (job: ShareJob, signal?: AbortSignal) => {
        signals.push(signal!);
        return base.run(job, signal);
      },
    };
    const lake = await lakeWith(watched);
    // A search whose head the query thread's own share fills.
    const q = await prepareQuery(lake, 'from s | tcp | head 1');
    const got: unknown[] = [];
    for await (const b of q.run()) got.push(...b);
    expect(got).toHaveLength(1);
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((s) => s.aborted)).toBe(true);
    // The threads go on serving (the answers only, as above).
    expect((await run(lake, 'from s | tcp | count()')).lines).toEqual((await run(serial.lake, 'from s | tcp | count()')).lines);
  });

  it('fail a query whose scan thread dies, and go on', { timeout: 120_000 }, async () => {
    // A thread whose heap is too small to start dies on its first share.
    const dying = new ScanPool({ config: { lake: dir }, threads: 1, minShareRows: 1, heapMb: 1 });
    pools.push(dying);
    const lake = await lakeWith(dying);
    const e = await run(lake, 'from p | count() by proto').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).message).toMatch(/^a share of the scan failed: its thread (failed|exited)/);
    // This process, the other threads and the lake in one thread go on.
    const ok = await run(await lakeWith(counted(pools[0]!)), 'from p | count() by proto');
    // (The answers only: whether a warning comes depends on whether a column cache kept the copy a test above changed.)
    expect(ok.lines).toEqual((await run(serial.lake, 'from p | count() by proto')).lines);
  });
});
