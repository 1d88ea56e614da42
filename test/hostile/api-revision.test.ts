// A request that names an API revision the server does not speak.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, testServer, type TestServer } from '../service/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
  await s.pool('rev', '{ts:0}\n');
});
afterAll(async () => {
  await s.stop();
});

const UNSUPPORTED = errorText('invalid operation', 'unsupported API version "9.9.9" (supported: v1.2.0, v1.6.0, v1.8.0, v1.18.0, latest)');

describe('unknown Zed-Api-Version', () => {
  it('before: /version ignored an unknown Zed-Api-Version and answered 200; now: 400 with a message', async () => {
    const r = await s.req('/version', { headers: { 'Zed-Api-Version': '9.9.9' } });
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(UNSUPPORTED);
    const ok = await s.req('/version', { headers: { 'Zed-Api-Version': 'v1.8.0' } });
    expect(await ok.text()).toBe('{"version":"v1.8.0"}\n');
  });

  it('before: the API routes already answered 400 (kept); now: 400 with the same message on queries and loads, nothing loaded', async () => {
    let r = await s.post('/query', { query: 'from rev' }, { 'Zed-Api-Version': '9.9.9' });
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(UNSUPPORTED);
    r = await s.req('/pool/rev/branch/main', { method: 'POST', body: '{ts:1}', headers: { 'Zed-Api-Version': '9.9.9' } });
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(UNSUPPORTED);
    expect(await s.query('from rev | count()', 'application/json')).toBe('[1]\n');
  });
});
