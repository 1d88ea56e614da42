// The HTTP shell over a real server: aux routes, 404/405/301, trailing
// slashes, X-Request-Id, CORS, auth in disabled mode, the revision header,
// the default format, and bad input that must never crash the server.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, testServer, type TestServer } from './server.js';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
  await s.pool('test', '{ts:0}\n');
});
afterAll(async () => {
  await s.stop();
});

/** A raw request, so paths reach the server exactly as written (fetch would clean them). */
function raw(method: string, path: string, headers: Record<string, string> = {}, server: TestServer = s): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((ok, fail) => {
    const u = new URL(server.url);
    const req = httpRequest({ host: u.hostname, port: u.port, method, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('aux routes', () => {
  it('serves /status, /version and / for any method, without a request id', async () => {
    let r = await s.req('/status', { method: 'POST' });
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(await r.text()).toBe('ok');
    expect(r.headers.get('X-Request-Id')).toBeNull();
    r = await s.req('/version', { headers: { Accept: 'application/x-zson' } });
    expect(r.headers.get('Content-Type')).toBe('application/json');
    expect(await r.text()).toBe('{"version":"v1.18.0"}\n');
    r = await s.req('/');
    expect(r.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(await r.text()).toContain('<title>Zed lake service</title>');
    r = await s.req('/', { headers: { Range: 'bytes=0-14' } });
    expect(r.status).toBe(206);
    expect(await r.text()).toBe('\n<!DOCTYPE html');
    const head = await s.req('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    r = await s.req('/metrics');
    expect(await r.text()).toMatch(/^# HELP zlake_http_requests_total/);
  });
});

describe('routing', () => {
  it('answers an unknown path 404 with Go\'s body and no request id or CORS', async () => {
    const r = await raw('GET', '/nosuch', { Origin: 'http://a.b' });
    expect(r.status).toBe(404);
    expect(r.body).toBe('404 page not found\n');
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(r.headers['x-request-id']).toBeUndefined();
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('does not match a trailing slash', async () => {
    expect((await raw('POST', '/pool/')).status).toBe(404);
    expect((await raw('GET', '/pool/test/branch/main/')).status).toBe(404);
  });

  it('answers a known path with another method 405 with an empty body', async () => {
    for (const [m, p] of [
      ['GET', '/pool'],
      ['GET', '/pool/test'],
      ['HEAD', '/query'],
      ['OPTIONS', '/pool'],
      ['PUT', '/query'],
      ['HEAD', '/pool/test/branch/main'],
    ] as const) {
      const r = await raw(m, p);
      expect(r.status, `${m} ${p}`).toBe(405);
      expect(r.body).toBe('');
      expect(r.headers['content-type']).toBeUndefined();
      expect(r.headers['x-request-id']).toBeUndefined();
    }
  });

  it('redirects a path with //, /./ or /../ to the cleaned path', async () => {
    let r = await raw('GET', '/pool//test/branch/main?x=1');
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe('/pool/test/branch/main?x=1');
    r = await raw('GET', '/pool/./test/../test/branch/main');
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe('/pool/test/branch/main');
  });

  it('echoes X-Request-Id and generates one otherwise, errors included', async () => {
    let r = await s.req('/pool/test/branch/main', { headers: { 'X-Request-ID': 'abc 123' } });
    expect(r.headers.get('X-Request-Id')).toBe('abc 123');
    r = await s.req('/pool/nosuch/branch/main');
    expect(r.status).toBe(404);
    expect(r.headers.get('X-Request-Id')).toMatch(/^[0-9A-Za-z]{27}$/);
  });
});

describe('CORS', () => {
  // Zed's answers with no -cors.origin; zlake gives them with -cors.origin '*'
  // (its own default, no foreign origin, is tested in test/hostile/browser.test.ts).
  let z: TestServer;
  beforeAll(async () => {
    z = await testServer({ corsOrigins: ['*'] });
    await z.pool('test', '{ts:0}\n');
  });
  afterAll(async () => {
    await z.stop();
  });

  it("allows every origin with -cors.origin '*', as Zed does with none configured", async () => {
    const r = await z.req('/pool/test/branch/main', { headers: { Origin: 'http://x.example' } });
    expect(r.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(r.headers.get('Access-Control-Allow-Credentials')).toBe('true');
    expect(r.headers.get('Vary')).toContain('Origin');
  });

  it('answers preflights on /query and /query/describe only', async () => {
    const r = await raw('OPTIONS', '/query', { Origin: 'http://x.example', 'Access-Control-Request-Method': 'post', 'Access-Control-Request-Headers': 'content-type, x-requested-with' }, z);
    expect(r.status).toBe(204);
    expect(r.body).toBe('');
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['access-control-allow-methods']).toBe('POST');
    expect(r.headers['access-control-allow-headers']).toBe('Content-Type, X-Requested-With');
    expect(r.headers['access-control-allow-credentials']).toBe('true');
    expect(r.headers.vary).toBe('Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
    const d = await raw('OPTIONS', '/query/describe', { Origin: 'http://x.example', 'Access-Control-Request-Method': 'POST' }, z);
    expect(d.status).toBe(204);
    const other = await raw('OPTIONS', '/pool', { Origin: 'http://x.example', 'Access-Control-Request-Method': 'POST' }, z);
    expect(other.status).toBe(405);
    const badHeader = await raw('OPTIONS', '/query', { Origin: 'http://x.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'X-Custom' }, z);
    expect(badHeader.status).toBe(204);
    expect(badHeader.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows only the configured origins, with wildcards', async () => {
    const c = await testServer({ corsOrigins: ['http://ok.example', 'http://*.wild.example'] });
    try {
      let r = await c.req('/status', { headers: { Origin: 'http://ok.example' } });
      expect(r.headers.get('Access-Control-Allow-Origin')).toBe('http://ok.example');
      r = await c.req('/status', { headers: { Origin: 'http://a.wild.example' } });
      expect(r.headers.get('Access-Control-Allow-Origin')).toBe('http://a.wild.example');
      r = await c.req('/status', { headers: { Origin: 'http://evil.example' } });
      expect(r.status).toBe(200);
      expect(r.headers.get('Access-Control-Allow-Origin')).toBeNull();
      const pre = await c.req('/query', { method: 'OPTIONS', headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' } });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('Access-Control-Allow-Origin')).toBeNull();
    } finally {
      await c.stop();
    }
  });
});

describe('auth disabled', () => {
  it('reports no auth method and the anonymous identity', async () => {
    let r = await s.req('/auth/method', { headers: { Accept: 'application/json' } });
    expect(await r.text()).toBe('{"kind":"","auth0":null}\n');
    r = await s.req('/auth/identity', { headers: { Accept: 'application/json' } });
    expect(await r.text()).toBe('{"tenant_id":"tenant_000000000000000000000000001","user_id":"user_000000000000000000000000001"}\n');
    r = await s.req('/auth/identity');
    expect(await r.text()).toBe('{tenant_id:"tenant_000000000000000000000000001",user_id:"user_000000000000000000000000001"}(=api.AuthIdentityResponse)\n');
  });
});

describe('default format and revisions', () => {
  it('answers in the -defaultfmt format when Accept is absent', async () => {
    const j = await testServer({ defaultFormat: 'json' });
    try {
      await j.pool('t', '{ts:1}');
      const r = await j.post('/query', { query: 'from t' });
      expect(r.headers.get('Content-Type')).toBe('application/json');
      expect(await r.text()).toBe('[{"ts":1}]\n');
    } finally {
      await j.stop();
    }
  });

  it('refuses an unknown default format at start', async () => {
    await expect(testServer({ defaultFormat: 'nosuch' })).rejects.toThrow('invalid default response format');
  });

  it('takes a revision per request from Zed-Api-Version, with or without the v', async () => {
    for (const v of ['1.8.0', 'v1.8.0']) {
      const r = await s.post('/query?ctrl=T', { query: 'from test' }, { Accept: 'application/x-zjson', 'Zed-Api-Version': v });
      const lines = (await r.text()).split('\n');
      expect(lines[0]).toBe('{"type":"QueryChannelSet","value":{"channel_id":0}}');
    }
    const v = await s.req('/version', { headers: { 'Zed-Api-Version': '1.6.0' } });
    expect(await v.text()).toBe('{"version":"v1.6.0"}\n');
    const bad = await s.req('/pool/test/branch/main', { headers: { 'Zed-Api-Version': '9.9.9' } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(errorText('invalid operation', 'unsupported API version "9.9.9" (supported: v1.2.0, v1.6.0, v1.8.0, v1.18.0, latest)'));
  });
});

describe('bad input', () => {
  it('answers malformed requests with Zed\'s statuses and keeps serving', async () => {
    const bad: [string, RequestInit, number][] = [
      ['/pool', { method: 'POST', body: '{"name":', headers: { 'Content-Type': 'application/json' } }, 400],
      ['/pool', { method: 'POST', body: new Uint8Array([0xff, 0xfe, 0x00, 0x01]), headers: { 'Content-Type': 'application/x-zng' } }, 400],
      ['/query', { method: 'POST', body: '[1,2]', headers: { 'Content-Type': 'application/json' } }, 400],
      ['/query?ctrl=maybe', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }, 400],
      ['/pool/test/branch/main/delete', { method: 'POST', body: '{"object_ids":["nope"]}', headers: { 'Content-Type': 'application/json' } }, 400],
      ['/pool/test/branch/main/revert/nope', { method: 'POST' }, 400],
      ['/pool/%zz/branch/main', { method: 'GET' }, 400],
      ['/pool/test', { method: 'POST', body: '{"name":"b1","commit":"bad"}', headers: { 'Content-Type': 'application/json' } }, 400],
      ['/query', { method: 'POST', body: '{"query":"from test |"}', headers: { 'Content-Type': 'application/json', Accept: 'application/nope' } }, 400],
    ];
    for (const [path, init, status] of bad) {
      const r = await s.req(path, init);
      const text = await r.text();
      expect(r.status, `${path} ${text}`).toBe(status);
      const body = JSON.parse(text);
      expect(body.type).toBe('Error');
      expect(text).not.toMatch(/\n\s+at /);
    }
    expect(await s.query('from test')).toBe('{ts:0}\n');
  });

  it('words the common request errors exactly as Zed', async () => {
    let r = await s.req('/pool/test/branch/main/revert/nope', { method: 'POST' });
    expect(await r.text()).toBe(errorText('invalid operation', 'invalid path param "commit": invalid ID: nope'));
    r = await s.post('/pool/test', { name: 'b1', commit: 'bad' });
    expect(await r.text()).toBe(errorText('invalid operation', 'invalid commit object: bad'));
    r = await s.post('/pool/test', { name: 'b1' });
    expect(await r.text()).toBe(errorText('invalid operation', 'invalid commit object: '));
    r = await s.post('/pool/test/branch/main/delete', { object_ids: ['nope'] });
    expect(await r.text()).toBe(errorText('invalid operation', 'invalid ID: nope'));
  });
});
