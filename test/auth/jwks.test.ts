// The key sets of Zed's auth mode: a JWKS of X.509 certificates as Auth0
// publishes it and Zed reads it (x5c, made here with openssl), the JWKS
// file's errors as Zed words them, `zlake serve`'s checks of its auth
// flags, and a key set fetched from a URL and fetched again when keys rotate.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importPKCS8 } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { readJwksFile } from '../../adapters/node/auth.js';
import { createAuthenticator, JwksKeys, RemoteJwks, UnavailableError } from '../../src/index.js';
import { BIN } from '../support/zlake.js';
import { AUDIENCE, CLIENT_ID, sign, testKeys, zedClaims } from './keys.js';

const DOMAIN = 'https://keys.example.com';
const dir = mkdtempSync(join(tmpdir(), 'zlake-jwks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hasOpenssl = spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;

describe('a JWKS of certificates (x5c), as Auth0 publishes it', () => {
  it.skipIf(!hasOpenssl)('verifies tokens signed by the certificate\'s key', async () => {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-subj', '/CN=zlake-test', '-days', '1'], { stdio: 'ignore' });
    const der = execFileSync('openssl', ['x509', '-in', join(dir, 'cert.pem'), '-outform', 'DER']);
    const jwks = { keys: [{ kty: 'RSA', use: 'sig', kid: 'certkey', x5c: [der.toString('base64')] }, { kid: 'no-cert-no-key', kty: 'RSA' }] };
    const auth = createAuthenticator({ zed: { audience: AUDIENCE, clientId: CLIENT_ID, domain: DOMAIN, keys: new JwksKeys(jwks) } });
    const keys = await testKeys('certkey');
    const privateKey = await importPKCS8(readFileSync(join(dir, 'key.pem'), 'utf8'), 'RS256');
    const token = await sign(keys, zedClaims(DOMAIN), { key: privateKey });
    expect((await auth.authenticate(`Bearer ${token}`)).identity).toEqual({ tenantId: 'tenant1', userId: 'user1' });
    await expect(auth.authenticate(`Bearer ${await sign(keys, zedClaims(DOMAIN), { key: privateKey, kid: 'no-cert-no-key' })}`)).rejects.toThrow('invalid token');
  });
});

describe('the JWKS file and the serve flags', () => {
  it("fails to start with Zed's messages", async () => {
    await expect(readJwksFile(join(dir, 'missing.json'))).rejects.toThrow(`failed to load JWKS file: open ${join(dir, 'missing.json')}: no such file or directory`);
    writeFileSync(join(dir, 'bad.json'), '{"keys": [');
    await expect(readJwksFile(join(dir, 'bad.json'))).rejects.toThrow(new RegExp(`^failed to load JWKS file: ${join(dir, 'bad.json')}: unmarshaling error: `));
    writeFileSync(join(dir, 'badcert.json'), JSON.stringify({ keys: [{ kid: 'k', x5c: ['bm90IGEgY2VydGlmaWNhdGU='] }] }));
    await expect(readJwksFile(join(dir, 'badcert.json'))).rejects.toThrow(/^failed to load JWKS file: /);
    const r = spawnSync(process.execPath, [BIN, 'serve', '-l', '127.0.0.1:0', '-lake', join(dir, 'lake'), '-auth.enabled', '-auth.audience', 'a'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('auth.audience, auth.clientid, auth.domain, and auth.jwkspath must be set when auth enabled\n');
  });
});

describe('a JWKS fetched from a URL', () => {
  it('fetches once, again after its age or for an unknown key id past the cooldown, and keeps old keys when the URL fails', async () => {
    const a = await testKeys('a');
    const b = await testKeys('b');
    let doc: unknown = a.jwks;
    let fetches = 0;
    let down = false;
    let ms = 0;
    const remote = new RemoteJwks('https://keys.example.com/.well-known/jwks.json', {
      maxAgeMs: 60_000,
      cooldownMs: 1000,
      clock: () => ms,
      fetch: async () => {
        fetches++;
        if (down) throw new Error('connection refused');
        return new Response(JSON.stringify(doc), { headers: { 'Content-Type': 'application/json' } });
      },
    });
    await remote.key('a', 'RS256');
    await remote.key('a', 'RS256');
    expect(fetches).toBe(1);
    // The keys rotate: b appears. Within the cooldown it is not fetched for.
    doc = { keys: [...a.jwks.keys, ...b.jwks.keys] };
    await expect(remote.key('b', 'RS256')).rejects.toThrow('unknown token key id');
    expect(fetches).toBe(1);
    ms += 1000;
    await remote.key('b', 'RS256');
    expect(fetches).toBe(2);
    // Past its age the set is fetched again; a URL that fails keeps the keys it had.
    ms += 60_000;
    down = true;
    await remote.key('a', 'RS256');
    expect(fetches).toBe(3);
    await remote.key('a', 'RS256');
    expect(fetches).toBe(3);
    // With no keys at all, a failing URL is the service's failure (503), not the token's.
    const never = new RemoteJwks('https://nowhere.example.com/jwks.json', { fetch: async () => { throw new Error('refused'); } });
    await expect(never.key('a', 'RS256')).rejects.toBeInstanceOf(UnavailableError);
    const auth = createAuthenticator({ zed: { audience: AUDIENCE, clientId: CLIENT_ID, domain: DOMAIN, keys: never } });
    await expect(auth.authenticate(`Bearer ${await sign(a, zedClaims(DOMAIN))}`)).rejects.toBeInstanceOf(UnavailableError);
  });
});
