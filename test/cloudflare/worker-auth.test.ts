// The auth tests of test/auth on the real Workers runtime: the Worker entry
// bundled as for an upload, run by Miniflare's workerd with R2 and D1, its
// auth settings in env bindings (the JWKS as a binding, the admin bearer as
// a secret), and once more with the JWKS fetched from a URL.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestWorker, lakeState, type BuiltWorker } from '../support/worker-miniflare.js';
import { AUDIENCE, CLIENT_ID, sign, testKeys, zedClaims, type TestKeys } from '../auth/keys.js';
import { call, errorBody, matrixBearers, runScopeMatrix, runZedAuthRoutes, UNAUTHORIZED, type Target } from '../auth/matrix.js';

const DOMAIN = 'https://zlake-worker.example.com';
const ADMIN_SECRET = 'an-admin-secret-of-at-least-32-characters';

let built: BuiltWorker;
let keys: TestKeys;

const worker = (bindings: Record<string, string>) => built.start(bindings);

/** Every row of every D1 table and every R2 object's key, size and ETag, hashed. */
async function workerLakeHash(mf: Miniflare): Promise<string> {
  return createHash('sha256').update(await lakeState(mf)).digest('hex');
}

beforeAll(async () => {
  built = await buildTestWorker('zlake-worker-auth-');
  keys = await testKeys();
}, 120_000);

afterAll(async () => {
  await built?.dispose();
});

describe('the Worker with Zed auth and API tokens (JWKS binding, admin secret)', () => {
  let t: Target;
  let good: string;
  beforeAll(async () => {
    const w = await worker({
      ZLAKE_AUTH_ENABLED: 'true',
      ZLAKE_AUTH_AUDIENCE: AUDIENCE,
      ZLAKE_AUTH_CLIENTID: CLIENT_ID,
      ZLAKE_AUTH_DOMAIN: DOMAIN,
      ZLAKE_AUTH_JWKS: JSON.stringify(keys.jwks),
      ZLAKE_AUTH_TOKENS: 'true',
      ZLAKE_ADMIN_TOKEN: ADMIN_SECRET,
    });
    t = { url: w.url, lakeHash: () => workerLakeHash(w.mf) };
    good = await sign(keys, zedClaims(DOMAIN));
  }, 60_000);

  it('answers /auth/method and /auth/identity as Zed does', async () => {
    const m = await call(t, null, { method: 'GET', path: '/auth/method' });
    expect(m.text).toBe(`${JSON.stringify({ kind: 'auth0', auth0: { audience: AUDIENCE, client_id: CLIENT_ID, domain: DOMAIN } })}\n`);
    expect((await call(t, good, { method: 'GET', path: '/auth/identity' })).text).toBe(`${JSON.stringify({ tenant_id: 'tenant1', user_id: 'user1' })}\n`);
    // The secret admin bearer.
    expect(JSON.parse((await call(t, ADMIN_SECRET, { method: 'GET', path: '/auth/identity' })).text)).toMatchObject({ user_id: 'admin' });
  });

  it("refuses every route with each kind of bad token: Zed's 401, the lake unchanged", async () => {
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
      ],
      good,
    );
  }, 600_000);

  // (Cloudflare's edge refuses request headers past 32 KiB before a Worker
  // sees them; what reaches the Worker is answered here.)
  it('answers malformed Authorization headers with 401', async () => {
    for (const [header, error] of [
      ['Basic dXNlcjpwYXNz', 'invalid token'],
      [`Bearer ${good} ${good}`, 'invalid token'],
      [`Bearer ${'A'.repeat(64 << 10)}`, 'invalid token'],
    ] as const) {
      const r = await fetch(`${t.url}/auth/identity`, { headers: { Authorization: header, Accept: 'application/json' } });
      expect({ status: r.status, text: await r.text() }).toEqual({ status: 401, text: errorBody(UNAUTHORIZED, error) });
    }
  });

  it('answers each route for each principal as the scope matrix says, on D1', async () => {
    await runScopeMatrix(t, ADMIN_SECRET, await matrixBearers(t, ADMIN_SECRET));
  }, 900_000);
});

describe('the Worker with its JWKS fetched from a URL', () => {
  let jwksServer: Server;
  let fetches = 0;
  afterAll(() => new Promise<void>((ok) => jwksServer.close(() => ok())));

  it('verifies tokens with the keys it fetched, fetching them once', async () => {
    jwksServer = createServer((_req, res) => {
      fetches++;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(keys.jwks));
    });
    await new Promise<void>((ok) => jwksServer.listen(0, '127.0.0.1', () => ok()));
    const port = (jwksServer.address() as AddressInfo).port;
    const w = await worker({
      ZLAKE_AUTH_ENABLED: 'true',
      ZLAKE_AUTH_AUDIENCE: AUDIENCE,
      ZLAKE_AUTH_CLIENTID: CLIENT_ID,
      ZLAKE_AUTH_DOMAIN: DOMAIN,
      ZLAKE_AUTH_JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    });
    const t: Target = { url: w.url, lakeHash: () => workerLakeHash(w.mf) };
    const good = await sign(keys, zedClaims(DOMAIN));
    for (let i = 0; i < 3; i++) expect((await call(t, good, { method: 'GET', path: '/auth/identity' })).status).toBe(200);
    expect((await call(t, await sign(keys, zedClaims(DOMAIN), { key: keys.strangerKey }), { method: 'GET', path: '/auth/identity' })).text).toBe(
      errorBody(UNAUTHORIZED, 'invalid token'),
    );
    expect(fetches).toBe(1);
  }, 60_000);
});
