// The Worker near its runtime's limits (#12, #14): a long query ends with
// its time-limit error, in-band, before the Workers CPU limit would cut the
// isolate; a load larger than the memory an object may take is written as
// several objects of one commit, and one past the body limit ends in 413
// with nothing committed; a query past its memory fails with Zed's memory
// error instead of spilling into the isolate; the isolate goes on answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestWorker, type BuiltWorker } from '../support/worker-miniflare.js';

/** Value bytes a load holds before it writes an object (ZLAKE_LOAD_MEMORY_LIMIT). */
const OBJECT_MEMORY = 64 << 10;
/** The largest load body (ZLAKE_LOAD_LIMIT). */
const LOAD_LIMIT = 1_000_000;
/** What one query may hold (ZLAKE_QUERY_MEMORY's default, 64 MiB): a sort gets an eighth of it. */
const SORT_MEMORY = 8 << 20;

let built: BuiltWorker;
/** A Worker whose only limit is its query time limit (1 s). */
let timed: URL;
/** A Worker with small load limits and the default query memory. */
let base: URL;

const worker = async (bindings: Record<string, string>): Promise<URL> => new URL((await built.start(bindings)).url);

beforeAll(async () => {
  built = await buildTestWorker('zlake-worker-limits-');
  timed = await worker({ ZLAKE_QUERY_TIMEOUT: '1s', ZLAKE_QUERY_MEMORY: String(1 << 30) });
  base = await worker({ ZLAKE_LOAD_MEMORY_LIMIT: String(OBJECT_MEMORY), ZLAKE_LOAD_LIMIT: String(LOAD_LIMIT) });
}, 120_000);

afterAll(async () => {
  await built?.dispose();
});

describe('the Worker near its limits', () => {
  it('before: a long query ran until the runtime cut it; now: ZLAKE_QUERY_TIMEOUT ends it with a clear in-band error', async () => {
    const post = (path: string, body: string, type: string) => fetch(new URL(path, timed), { method: 'POST', body, headers: { 'Content-Type': type, Accept: 'application/x-zjson' } });
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
    expect(await (await fetch(new URL('/status', timed))).text()).toBe('ok');
  }, 180_000);

  it('writes a load bigger than the per-object memory as several objects of one commit', async () => {
    const post = (path: string, body: BodyInit, type: string) => fetch(new URL(path, base), { method: 'POST', body, headers: { 'Content-Type': type, Accept: 'application/json' } });
    const q = async (query: string) => (await post('/query', JSON.stringify({ query }), 'application/json')).text();
    expect((await post('/pool', JSON.stringify({ name: 'big', layout: { order: 'asc', keys: [['ts']] } }), 'application/json')).status).toBe(200);
    const rows = Array.from({ length: 8000 }, (_, i) => JSON.stringify({ ts: i, s: `value number ${i} of the load` })).join('\n');
    expect(rows.length).toBeGreaterThan(4 * OBJECT_MEMORY);
    const l = await post('/pool/big/branch/main', rows, 'application/json');
    expect(l.status).toBe(200);
    await l.arrayBuffer();
    expect(await q('from big | count()')).toBe('[8000]\n');
    expect(Number(JSON.parse(await q('from big@main:objects | count()'))[0])).toBeGreaterThan(1);
    expect(await q('from big:log | has(message) | count()')).toBe('[1]\n');
  });

  it('before: a Worker took a load of any size; now: past ZLAKE_LOAD_LIMIT 413, nothing committed, and it serves on', async () => {
    const q = async (query: string) => (await fetch(new URL('/query', base), { method: 'POST', body: JSON.stringify({ query }), headers: { 'Content-Type': 'application/json', Accept: 'application/json' } })).text();
    const before = await q('from big:log | has(message) | count()');
    const line = new TextEncoder().encode('{"ts":1,"s":"a line of the load that is too big for the limit"}\n');
    const chunk = new Uint8Array(line.length * 256);
    for (let i = 0; i < 256; i++) chunk.set(line, i * line.length);
    // Streamed without a length: the load reads up to the limit, writing
    // objects of OBJECT_MEMORY as it goes, and must not commit any of them.
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent > LOAD_LIMIT * 1.5) return c.close();
        sent += chunk.length;
        c.enqueue(chunk);
      },
    });
    const r = await fetch(new URL('/pool/big/branch/main', base), { method: 'POST', body, duplex: 'half', headers: { 'Content-Type': 'application/json' } } as RequestInit);
    expect(r.status).toBe(413);
    expect(await r.json()).toEqual({ type: 'Error', kind: 'invalid operation', error: `request body too large: the limit is ${LOAD_LIMIT} bytes` });
    expect(await q('from big:log | has(message) | count()')).toBe(before);
    expect(await q('from big | count()')).toBe('[8000]\n');
    // Declared too long up front: refused before a byte is read.
    const declared = await fetch(new URL('/pool/big/branch/main', base), { method: 'POST', body: new Uint8Array(LOAD_LIMIT + 1), headers: { 'Content-Type': 'application/json' } });
    expect(declared.status).toBe(413);
    await declared.arrayBuffer();
    expect(await (await fetch(new URL('/status', base))).text()).toBe('ok');
  });

  it('before: a sort past its memory spilled into the isolate; now: Zed\'s memory error, in-band', async () => {
    const run = async (query: string) => {
      const r = await fetch(new URL('/query?ctrl=true', base), { method: 'POST', body: JSON.stringify({ query }), headers: { 'Content-Type': 'application/json', Accept: 'application/x-zjson' } });
      expect(r.status).toBe(200);
      return (await r.text()).split('\n').filter((x) => x !== '').map((x) => JSON.parse(x) as { type: unknown; value?: { error?: string } });
    };
    // 8000 values of about 1.6 KB each: more to sort than a sort may hold.
    const wide = 'put a:=s+s+s+s | put b:=a+a+a+a | put x:=b+b+b+b | cut x';
    expect(8000 * 64 * 'value number 7999 of the load'.length).toBeGreaterThan(SORT_MEMORY);
    const big = await run(`from big | ${wide} | sort -r x | count()`);
    expect(big.find((x) => x.type === 'QueryError')?.value?.error).toBe('query exceeded its memory limit of 64MiB');
    // Within it, the same sort runs.
    const small = await run(`from big | ts < 1000 | ${wide} | sort -r x | count()`);
    expect(small.some((x) => x.type === 'QueryError')).toBe(false);
    expect(await (await fetch(new URL('/status', base))).text()).toBe('ok');
  });
});
