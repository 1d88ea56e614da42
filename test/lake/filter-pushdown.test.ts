// A filter after `from pool` goes into the pool scan: a comparison of the
// pool key prunes data objects by their key range, the scan applies the
// filter, and the results are those of the unoptimized query. On the local
// adapter: data files in a temp folder and a real libSQL file.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsBlobStore, openLibsqlMetaStore, type LibsqlMetaStore } from '../../adapters/local/index.js';
import { Lake, TypeContext, compile, encodeBatches, formatByName, lakeSources, type Batch } from '../../src/index.js';
import { zson } from './helpers.js';

/** The real filesystem store, counting the data-object bytes and objects reads touch. */
class CountingFsStore extends FsBlobStore {
  bytes = 0;
  readonly objects = new Set<string>();
  private note(key: string, n: number): void {
    if (key.endsWith('-seek.zng') || !key.includes('/data/')) return;
    this.bytes += n;
    this.objects.add(key);
  }
  override async getStream(key: string): ReturnType<FsBlobStore['getStream']> {
    const s = await super.getStream(key);
    if (s === null) return s;
    return s.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform: (chunk, c) => {
          this.note(key, chunk.length);
          c.enqueue(chunk);
        },
      }),
    );
  }
  override async getRange(key: string, offset: number, length: number): ReturnType<FsBlobStore['getRange']> {
    const b = await super.getRange(key, offset, length);
    if (b !== null) this.note(key, b.length);
    return b;
  }
  reset(): void {
    this.bytes = 0;
    this.objects.clear();
  }
}

const DAY = 86_400_000_000_000n;
const T0 = 1_600_000_000_000_000_000n;

function iso(ns: bigint): string {
  return new Date(Number(ns / 1_000_000n)).toISOString().replace('.000Z', 'Z');
}

let dir: string;
let meta: LibsqlMetaStore;
let blobs: CountingFsStore;
let lake: Lake;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zlake-pushdown-'));
  blobs = new CountingFsStore(join(dir, 'data'));
  meta = await openLibsqlMetaStore(pathToFileURL(join(dir, 'meta.db')).href);
  let t = 1_700_000_000_000_000_000n;
  // No column copies: these tests are of the value scan's pruning (queries that
  // read a few fields would read columns instead, see column-project.test.ts).
  lake = new Lake({ blobs, meta: meta.store, now: () => (t += 1_000_000_000n), columnCopies: false });
  await lake.createPool('logs', { layout: { order: 'desc', keys: [['ts']] } });
  // Four loads, four objects: day d holds ts in [T0 + d*DAY, T0 + d*DAY + 99s].
  for (let d = 0n; d < 4n; d++) {
    let text = '';
    for (let i = 0n; i < 100n; i++) text += `{ts:${iso(T0 + d * DAY + i * 1_000_000_000n)},day:${d},i:${i},s:"${i % 10n === 0n ? 'hit' : 'miss'}"}\n`;
    await lake.load('logs', 'main', zson(text));
  }
  await lake.createPool('nums', { layout: { order: 'asc', keys: [['x']] } });
  for (let k = 0; k < 3; k++) {
    let text = '';
    for (let i = 0; i < 50; i++) text += `{x:${k * 100 + i}}\n`;
    await lake.load('nums', 'main', zson(text));
  }
});

afterAll(async () => {
  meta.close();
  await rm(dir, { recursive: true, force: true });
});

async function query(text: string, optimize = true): Promise<string[]> {
  const zctx = new TypeContext();
  const q = compile(text, { zctx, sources: lakeSources(lake, zctx), optimize });
  const enc = formatByName('zson')!.encoder!({ pretty: 0 });
  let out = '';
  const dec = new TextDecoder();
  async function* none(): AsyncGenerator<Batch> {}
  for await (const c of encodeBatches(q.pipeline.run(none(), zctx), enc)) out += typeof c === 'string' ? c : dec.decode(c);
  return out.split('\n').filter((l) => l !== '');
}

/** Runs `text` optimized, with the objects and bytes it read; checks its output against the plain plan. */
async function measured(text: string): Promise<{ out: string[]; objects: number; bytes: number }> {
  blobs.reset();
  const plain = await query(text, false);
  const all = { objects: blobs.objects.size, bytes: blobs.bytes };
  blobs.reset();
  const out = await query(text);
  expect(out).toEqual(plain);
  expect(blobs.bytes).toBeLessThanOrEqual(all.bytes);
  return { out, objects: blobs.objects.size, bytes: blobs.bytes };
}

describe('filters pushed into pool scans', () => {
  it('reads every object without a filter', async () => {
    const r = await measured('from logs | count()');
    expect(r.out).toEqual(['400(uint64)']);
    const scan = await measured('from logs | yield day');
    expect(scan.objects).toBe(4);
    expect(scan.out).toHaveLength(400);
  });

  it('ts >= X reads only the objects that can hold such keys', async () => {
    const all = await measured('from logs | yield day');
    const r = await measured(`from logs | ts >= ${iso(T0 + 2n * DAY)} | yield day`);
    expect(r.out).toHaveLength(200);
    expect(new Set(r.out)).toEqual(new Set(['2', '3']));
    expect(r.objects).toBe(2);
    expect(r.bytes).toBeLessThan(all.bytes * 0.6);
  });

  it('ts < Y and ts > Z reads one object', async () => {
    const r = await measured(`from logs | where ts < ${iso(T0 + DAY + 50n * 1_000_000_000n)} and ts > ${iso(T0 + DAY + 10n * 1_000_000_000n)} | yield i`);
    expect(r.out).toHaveLength(39);
    expect(r.objects).toBe(1);
  });

  it('a filter that commutes with sort and put still reaches the scan', async () => {
    const r = await measured(`from logs | sort i | put z := 1 | where ts > ${iso(T0 + 3n * DAY)} and s == "hit" | yield i`);
    expect(r.out).toEqual(['10', '20', '30', '40', '50', '60', '70', '80', '90']);
    expect(r.objects).toBe(1);
  });

  it('x == 3 on an ascending key reads the object holding 3', async () => {
    const r = await measured('from nums | x == 3');
    expect(r.out).toEqual(['{x:3}']);
    expect(r.objects).toBe(1);
    const none = await measured('from nums | x == 75');
    expect(none.out).toEqual([]);
    expect(none.objects).toBe(0);
  });

  it('a filter not on the key reads everything and still filters', async () => {
    const r = await measured('from logs | s == "hit" and i == 20 | yield day');
    expect(r.out.sort()).toEqual(['0', '1', '2', '3']);
    expect(r.objects).toBe(4);
  });

  it('an or of key ranges reads the objects of both', async () => {
    const r = await measured(`from logs | ts == ${iso(T0)} or ts == ${iso(T0 + 3n * DAY)} | yield day`);
    expect(r.out.sort()).toEqual(['0', '3']);
    // The hull of the two keys spans all four objects.
    expect(r.objects).toBe(4);
  });

  it('the plan shows the filter in the scan, and the key span once the pool key is known', () => {
    const zctx = new TypeContext();
    const q = compile(`from logs | ts >= ${iso(T0)} | count()`, {
      zctx,
      sources: lakeSources(lake, zctx),
      poolKey: () => ({ path: ['ts'], order: 'desc' }),
    });
    expect(q.dag[0]).toMatchObject({
      kind: 'PoolScan',
      filter: { kind: 'BinaryExpr', op: '>=' },
      sortKey: { path: ['ts'], order: 'desc' },
      keySpan: { lower: iso(T0) },
      count: true,
    });
  });
});
