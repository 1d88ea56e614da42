// Loads whose memory follows their record count (#12, F3): tiny records
// cost more in objects than in bytes. A load's run counts them with their
// overhead, and each load runs in a worker whose small heap collects its
// garbage early, so the server's memory stays bounded whatever the count.
// (bench/isolation.mjs and bench/service.mjs load 1 GiB; this test streams
// 128 MiB, which is past the point where the server's memory levels off.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from './serve-process.js';

const MiB = 2 ** 20;

/** `total` bytes of `{"a":1}` lines, streamed, never held whole. */
function tinyRecords(total: number): ReadableStream<Uint8Array> {
  const line = new TextEncoder().encode('{"a":1}\n');
  const chunk = new Uint8Array(MiB);
  for (let i = 0; i + line.length <= chunk.length; i += line.length) chunk.set(line, i);
  const usable = chunk.length - (chunk.length % line.length);
  let sent = 0;
  return new ReadableStream({
    pull(c) {
      if (sent >= total) {
        c.close();
        return;
      }
      c.enqueue(chunk.slice(0, usable));
      sent += usable;
    },
  });
}

describe('load memory', () => {
  let srv: ServeProcess;

  beforeAll(async () => {
    srv = await startServe();
    const r = await srv.post('/pool', { name: 'tiny', layout: { order: 'asc', keys: [['a']] } });
    expect(r.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await srv?.stop();
  });

  it('before: a 64 MiB load of {"a":1} lines peaked at 1.9 GB; now: 128 MiB of them load with the server under 400 MiB', async () => {
    const total = 128 * MiB;
    const r = await fetch(`${srv.url}/pool/tiny/branch/main`, {
      method: 'POST',
      body: tinyRecords(total),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(r.status).toBe(200);
    expect((await r.json()) as { commit: string }).toHaveProperty('commit');
    expect(srv.memory().peak).toBeLessThan(400 * MiB);
    const q = await srv.post('/query', { query: 'from tiny | count()' }, { Accept: 'application/json' });
    const lines = Math.floor(MiB / 8) * Math.ceil(total / (Math.floor(MiB / 8) * 8));
    expect(await q.json()).toEqual([lines]);
  }, 900_000);
});
