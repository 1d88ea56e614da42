// Bodies over the server's limits, and what a load past its limit leaves
// behind (nothing): JSON routes over -body.limit, loads over -load.limit,
// and a gzip load whose inflated size is over -load.limit.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, testServer, type TestServer } from '../service/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await testServer({ bodyLimit: 1000, loadLimit: 100_000 });
  await s.pool('lim', '{ts:0}\n');
});
afterAll(async () => {
  await s.stop();
});

const bytes = (t: string) => new TextEncoder().encode(t);

/** The number of commits on the pool's main branch. */
async function commits(): Promise<number> {
  const log = await s.query('from lim@main:log | count()', 'application/json');
  return Number(JSON.parse(log)[0] ?? 0);
}

describe('request bodies over the limit', () => {
  it('before: a JSON body over -body.limit got 400; now: 413 with Zed\'s error body', async () => {
    const r = await s.post('/pool', { name: 'x'.repeat(2000) });
    expect(r.status).toBe(413);
    expect(await r.text()).toBe(errorText('invalid operation', 'request body too large: the limit is 1000 bytes'));
    // A query body too: the same answer, and nothing was created.
    const q = await s.post('/query', { query: `yield "${'y'.repeat(2000)}"` });
    expect(q.status).toBe(413);
    expect(await s.query('from :pools | count()', 'application/json')).toBe('[1]\n');
  });

  it('before: a streamed load over -load.limit got 400; now: 413 and no commit', async () => {
    const before = await commits();
    const big = bytes(Array.from({ length: 20_000 }, (_, i) => `{"ts":${i}}`).join('\n'));
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < big.length; i += 4096) c.enqueue(big.subarray(i, i + 4096));
        c.close();
      },
    });
    const r = await s.req('/pool/lim/branch/main', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(r.status).toBe(413);
    expect(await r.text()).toBe(errorText('invalid operation', 'request body too large: the limit is 100000 bytes'));
    expect(await commits()).toBe(before);
  });

  it('before: a gzip load of 8 MiB passed -load.limit 100000 (compressed bytes counted); now: 413 and no commit', async () => {
    const before = await commits();
    const line = '{"ts":1,"msg":"the same line again and again"}\n';
    const inflated = bytes(line.repeat(Math.ceil((8 << 20) / line.length)));
    const gz = gzipSync(inflated);
    expect(gz.length).toBeLessThan(100_000);
    const r = await s.req('/pool/lim/branch/main', { method: 'POST', body: gz });
    expect(r.status).toBe(413);
    expect(await r.text()).toBe(errorText('invalid operation', 'request body too large: the limit is 100000 bytes after gunzip'));
    expect(await commits()).toBe(before);
    expect(await s.query('from lim | count()', 'application/json')).toBe('[1]\n');
    // A small gzip load still goes in.
    const ok = await s.req('/pool/lim/branch/main', { method: 'POST', body: gzipSync(bytes(line)) });
    expect(ok.status).toBe(200);
    expect(await commits()).toBe(before + 1);
  });
});
