// A runtime-neutral run of the service's authentication: a JWT signed with
// a key jose generates here, verified as Zed's auth mode verifies it, and
// an API token made and checked over a memory store, through the whole app
// (createApp, a Request, a Response). Node, Deno and Bun must print the same.
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createApp, createAuthenticator, JwksKeys, Lake, MemoryBlobStore, MemoryMetaStore, MemoryTokenStore, monotonicClock, parseScope } from '../../src/index.js';

const domain = 'https://smoke.example.com';
const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1' }] };
const now = monotonicClock();
const auth = createAuthenticator({ zed: { audience: 'aud', clientId: 'cid', domain, keys: new JwksKeys(jwks) }, tokens: new MemoryTokenStore(), now });
const lake = new Lake({ blobs: new MemoryBlobStore(), meta: new MemoryMetaStore(), now });
const app = createApp({ lake, auth });

const claims = { aud: 'aud', iss: `${domain}/`, exp: Math.floor(Date.now() / 1000) + 600, 'https://lake.brimdata.io/user_id': 'smoke-user' };
const jwt = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(privateKey);
const made = await auth.tokens!.create('smoke', [parseScope('logs:read')], null);

async function show(label: string, bearer: string | null, path = '/auth/identity', init: RequestInit = {}): Promise<void> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (bearer !== null) headers['Authorization'] = `Bearer ${bearer}`;
  const r = await app.fetch(new Request(`http://smoke${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } }));
  console.log(`${label}: ${r.status} ${(await r.text()).trim()}`);
}

await show('no token', null);
await show('jwt', jwt);
await show('expired', await new SignJWT({ ...claims, exp: 1 }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(privateKey));
await show('api token', made.token);
await show('api token, create pool', made.token, '/pool', { method: 'POST', body: '{"name":"x"}', headers: { 'Content-Type': 'application/json' } });
await auth.tokens!.revoke('smoke');
await show('revoked', made.token);
