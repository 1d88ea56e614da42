// GET /events over a real server: the SSE framing, each operation's event in
// JSON and ZSON, and the event names and shapes of older revisions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from './server.js';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
});
afterAll(async () => {
  await s.stop();
});

/** Subscribes and collects raw event text until `n` events came. */
async function subscribe(headers: Record<string, string>) {
  const ac = new AbortController();
  const r = await s.req('/events', { headers, signal: ac.signal });
  expect(r.status).toBe(200);
  expect(r.headers.get('Content-Type')).toBe('text/event-stream');
  const reader = r.body!.getReader();
  const dec = new TextDecoder();
  let buf = '';
  // Wait until the server has registered us (the response head came).
  for (let i = 0; i < 50 && s.service.events.size === 0; i++) await new Promise((ok) => setTimeout(ok, 10));
  return {
    async take(n: number): Promise<string[]> {
      for (;;) {
        const events = buf.split('\n\n\n').filter((e) => e !== '');
        if (events.length >= n && buf.endsWith('\n\n\n')) return events.slice(0, n);
        const r = await reader.read();
        if (r.done) throw new Error(`stream ended after ${buf}`);
        buf += dec.decode(r.value, { stream: true });
      }
    },
    raw: () => buf,
    close() {
      ac.abort();
      return reader.cancel().catch(() => {});
    },
  };
}

const HEX = '0x[0-9a-f]{40}';

describe('GET /events', () => {
  it('sends each operation\'s event, framed as Zed frames it, in JSON', async () => {
    const sub = await subscribe({ Accept: 'application/json' });
    const id = await s.pool('ev');
    const branch = await s.post('/pool/ev', { name: 'dev', commit: '000000000000000000000000000' });
    expect(branch.status).toBe(200);
    const load = await s.req('/pool/ev/branch/main', { method: 'POST', body: new TextEncoder().encode('{ts:1}') });
    const commit = (await load.text()).match(/commit:(0x[0-9a-f]{40})/)![1];
    await s.req('/pool/ev/branch/dev', { method: 'DELETE' });
    await s.req('/pool/ev', { method: 'PUT', body: JSON.stringify({ name: 'ev2' }), headers: { 'Content-Type': 'application/json' } });
    await s.req('/pool/ev2', { method: 'DELETE' });
    const events = await sub.take(6);
    expect(events).toEqual([
      `event: pool-new\ndata: {"pool_id":"${id}"}`,
      `event: branch-update\ndata: {"pool_id":"${id}","branch":"dev"}`,
      `event: branch-commit\ndata: {"commit_id":"${commit}","pool_id":"${id}","branch":"main","parent":""}`,
      `event: branch-delete\ndata: {"pool_id":"${id}","branch":"dev"}`,
      `event: pool-update\ndata: {"pool_id":"${id}"}`,
      `event: pool-delete\ndata: {"pool_id":"${id}"}`,
    ]);
    expect(sub.raw().startsWith('event: pool-new\ndata: {')).toBe(true);
    await sub.close();
  });

  it('writes event values in ZSON by default with simple type names', async () => {
    const sub = await subscribe({});
    await s.pool('evz');
    const [e] = await sub.take(1);
    expect(e).toMatch(new RegExp(`^event: pool-new\\ndata: \\{pool_id:${HEX}\\(=KSUID\\)\\}\\(=EventPool\\)$`));
    await sub.close();
  });

  it('sends plain records and no delete event in v1.2.0', async () => {
    const sub = await subscribe({ 'Zed-Api-Version': '1.2.0' });
    await s.pool('old', '{ts:1}\n');
    const events = await sub.take(2);
    expect(events[0]).toMatch(new RegExp(`^event: pool-new\\ndata: \\{pool_id:${HEX}\\}$`));
    expect(events[1]).toMatch(new RegExp(`^event: branch-commit\\ndata: \\{commit_id:${HEX},pool_id:${HEX},branch:"main",parent:""\\}$`));
    await sub.close();
  });

  it('refuses Accept: text/event-stream before streaming', async () => {
    const r = await s.req('/events', { headers: { Accept: 'text/event-stream' } });
    expect(r.status).toBe(400);
    expect((await r.json()).error).toBe('could not find supported MIME type in Accept header');
  });

  it('drops a subscriber that goes away', async () => {
    const before = s.service.events.size;
    const sub = await subscribe({ Accept: 'application/json' });
    expect(s.service.events.size).toBe(before + 1);
    await sub.close();
    for (let i = 0; i < 100 && s.service.events.size > before; i++) await new Promise((ok) => setTimeout(ok, 20));
    expect(s.service.events.size).toBe(before);
  });
});
