// F7: a query's `get URL` fetched anything: it reached a private listener on
// 127.0.0.1 with the method, headers and body the query chose, and tried
// 169.254.169.254. zlake serve now fetches only what -query.get.allow names,
// and loopback, private and link-local addresses only when an entry names
// that host; zq still fetches what it likes.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, testServer, type TestServer } from '../service/server.js';
import { zlakeAsync } from '../support/zlake.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

/** A listener on 127.0.0.1 that records what reaches it and answers with `reply`. */
async function listener(reply: (req: IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string }): Promise<{ server: Server; port: number; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => {
      const r = reply(req);
      res.writeHead(r.status, r.headers ?? {});
      res.end(r.body ?? '');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

let data: Awaited<ReturnType<typeof listener>>;
let redirector: Awaited<ReturnType<typeof listener>>;
const servers: TestServer[] = [];

beforeAll(async () => {
  data = await listener(() => ({ status: 200, headers: { 'Content-Type': 'application/x-ndjson' }, body: '{"a":1}\n' }));
  redirector = await listener((req) =>
    req.url === '/loop'
      ? { status: 302, headers: { Location: '/loop' } }
      : { status: 302, headers: { Location: `http://127.0.0.1:${data.port}/secret` } },
  );
});

afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const l of [data, redirector]) await new Promise<void>((ok) => l.server.close(() => ok()));
});

async function serverWith(getAllow: string[]): Promise<TestServer> {
  const s = await testServer({ getAllow });
  servers.push(s);
  return s;
}

/** POST /query; the status and body text. */
async function query(s: TestServer, text: string, ctrl = false): Promise<{ status: number; body: string }> {
  const r = await s.post(`/query${ctrl ? '?ctrl=T' : ''}`, { query: text }, { Accept: ctrl ? 'application/x-zjson' : 'application/json' });
  return { status: r.status, body: await r.text() };
}

const refused = (url: string, why: string) => errorText('invalid operation', `Get ${JSON.stringify(url)}: ${why}`);

describe('get URL in zlake serve', () => {
  it('before: allowed (everything was); now: a host named by -query.get.allow, 127.0.0.1:<port>, is fetched', async () => {
    const s = await serverWith([`127.0.0.1:${data.port}`]);
    const r = await query(s, `get http://127.0.0.1:${data.port}/ok`);
    expect(r).toEqual({ status: 200, body: '[{"a":1}]\n' });
    expect(data.seen.at(-1)?.url).toBe('/ok');
  });

  it('before: a query reached a private listener on 127.0.0.1 with its own method, headers and body; now: 400 before connecting', async () => {
    const s = await serverWith([]);
    const before = data.seen.length;
    const url = `http://127.0.0.1:${data.port}/admin`;
    const r = await query(s, `get ${url} method "DELETE" headers {"X-Admin":["yes"]} body "drop everything"`);
    expect(r.status).toBe(400);
    expect(r.body).toBe(errorText('invalid operation', `Delete ${JSON.stringify(url)}: host "127.0.0.1:${data.port}" is not allowed: allow it with -query.get.allow`));
    expect(data.seen.length).toBe(before);
  });

  it('before: an allow pattern covered loopback too; now: "*" does not unlock 127.0.0.1 or [::ffff:127.0.0.1]', async () => {
    const s = await serverWith(['*']);
    const before = data.seen.length;
    let url = `http://127.0.0.1:${data.port}/x`;
    let r = await query(s, `get ${url}`);
    expect(r).toEqual({ status: 400, body: refused(url, 'address 127.0.0.1 is loopback: allow it by name with -query.get.allow') });
    url = `http://[::ffff:127.0.0.1]:${data.port}/x`;
    r = await query(s, `get "${url}"`);
    expect(r.status).toBe(400);
    // The URL parser writes the mapped address in hex.
    expect(r.body).toBe(refused(url, 'address ::ffff:7f00:1 is loopback: allow it by name with -query.get.allow'));
    expect(data.seen.length).toBe(before);
  });

  it('before: 10.0.0.1 was tried; now: private address refused before connecting', async () => {
    const s = await serverWith(['*']);
    const r = await query(s, 'get http://10.0.0.1/latest');
    expect(r).toEqual({ status: 400, body: refused('http://10.0.0.1/latest', 'address 10.0.0.1 is private: allow it by name with -query.get.allow') });
  });

  it('before: the cloud metadata address 169.254.169.254 was tried; now: link-local refused before connecting', async () => {
    const s = await serverWith(['*']);
    const url = 'http://169.254.169.254/latest/meta-data/';
    const r = await query(s, `get ${url}`);
    expect(r).toEqual({ status: 400, body: refused(url, 'address 169.254.169.254 is link-local: allow it by name with -query.get.allow') });
  });

  it('before: a DNS name resolving to loopback (localhost) was fetched; now: refused after resolving, unless an entry names it', async () => {
    const s = await serverWith(['*']);
    const before = data.seen.length;
    const url = `http://localhost:${data.port}/x`;
    const r = await query(s, `get ${url}`);
    expect(r.status).toBe(400);
    expect(r.body).toMatch(new RegExp(`^\\{"type":"Error","kind":"invalid operation","error":"Get \\\\"${url.replace(/[/.]/g, '\\$&')}\\\\": host \\\\"localhost\\\\" \\((127\\.0\\.0\\.1|::1)\\) is loopback`));
    expect(data.seen.length).toBe(before);
    // An entry naming the host unlocks it.
    const named = await serverWith([`localhost:${data.port}`]);
    expect(await query(named, `get ${url}`)).toEqual({ status: 200, body: '[{"a":1}]\n' });
  });

  it('before: a redirect from an allowed server to a loopback port was followed; now: the query fails in-band and the port is not reached', async () => {
    const s = await serverWith([`127.0.0.1:${redirector.port}`]);
    const before = data.seen.length;
    const url = `http://127.0.0.1:${redirector.port}/go`;
    const r = await query(s, `get ${url}`, true);
    expect(r.status).toBe(200);
    expect(r.body.trimEnd().split('\n')).toEqual([
      JSON.stringify({ type: 'QueryError', value: { error: `Get ${JSON.stringify(url)}: host "127.0.0.1:${data.port}" is not allowed: allow it with -query.get.allow` } }),
    ]);
    expect(data.seen.length).toBe(before);
    // Allowed both ways, the redirect is followed.
    const both = await serverWith([`127.0.0.1:${redirector.port}`, `127.0.0.1:${data.port}`]);
    expect(await query(both, `get ${url}`)).toEqual({ status: 200, body: '[{"a":1}]\n' });
    expect(data.seen.at(-1)?.url).toBe('/secret');
  });

  it('before: redirects were followed as fetch follows them (20); now: at most 10, then an in-band error', async () => {
    const s = await serverWith([`127.0.0.1:${redirector.port}`]);
    const before = redirector.seen.length;
    const url = `http://127.0.0.1:${redirector.port}/loop`;
    const r = await query(s, `get ${url}`, true);
    expect(r.body.trimEnd()).toBe(JSON.stringify({ type: 'QueryError', value: { error: `Get ${JSON.stringify(url)}: stopped after 10 redirects` } }));
    expect(redirector.seen.length - before).toBe(11);
  });

  it('before: a get from a server that never answered waited 300 s (undici\'s headers timeout); now: it fails in-band after the timeout', async () => {
    const hang = createServer(() => {});
    await new Promise<void>((ok) => hang.listen(0, '127.0.0.1', ok));
    const port = (hang.address() as AddressInfo).port;
    const s = await testServer({ getAllow: [`127.0.0.1:${port}`], getTimeoutMs: 300 });
    servers.push(s);
    try {
      const url = `http://127.0.0.1:${port}/slow`;
      const r = await query(s, `get ${url}`, true);
      expect(r.body.trimEnd()).toBe(JSON.stringify({ type: 'QueryError', value: { error: `Get ${JSON.stringify(url)}: no response within 0.3 s` } }));
    } finally {
      hang.closeAllConnections();
      await new Promise<void>((ok) => hang.close(() => ok()));
    }
  });
});

describe('get URL in zlake zq', () => {
  it('before: zq fetched from loopback; now: it still does (a local user may fetch what they like)', async () => {
    const r = await zlakeAsync(['zq', '-z', `get http://127.0.0.1:${data.port}/zq`]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('{a:1}\n');
  });
});
