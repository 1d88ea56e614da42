// The Cloudflare Workers adapter on the real Workers runtime: the entry
// (adapters/cloudflare/worker.ts) bundled as for an upload and run by
// Miniflare's workerd with a local R2 bucket and D1 database, served over
// HTTP on 127.0.0.1 at a random port. The lake's operations, its errors and
// the zed-js client go through it as they go through `zlake serve`.
import { createRequire } from 'node:module';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestWorker, lakeState, type BuiltWorker } from '../support/worker-miniflare.js';

let mf: Miniflare;
let base: URL;
let built: BuiltWorker;

const te = new TextEncoder();

/** The R2 keys in a lakeState text (its lines "key size etag"). */
function r2Keys(state: string): string[] {
  return state
    .split('\n')
    .filter((l) => /^\S+ \d+ \S+$/.test(l))
    .map((l) => l.split(' ')[0]!);
}

function req(path: string, init?: RequestInit): Promise<Response> {
  return fetch(new URL(path, base), init);
}

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return req(path, {
    method: 'POST',
    body: typeof body === 'string' ? te.encode(body) : JSON.stringify(body),
    headers: typeof body === 'string' ? headers : { 'Content-Type': 'application/json', ...headers },
  });
}

async function query(text: string): Promise<string> {
  const r = await post('/query', { query: text }, { Accept: 'application/x-zson' });
  const body = await r.text();
  if (r.status !== 200) throw new Error(`query ${text}: ${r.status} ${body}`);
  return body;
}

async function createPool(name: string, keys = [['ts']]): Promise<string> {
  const r = await post('/pool', { name, layout: { order: 'asc', keys } }, { Accept: 'application/json' });
  expect(r.status).toBe(200);
  return ((await r.json()) as { pool: { id: string } }).pool.id;
}

async function load(pool: string, text: string, headers: Record<string, string> = {}): Promise<{ commit: string }> {
  const r = await post(`/pool/${encodeURIComponent(pool)}/branch/main`, text, { Accept: 'application/json', ...headers });
  const body = await r.text();
  if (r.status !== 200) throw new Error(`load ${pool}: ${r.status} ${body}`);
  return JSON.parse(body) as { commit: string };
}

beforeAll(async () => {
  built = await buildTestWorker('zlake-worker-');
  const w = await built.start();
  mf = w.mf;
  base = new URL(w.url);
}, 60_000);

afterAll(async () => {
  await built?.dispose();
});

describe('the Worker over R2 and D1', () => {
  it('answers /version and /status', async () => {
    expect(await (await req('/version')).json()).toEqual({ version: 'v1.18.0' });
    expect((await req('/status')).status).toBe(200);
  });

  it('creates a pool, loads, queries (by columns too) and keeps its data in R2 and D1', async () => {
    const id = await createPool('conn');
    let text = '';
    for (let i = 0; i < 3000; i++) text += JSON.stringify({ ts: i, proto: ['tcp', 'udp'][i % 2], n: i % 10 }) + '\n';
    const first = await load('conn', text);
    expect(first.commit).toMatch(/^0x[0-9a-f]{40}$/);
    expect(await query('from conn | count()')).toBe('3000(uint64)\n');
    expect(await query('from conn | sum(n) by proto | sort proto')).toBe('{proto:"tcp",sum:6000}\n{proto:"udp",sum:7500}\n');
    expect(await query('from conn | ts >= 2990 | count()')).toBe('10(uint64)\n');
    // The objects, their seek indexes and column copies are in the bucket,
    // under the pool's id; pools and commits are rows of the D1 database
    // (read by lakeState's Worker, over the same R2 and D1).
    const state = await lakeState(mf);
    const keys = r2Keys(state);
    expect(keys.filter((k) => k.endsWith('.zng') && !k.endsWith('-seek.zng'))).toHaveLength(1);
    expect(keys.some((k) => k.endsWith('-cols.vng'))).toBe(true);
    const tables = state.split('\n').filter((l) => /^[a-z_]+$/.test(l));
    expect(tables).toContain('pools');
    expect(state).toContain('"conn"');
    // Time travel to the first commit after a second load, which lakeState sees.
    await load('conn', '{"ts":5000,"proto":"icmp","n":1}\n');
    expect(r2Keys(await lakeState(mf)).filter((k) => k.endsWith('.zng') && !k.endsWith('-seek.zng'))).toHaveLength(2);
    expect(await query('from conn | count()')).toBe('3001(uint64)\n');
    expect(await query(`from conn@${first.commit} | count()`)).toBe('3000(uint64)\n');
    expect(await query('from conn:log | has(message) | count()')).toBe('2(uint64)\n');
    expect(id).toMatch(/^0x/);
  });

  it('reads CSV with quoted fields (our own CSV decoder, bundled)', async () => {
    await createPool('csv');
    await load('csv', 'ts,note\n1,"said ""hi"", then left"\n2,plain\n', { 'Content-Type': 'text/csv' });
    expect(await query('from csv | sort ts | yield note')).toBe('"said \\"hi\\", then left"\n"plain"\n');
  });

  it('never loses a commit of concurrent loads (compare-and-set on D1)', async () => {
    await createPool('busy');
    await Promise.all(Array.from({ length: 8 }, (_, w) => (async () => {
      for (let i = 0; i < 3; i++) await load('busy', `{"ts":${w * 100 + i},"w":${w}}\n`);
    })()));
    expect(await query('from busy | count()')).toBe('24(uint64)\n');
    expect(await query('from busy:log | has(message) | count()')).toBe('24(uint64)\n');
  });

  it('deletes and vacuums: the objects leave the bucket', async () => {
    await createPool('gone');
    const a = await load('gone', '{"ts":1}\n');
    await load('gone', '{"ts":2}\n');
    const objects = (await query('from gone@main:objects | yield id')).trim().split('\n').map((l) => l.replace(/\(.*$/, ''));
    expect(objects).toHaveLength(2);
    const del = await post('/pool/gone/branch/main/delete', { object_ids: [objects[0]] }, { Accept: 'application/json' });
    expect(del.status).toBe(200);
    expect(await query('from gone | count()')).toBe('1(uint64)\n');
    const before = r2Keys(await lakeState(mf)).length;
    const vac = await post('/pool/gone/revision/main/vacuum', '', { Accept: 'application/json' });
    expect(vac.status).toBe(200);
    expect(((await vac.json()) as { object_ids: string[] }).object_ids).toHaveLength(1);
    // The object, its seek index and its column copy are gone from the bucket.
    expect(r2Keys(await lakeState(mf)).length).toBe(before - 3);
    expect(a.commit).toMatch(/^0x/);
  });

  it("answers bad input with Zed's status and error body", async () => {
    const r = await post('/query', { query: 'from nosuchpool' }, { Accept: 'application/json' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ type: 'Error', kind: 'invalid operation' });
    const dup = await post('/pool', { name: 'conn' }, { Accept: 'application/json' });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ type: 'Error', kind: 'conflict with pending operation', error: 'conn: pool already exists' });
    const bad = await post('/pool/conn/branch/main', 'this is not data', { Accept: 'application/json' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/format detection error/);
    // Nothing of the bad load was committed.
    expect(await query('from conn:log | has(message) | count()')).toBe('2(uint64)\n');
  });

  it('writes and reads Parquet with the WebAssembly engine the Worker imports', async () => {
    const r = await post('/query', { query: 'from conn | ts < 5 | cut ts, proto' }, { Accept: 'application/x-parquet' });
    expect(r.status).toBe(200);
    const parquet = new Uint8Array(await r.arrayBuffer());
    expect(new TextDecoder().decode(parquet.subarray(0, 4))).toBe('PAR1');
    await createPool('fromparquet');
    const l = await req('/pool/fromparquet/branch/main', { method: 'POST', body: parquet, headers: { 'Content-Type': 'application/x-parquet' } });
    expect(l.status).toBe(200);
    expect(await query('from fromparquet | sort ts | yield proto')).toBe('"tcp"\n"udp"\n"tcp"\n"udp"\n"tcp"\n');
  });

  it('serves the zed-js client', async () => {
    const require = createRequire(import.meta.url);
    const { BaseClient } = require(require.resolve('@brimdata/zed-js').replace(/index\.js$/, 'client/base-client.js')) as {
      BaseClient: new (url: string) => {
        fetch: typeof fetch;
        version(): Promise<{ version: string }>;
        getPools(): Promise<{ name: string }[]>;
        query(q: string): Promise<{ js(): Promise<unknown[]> }>;
      };
    };
    const c = new BaseClient(base.href.replace(/\/$/, ''));
    // zed-js reads channel ids, which API revision 1.8.0 sends.
    c.fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Zed-Api-Version', '1.8.0');
      return globalThis.fetch(input, { ...init, headers });
    };
    expect((await c.version()).version).toBe('v1.8.0');
    expect((await c.getPools()).map((p) => p.name)).toContain('conn');
    expect(await (await c.query('from conn | count() by proto | sort proto')).js()).toEqual([
      { proto: 'icmp', count: 1 },
      { proto: 'tcp', count: 1500 },
      { proto: 'udp', count: 1500 },
    ]);
  });
});
