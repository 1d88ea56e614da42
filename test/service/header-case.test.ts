// The Node server sends header names as Go's net/http does (X-Request-Id,
// Access-Control-Allow-Origin), seen in the raw response, not through fetch
// (whose Headers lower-case every name).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goHeaderName } from '../../adapters/node/go-header-case.js';
import { testServer, type TestServer } from './server.js';

function rawHeaderNames(url: string, method: string, headers: Record<string, string>): Promise<string[]> {
  return new Promise((ok, fail) => {
    const r = request(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => ok(res.rawHeaders.filter((_, i) => i % 2 === 0)));
    });
    r.on('error', fail);
    r.end();
  });
}

describe('header names as Go spells them', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await testServer({ corsOrigins: ['http://a'] });
  }, 60_000);
  afterAll(async () => {
    await s?.stop();
  }, 60_000);

  it('goHeaderName is textproto.CanonicalMIMEHeaderKey', () => {
    expect(goHeaderName('x-request-id')).toBe('X-Request-Id');
    expect(goHeaderName('CONTENT-TYPE')).toBe('Content-Type');
    expect(goHeaderName('www-authenticate')).toBe('Www-Authenticate');
    expect(goHeaderName('bad name')).toBe('bad name');
  });

  it('responses and CORS preflights carry Go-cased names', async () => {
    const names = await rawHeaderNames(`${s.url}/status`, 'GET', {});
    expect(names).toContain('Content-Type');
    expect(names).not.toContain('content-type');
    const pre = await rawHeaderNames(`${s.url}/query`, 'OPTIONS', {
      Origin: 'http://a',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    });
    expect(pre).toContain('X-Request-Id');
    expect(pre).toContain('Access-Control-Allow-Origin');
    expect(pre.filter((n) => n !== goHeaderName(n))).toEqual([]);
  });
});
