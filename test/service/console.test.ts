// The web console as HTTP serves it (issue #18): the page at `/` keeps
// what Zed's clients may look at (its title, text/html, Range and HEAD),
// locks itself down (CSP, no framing), and its files come gzipped or not,
// cached for good, with a 304 for a known ETag; -rootcontentfile replaces
// page and files. GET /auth/scopes tells what the credentials may do.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiTokens, parseScope } from '../../src/index.js';
import { testServer, type TestServer } from './server.js';

let s: TestServer;

/** The files the page names (its script and style sheet). */
async function pageFiles(server: TestServer): Promise<string[]> {
  const html = await (await server.req('/')).text();
  return [...html.matchAll(/(?:src|href)="(console\/[^"]+)"/g)].map((m) => `/${m[1]!}`);
}

beforeAll(async () => {
  s = await testServer();
});
afterAll(async () => {
  await s?.stop();
});

describe('the console page at /', () => {
  it("is Zed's titled HTML page, with Range and HEAD as a static file has them", async () => {
    const r = await s.req('/');
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const html = await r.text();
    expect(html).toContain('<title>Zed lake service</title>');
    expect(html).toContain('<noscript>');
    expect(r.headers.get('Accept-Ranges')).toBe('bytes');
    const part = await s.req('/', { headers: { Range: 'bytes=1-15' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('<!DOCTYPE html>');
    const head = await s.req('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('runs only its own scripts, talks only to its origin and is never framed', async () => {
    const r = await s.req('/');
    const csp = r.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(r.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(r.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('names a script and a style sheet under /console/, by relative URLs', async () => {
    const files = await pageFiles(s);
    expect(files.some((f) => /^\/console\/main-[A-Z0-9]+\.js$/.test(f))).toBe(true);
    expect(files.some((f) => /^\/console\/main-[A-Z0-9]+\.css$/.test(f))).toBe(true);
  });
});

describe('the console files', () => {
  it('come gzipped to a client that takes gzip, and the same bytes inflated to one that does not', async () => {
    for (const f of await pageFiles(s)) {
      // Node's fetch inflates by itself; ask for identity and for gzip and compare.
      const plain = await s.req(f, { headers: { 'Accept-Encoding': 'identity' } });
      expect(plain.status).toBe(200);
      expect(plain.headers.get('Content-Encoding')).toBeNull();
      const body = new Uint8Array(await plain.arrayBuffer());
      expect(Number(plain.headers.get('Content-Length'))).toBe(body.length);
      const raw = await rawGet(s.url + f, { 'Accept-Encoding': 'gzip, deflate' });
      expect(raw.headers['content-encoding']).toBe('gzip');
      expect(Buffer.compare(gunzipSync(raw.body), Buffer.from(body))).toBe(0);
      expect(raw.body.length).toBeLessThan(body.length);
      expect(plain.headers.get('Content-Type')).toBe(f.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');
      expect(plain.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(plain.headers.get('Vary')).toContain('Accept-Encoding');
    }
  });

  it('answers 304 to a known ETag, HEAD with no body, and other methods 405', async () => {
    const [f] = await pageFiles(s);
    const first = await s.req(f!);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{16}"$/);
    await first.arrayBuffer();
    const again = await s.req(f!, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const head = await s.req(f!, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await s.req(f!, { method: 'POST' })).status).toBe(405);
    expect((await s.req('/console/nosuch-ABC.js')).status).toBe(404);
  });
});

describe('-rootcontentfile', () => {
  it('replaces the console page and its files', async () => {
    const z = await testServer({ rootContent: 'Hello, world!\n' });
    try {
      const files = await pageFiles(s);
      const r = await z.req('/');
      expect(await r.text()).toBe('Hello, world!\n');
      expect(r.headers.get('Content-Security-Policy')).toBeNull();
      expect((await z.req(files[0]!)).status).toBe(404);
    } finally {
      await z.stop();
    }
  });
});

describe('GET /auth/scopes', () => {
  it('says *:admin with auth off', async () => {
    const r = await s.req('/auth/scopes', { headers: { Accept: 'application/json' } });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('{"scopes":["*:admin"]}\n');
  });

  it("lists an API token's scopes, and answers 401 without a token", async () => {
    const z = await testServer({ auth: { tokens: true } });
    try {
      const tokens = new ApiTokens(z.opened.tokens, { now: () => BigInt(Date.now()) * 1_000_000n });
      const t = (await tokens.create('reader', ['logs:read', 'other:write'].map(parseScope), null)).token;
      const r = await z.req('/auth/scopes', { headers: { Accept: 'application/json', Authorization: `Bearer ${t}` } });
      expect(await r.text()).toBe('{"scopes":["logs:read","other:write"]}\n');
      expect((await z.req('/auth/scopes')).status).toBe(401);
    } finally {
      await z.stop();
    }
  });
});

/** A GET whose body is not inflated (fetch would). */
async function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((ok, fail) => {
    const req = request(url, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => ok({ headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', fail);
    req.end();
  });
}
