// The Worker near its runtime's limits (#12): a long query ends with its
// time-limit error, in-band, before the Workers CPU limit would cut the
// isolate, and the isolate goes on answering.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorker } from '../../scripts/build-worker.mjs';

let mf: Miniflare;
let base: URL;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zlake-worker-limits-'));
  const script = join(dir, 'worker.js');
  await buildWorker(script);
  mf = new Miniflare({
    modules: true,
    scriptPath: script,
    modulesRoot: dir,
    modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
    compatibilityDate: '2026-04-01',
    r2Buckets: ['LAKE'],
    d1Databases: ['META'],
    bindings: { ZLAKE_QUERY_TIMEOUT: '1s' },
    host: '127.0.0.1',
    port: 0,
  });
  base = await mf.ready;
}, 120_000);

afterAll(async () => {
  await mf?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('the Worker near its limits', () => {
  it('before: a long query ran until the runtime cut it; now: ZLAKE_QUERY_TIMEOUT ends it with a clear in-band error', async () => {
    const post = (path: string, body: string, type: string) => fetch(new URL(path, base), { method: 'POST', body, headers: { 'Content-Type': type, Accept: 'application/x-zjson' } });
    expect((await post('/pool', JSON.stringify({ name: 'j', layout: { order: 'asc', keys: [['ts']] } }), 'application/json')).status).toBe(200);
    const rows = Array.from({ length: 1500 }, (_, i) => JSON.stringify({ ts: i, k: i % 3, s: `value ${i}` })).join('\n');
    const l = await post('/pool/j/branch/main', rows, 'application/json');
    expect(l.status).toBe(200);
    await l.arrayBuffer();
    const r = await post('/query?ctrl=true', JSON.stringify({ query: 'from j | join (from j) on k=k x:=s | join (from j) on k=k y:=s | count()' }), 'application/json');
    expect(r.status).toBe(200);
    const lines = (await r.text()).split('\n').filter((x) => x !== '').map((x) => JSON.parse(x) as { type: unknown; value?: { error?: string } });
    expect(lines.find((x) => x.type === 'QueryError')?.value?.error).toBe('query exceeded its time limit of 1s');
    // The isolate lives on.
    expect(await (await fetch(new URL('/status', base))).text()).toBe('ok');
  }, 180_000);
});
