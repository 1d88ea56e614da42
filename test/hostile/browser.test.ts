// What a web page can do with a zlake server the user runs: read it across
// origins, write to it with simple requests (no preflight), or reach it by
// DNS rebinding (its own name, resolving to the server, in Host).
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, testServer, type TestServer } from '../service/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
  await s.pool('web', '{ts:0}\n');
});
afterAll(async () => {
  await s.stop();
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with exactly these headers (fetch will not send a Host of our choosing). */
function raw(server: TestServer, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((ok, fail) => {
    const u = new URL(server.url);
    const req = httpRequest({ host: u.hostname, port: u.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

const FOREIGN = 'http://evil.example';

const pools = async (server: TestServer) => server.query('from :pools | yield name', 'application/json');

describe('cross-origin requests without -cors.origin', () => {
  it('before: every origin got Access-Control-Allow-Origin: * with credentials; now: a foreign origin gets no Allow headers', async () => {
    const r = await s.req('/pool/web/branch/main', { headers: { Origin: FOREIGN } });
    expect(r.status).toBe(200);
    expect(r.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(r.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    const pre = await raw(s, 'OPTIONS', '/query', { Origin: FOREIGN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('before: a foreign-origin POST /pool (a simple request, no preflight) created the pool; now: 403 and nothing created', async () => {
    const r = await raw(s, 'POST', '/pool', { Origin: FOREIGN, 'Content-Type': 'text/plain' }, '{name:"pwned",layout:{order:"asc",keys:[["ts"]]}}');
    expect(r.status).toBe(403);
    expect(r.body).toBe(errorText('forbidden', `cross-origin request from "${FOREIGN}" refused: allow the origin with -cors.origin`));
    // A query that loads is a write too.
    const q = await raw(s, 'POST', '/query', { Origin: FOREIGN, 'Content-Type': 'text/plain' }, '{query:"yield {ts:9} | load web"}');
    expect(q.status).toBe(403);
    // Sandboxed frames send Origin: null.
    const n = await raw(s, 'DELETE', '/pool/web', { Origin: 'null' });
    expect(n.status).toBe(403);
    expect(await pools(s)).toBe('["web"]\n');
    expect(await s.query('from web | count()', 'application/json')).toBe('[1]\n');
  });

  it('before: (allowed) same-origin and Origin-less writes worked; now: they still do', async () => {
    const host = new URL(s.url).host;
    let r = await raw(s, 'POST', '/pool', { Origin: `http://${host}`, 'Content-Type': 'application/json' }, '{"name":"same","layout":{"order":"asc","keys":[["ts"]]}}');
    expect(r.status).toBe(200);
    r = await raw(s, 'POST', '/pool', { 'Content-Type': 'application/json' }, '{"name":"curl","layout":{"order":"asc","keys":[["ts"]]}}');
    expect(r.status).toBe(200);
    r = await raw(s, 'DELETE', '/pool/same', { Origin: `http://${host}` });
    expect(r.status).toBe(204);
    r = await raw(s, 'DELETE', '/pool/curl', {});
    expect(r.status).toBe(204);
  });
});

describe("-cors.origin '*' (Zed's behaviour)", () => {
  it("before: Zed's headers for every origin by default; now: the same answers with -cors.origin '*', and foreign writes are served", async () => {
    const z = await testServer({ corsOrigins: ['*'] });
    try {
      const r = await z.req('/status', { headers: { Origin: FOREIGN } });
      expect(r.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(r.headers.get('Access-Control-Allow-Credentials')).toBe('true');
      const p = await raw(z, 'POST', '/pool', { Origin: FOREIGN, 'Content-Type': 'application/json' }, '{"name":"z","layout":{"order":"asc","keys":[["ts"]]}}');
      expect(p.status).toBe(200);
      expect(p.headers['access-control-allow-origin']).toBe('*');
      expect(await pools(z)).toBe('["z"]\n');
    } finally {
      await z.stop();
    }
  });
});

describe('Host names', () => {
  it('before: any Host was served (DNS rebinding); now: Host evil.example gets 403', async () => {
    const r = await raw(s, 'GET', '/pool/web/branch/main', { Host: 'evil.example' });
    expect(r.status).toBe(403);
    expect(r.body).toBe(errorText('forbidden', 'Host "evil.example" is not served here: allow it with -host.allow'));
    const w = await raw(s, 'POST', '/pool', { Host: `evil.example:${s.port}`, 'Content-Type': 'application/json' }, '{"name":"rebound","layout":{"order":"asc","keys":[["ts"]]}}');
    expect(w.status).toBe(403);
    // Aux routes too, but for /status (health checks).
    expect((await raw(s, 'GET', '/version', { Host: 'evil.example' })).status).toBe(403);
    expect((await raw(s, 'GET', '/status', { Host: 'evil.example' })).status).toBe(200);
    expect(await pools(s)).toBe('["web"]\n');
  });

  it('before: (allowed) loopback names were served; now: localhost, *.localhost, 127.0.0.1 and [::1], any port, still are', async () => {
    for (const host of [`localhost:${s.port}`, 'localhost', 'zui.localhost:1', `127.0.0.1:${s.port}`, '[::1]:9867']) {
      const r = await raw(s, 'GET', '/pool/web/branch/main', { Host: host });
      expect([host, r.status]).toEqual([host, 200]);
    }
  });

  it('before: any Host was served; now: a -host.allow name or pattern is served and others are not', async () => {
    const h = await testServer({ hostAllow: ['lake.example.com', '*.corp.example'] });
    try {
      expect((await raw(h, 'GET', '/version', { Host: 'lake.example.com:9867' })).status).toBe(200);
      expect((await raw(h, 'GET', '/version', { Host: 'a.b.corp.example' })).status).toBe(200);
      expect((await raw(h, 'GET', '/version', { Host: 'corp.example' })).status).toBe(403);
      expect((await raw(h, 'GET', '/version', { Host: 'evil.example' })).status).toBe(403);
    } finally {
      await h.stop();
    }
  });
});
