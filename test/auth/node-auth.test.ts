// Zed's auth mode and zlake's API tokens on a real `zlake serve` (in this
// process, on 127.0.0.1): a JWKS file, RS256 tokens signed here, API tokens
// made through the API. Every route with every kind of bad token gets Zed's
// 401 and leaves the lake as it was; the scope matrix (matrix.ts) gives each
// route and principal its expected outcome.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../service/server.js';
import { AUDIENCE, CLIENT_ID, sign, testKeys, TENANT_CLAIM, USER_CLAIM, zedClaims, type TestKeys } from './keys.js';
import { call, errorBody, matrixBearers, runScopeMatrix, runZedAuthRoutes, UNAUTHORIZED, type Target } from './matrix.js';
import { localLakeHash } from './node-lake-hash.js';

const DOMAIN = 'https://zlake-test.example.com';

let s: TestServer;
let keys: TestKeys;
let dir: string;
let good: string;
let t: Target;
const logged: string[] = [];

beforeAll(async () => {
  keys = await testKeys();
  dir = mkdtempSync(join(tmpdir(), 'zlake-auth-'));
  const jwksPath = join(dir, 'jwks.json');
  writeFileSync(jwksPath, JSON.stringify(keys.jwks));
  s = await testServer({
    auth: { zed: { audience: AUDIENCE, clientId: CLIENT_ID, domain: DOMAIN, jwksPath }, tokens: true },
    log: (level, msg, fields) => logged.push(JSON.stringify({ level, msg, ...fields })),
  });
  good = await sign(keys, zedClaims(DOMAIN));
  t = { url: s.url, lakeHash: () => localLakeHash(s.opened) };
}, 60_000);

afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("Zed's auth mode on zlake serve", () => {
  it('answers /auth/method, unauthenticated, with the Auth0 settings', async () => {
    const r = await s.req('/auth/method', { headers: { Accept: 'application/json' } });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe(`${JSON.stringify({ kind: 'auth0', auth0: { audience: AUDIENCE, client_id: CLIENT_ID, domain: DOMAIN } })}\n`);
  });

  it("answers /auth/identity with the token's tenant and user claims", async () => {
    const r = await call(t, good, { method: 'GET', path: '/auth/identity' });
    expect(r).toEqual({ status: 200, text: `${JSON.stringify({ tenant_id: 'tenant1', user_id: 'user1' })}\n` });
    // Without the claims: the anonymous ids.
    const bare = await sign(keys, zedClaims(DOMAIN, { [TENANT_CLAIM]: undefined, [USER_CLAIM]: undefined }));
    const a = await call(t, bare, { method: 'GET', path: '/auth/identity' });
    expect(JSON.parse(a.text)).toEqual({ tenant_id: 'tenant_000000000000000000000000001', user_id: 'user_000000000000000000000000001' });
  });

  it("refuses every route with no token, garbage, an expired token, the wrong audience or issuer, an unknown key: Zed's 401", async () => {
    const hour = Math.floor(Date.now() / 1000) - 3600;
    await runZedAuthRoutes(
      t,
      [
        { name: 'no token', bearer: null, error: 'no token present in request' },
        { name: 'garbage', bearer: 'garbage.not.ajwt', error: 'invalid token' },
        { name: 'an expired token', bearer: await sign(keys, zedClaims(DOMAIN, { exp: hour })), error: 'invalid token' },
        { name: 'the wrong audience', bearer: await sign(keys, zedClaims(DOMAIN, { aud: 'https://elsewhere/api' })), error: 'invalid audience' },
        { name: 'the wrong issuer', bearer: await sign(keys, zedClaims(DOMAIN, { iss: 'https://elsewhere/' })), error: 'invalid issuer' },
        { name: 'an unknown key id', bearer: await sign(keys, zedClaims(DOMAIN), { kid: 'otherkey' }), error: 'invalid token' },
        { name: 'a key not in the set', bearer: await sign(keys, zedClaims(DOMAIN), { key: keys.strangerKey }), error: 'invalid token' },
      ],
      good,
    );
  }, 300_000);

  it("gives each other flaw of a token Zed's message", async () => {
    const cases: [string, Promise<string>, string][] = [
      ['no exp', sign(keys, zedClaims(DOMAIN, { exp: undefined })), 'invalid expiration'],
      ['exp 0', sign(keys, zedClaims(DOMAIN, { exp: 0 })), 'invalid expiration'],
      ['exp as text', sign(keys, zedClaims(DOMAIN, { exp: 'soon' as unknown as number })), 'invalid token'],
      ['nbf ahead', sign(keys, zedClaims(DOMAIN, { nbf: Math.floor(Date.now() / 1000) + 600 })), 'invalid token'],
      ['iat ahead', sign(keys, zedClaims(DOMAIN, { iat: Math.floor(Date.now() / 1000) + 600 })), 'invalid token'],
      ['RS384', sign(keys, zedClaims(DOMAIN), { alg: 'RS384' }), 'invalid signing method'],
      ['PS256', sign(keys, zedClaims(DOMAIN), { alg: 'PS256' }), 'invalid signing method'],
      ['no kid', sign(keys, zedClaims(DOMAIN), { kid: null }), 'invalid token'],
      ['audience list without ours', sign(keys, zedClaims(DOMAIN, { aud: ['a', 'b'] })), 'invalid audience'],
      ['no audience', sign(keys, zedClaims(DOMAIN, { aud: undefined })), 'invalid audience'],
      ['no issuer', sign(keys, zedClaims(DOMAIN, { iss: undefined })), 'invalid issuer'],
      ['empty tenant', sign(keys, zedClaims(DOMAIN, { [TENANT_CLAIM]: '' })), 'invalid tenant ID'],
      ['anonymous user', sign(keys, zedClaims(DOMAIN, { [USER_CLAIM]: 'user_000000000000000000000000001' })), 'invalid tenant ID'],
      ['tenant not a string', sign(keys, zedClaims(DOMAIN, { [TENANT_CLAIM]: 7 })), 'invalid tenant ID'],
    ];
    for (const [name, token, error] of cases) {
      const r = await call(t, await token, { method: 'GET', path: '/auth/identity' });
      expect({ name, ...r }).toEqual({ name, status: 401, text: errorBody(UNAUTHORIZED, error) });
    }
    // An audience list that holds ours passes.
    const list = await call(t, await sign(keys, zedClaims(DOMAIN, { aud: ['x', AUDIENCE] })), { method: 'GET', path: '/auth/identity' });
    expect(list.status).toBe(200);
  });

  it('answers malformed Authorization headers with 401, never 500', async () => {
    const cases: [string, string][] = [
      ['Basic dXNlcjpwYXNz', 'invalid token'],
      [`Bearer ${good} ${good}`, 'invalid token'],
      [`Bearer ${good}, Bearer ${good}`, 'invalid token'],
      ['Bearer', 'invalid token'],
      [`Bearer ${'A'.repeat(1 << 20)}`, 'invalid token'],
      [`Bearer zlake_${'0'.repeat(16)}_${'x'.repeat(1 << 20)}`, 'invalid API token'],
      ['Bearer \u00e9\u00e8', 'invalid token'],
    ];
    for (const [header, error] of cases) {
      const r = await fetch(`${s.url}/auth/identity`, { headers: { Authorization: header, Accept: 'application/json' } });
      expect({ header: header.slice(0, 40), status: r.status, text: await r.text() }).toEqual({ header: header.slice(0, 40), status: 401, text: errorBody(UNAUTHORIZED, error) });
    }
  });

  it('leaves the aux routes open', async () => {
    for (const p of ['/status', '/version', '/metrics']) expect((await s.req(p)).status).toBe(200);
  });
});

describe('API tokens on zlake serve, beside Zed auth', () => {
  it('answers each route for each principal as the scope matrix says, refusals leaving the lake unchanged', async () => {
    const bearers = await matrixBearers(t, good);
    await runScopeMatrix(t, good, bearers);
    // No token, nor its hash, ever reached the log.
    const tokens = Object.values(bearers).filter((b): b is string => b !== null);
    const text = logged.join('\n');
    for (const tok of tokens) {
      expect(text).not.toContain(tok);
      expect(text).not.toContain(createHash('sha256').update(tok).digest('hex'));
    }
    expect(text).toContain('Unauthorized request');
  }, 600_000);
});
