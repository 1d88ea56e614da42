// The lake commands against a `zlake serve` process with Zed auth and API
// tokens, as a user runs them: `zlake auth login` through the device-code
// flow of a stand-in Auth0 tenant (fake-auth0.ts), Zed's credentials file,
// the stored token sent by every lake command with -lake URL and refreshed
// once when the service calls it invalid, `zlake auth store/verify/logout`,
// and `zlake token create/ls/revoke` on the lake folder and over HTTP.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsync, type LakeRun } from '../cli/lake-run.js';
import { startServe, type ServeProcess } from '../hostile/serve-process.js';
import { fakeAuth0, type FakeAuth0 } from './fake-auth0.js';
import { AUDIENCE, CLIENT_ID, sign, testKeys, zedClaims, type TestKeys } from './keys.js';

let keys: TestKeys;
let auth0: FakeAuth0;
let srv: ServeProcess;
let home: string;
let env: NodeJS.ProcessEnv;

function zlake(args: string[], input = ''): Promise<LakeRun> {
  return runAsync(args, env, home, input);
}

async function ok(args: string[], input = ''): Promise<string> {
  const r = await zlake(args, input);
  if (r.status !== 0) throw new Error(`zlake ${args.join(' ')}: ${r.status} ${r.stderr}`);
  return r.stdout;
}

function credentials(): { version: number; services: Record<string, { access: string; expiration: string; id: string; refresh: string }> } {
  return JSON.parse(readFileSync(join(home, '.zed', 'credentials.json'), 'utf8'));
}

beforeAll(async () => {
  keys = await testKeys();
  auth0 = await fakeAuth0(keys);
  const dir = (await import('node:fs')).mkdtempSync(join((await import('node:os')).tmpdir(), 'zlake-cli-auth-'));
  home = dir;
  const jwks = join(dir, 'jwks.json');
  writeFileSync(jwks, JSON.stringify(keys.jwks));
  srv = await startServe(['-auth.enabled', '-auth.audience', AUDIENCE, '-auth.clientid', CLIENT_ID, '-auth.domain', auth0.domain, '-auth.jwkspath', jwks, '-auth.tokens']);
  env = { ...process.env, HOME: home, ZED_USER: 'tester' };
  for (const k of ['ZED_LAKE', 'ZED_HEAD_DIR', 'XDG_DATA_HOME']) delete env[k];
}, 60_000);

afterAll(async () => {
  await srv?.stop();
  await auth0?.close();
});

describe('zlake auth', () => {
  it('shows the method and refuses the lake commands without credentials', async () => {
    expect(await ok(['auth', 'method', '-lake', srv.url])).toBe(
      `{\n\t"kind": "auth0",\n\t"auth0": {\n\t\t"audience": "${AUDIENCE}",\n\t\t"client_id": "${CLIENT_ID}",\n\t\t"domain": "${auth0.domain}"\n\t}\n}\n`,
    );
    const r = await zlake(['create', '-lake', srv.url, '-q', 'p']);
    expect(r).toMatchObject({ status: 1, stderr: 'status code 401: no token present in request\n' });
  });

  it('logs in with the device code flow and stores the tokens where Zed keeps them', async () => {
    const out = await ok(['auth', 'login', '-launchbrowser=false', '-lake', srv.url]);
    expect(out).toBe(
      [
        `method ${CLIENT_ID}`,
        `domain ${auth0.domain}`,
        `audience ${AUDIENCE}`,
        `Complete authentication at ${auth0.domain}/activate?user_code=ABCD-EFGH`,
        'Verification code: ABCD-EFGH',
        `Login successful, stored credentials for ${srv.url}`,
        '',
      ].join('\n'),
    );
    // The device code request, one pending poll, then the tokens.
    expect(auth0.requests.map((r) => r.path)).toEqual(['/oauth/device/code', '/oauth/token', '/oauth/token']);
    expect(auth0.requests[0]!.body).toEqual({ audience: AUDIENCE, client_id: CLIENT_ID, scope: 'openid email profile offline_access' });
    const c = credentials();
    expect(c.version).toBe(1);
    expect(c.services[srv.url]).toMatchObject({ access: auth0.issued[0], id: 'id-token-1', refresh: 'refresh-1' });
    expect(readFileSync(join(home, '.zed', 'credentials.json'), 'utf8')).toMatch(/^\{\n {4}"version": 1,\n {4}"services": \{\n/);
    expect(statSync(join(home, '.zed', 'credentials.json')).mode & 0o777).toBe(0o600);
    expect(await ok(['auth', 'verify', '-lake', srv.url])).toBe('{\n\t"tenant_id": "tenant1",\n\t"user_id": "user1"\n}\n');
  });

  it('sends the stored token with every lake command', async () => {
    await ok(['create', '-lake', srv.url, '-q', '-orderby', 'ts:asc', 'p']);
    await ok(['load', '-lake', srv.url, '-use', 'p', '-q', '-'], '{ts:1,a:1}\n{ts:2,a:2}\n');
    expect(await ok(['query', '-lake', srv.url, '-z', 'from p | count()'])).toBe('2(uint64)\n');
    expect(await ok(['ls', '-lake', srv.url, '-f', 'text'])).toMatch(/\tp\t/);
  });

  it('refreshes an access token the service calls invalid, once, and keeps the new one', async () => {
    const expired = await sign(keys, zedClaims(auth0.domain, { exp: Math.floor(Date.now() / 1000) - 60 }));
    await ok(['auth', 'store', '-access', expired, '-lake', srv.url]);
    expect(credentials().services[srv.url]).toMatchObject({ access: expired, refresh: 'refresh-1' });
    expect(await ok(['query', '-lake', srv.url, '-z', 'from p | count()'])).toBe('2(uint64)\n');
    const last = auth0.requests.at(-1)!;
    expect(last).toEqual({ path: '/oauth/token', body: { client_id: CLIENT_ID, grant_type: 'refresh_token', refresh_token: 'refresh-1' } });
    expect(credentials().services[srv.url]).toMatchObject({ access: auth0.issued.at(-1), id: 'id-token-r1', refresh: 'refresh-1' });
  });

  it('logs out: the tokens are gone and the service refuses again', async () => {
    await ok(['auth', 'logout', '-lake', srv.url]);
    expect(credentials().services).toEqual({});
    expect((await zlake(['auth', 'verify', '-lake', srv.url])).stderr).toBe('status code 401: no token present in request\n');
    // The subcommands that take none refuse arguments, and a local lake, as Zed's do.
    expect((await zlake(['auth', 'store', 'x', '-lake', srv.url])).stderr).toBe('store command takes no arguments\n');
    expect((await zlake(['auth', 'verify', '-lake', join(home, 'nolake')])).stderr).toBe('cannot open connection on local lake\n');
  });
});

describe('zlake token', () => {
  const lakeDir = () => join(srv.dir, 'lake');

  it('makes, lists and revokes tokens on the lake folder', async () => {
    const token = (await ok(['token', 'create', '-lake', lakeDir(), '-name', 'reader', '-scope', 'p:read', '-expires', '30d'])).trim();
    expect(token).toMatch(/^zlake_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    const ls = await ok(['token', 'ls', '-lake', lakeDir()]);
    expect(ls).toMatch(/^NAME {4}SCOPES {2}CREATED {15}EXPIRES\nreader {2}p:read {2}\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ {2}\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n$/);
    expect(ls).not.toContain(token);
    // The running server takes it: a stored API token is a bearer like any other.
    await ok(['auth', 'store', '-access', token, '-lake', srv.url]);
    expect(await ok(['query', '-lake', srv.url, '-z', 'from p | count()'])).toBe('2(uint64)\n');
    expect(await ok(['auth', 'verify', '-lake', srv.url])).toBe('{\n\t"tenant_id": "tenant_000000000000000000000000001",\n\t"user_id": "reader"\n}\n');
    const denied = await zlake(['load', '-lake', srv.url, '-use', 'p', '-q', '-'], '{ts:3}\n');
    expect(denied).toMatchObject({ status: 1, stderr: 'status code 403: No write access to pool "p"\n' });
    expect((await zlake(['create', '-lake', srv.url, '-q', 'q'])).stderr).toBe('status code 403: No admin access to the lake (it needs scope "*:admin")\n');
    expect(await ok(['token', 'revoke', '-lake', lakeDir(), 'reader'])).toBe('token revoked: reader\n');
    // Within a second the server has read the revocation.
    let r: LakeRun;
    const t0 = Date.now();
    do r = await zlake(['query', '-lake', srv.url, '-z', 'from p | count()']);
    while (r.status === 0 && Date.now() - t0 < 5000);
    expect(r.stderr).toBe('status code 401: invalid API token\n');
  });

  it('makes, lists and revokes tokens over HTTP with a *:admin token', async () => {
    const root = (await ok(['token', 'create', '-lake', lakeDir(), '-name', 'root', '-scope', '*:admin'])).trim();
    await ok(['auth', 'store', '-access', root, '-lake', srv.url]);
    const t = (await ok(['token', 'create', '-lake', srv.url, '-name', 'ci', '-scope', 'p:write', '-scope', '*:read'])).trim();
    expect(t).toMatch(/^zlake_/);
    expect(await ok(['token', 'ls', '-lake', srv.url])).toMatch(/^NAME +SCOPES +CREATED +EXPIRES\nci +p:write,\*:read +\S+Z +never\nroot +\*:admin +\S+Z +never\n$/);
    expect(await ok(['token', 'revoke', '-lake', srv.url, 'ci'])).toBe('token revoked: ci\n');
    expect((await zlake(['token', 'revoke', '-lake', srv.url, 'ci'])).stderr).toBe('status code 404: Cannot find token "ci"\n');
    // A token without *:admin may not manage tokens.
    const weak = (await ok(['token', 'create', '-lake', lakeDir(), '-name', 'weak', '-scope', 'p:admin'])).trim();
    await ok(['auth', 'store', '-access', weak, '-lake', srv.url]);
    expect((await zlake(['token', 'ls', '-lake', srv.url])).stderr).toBe('status code 403: No admin access to the lake (it needs scope "*:admin")\n');
    expect((await zlake(['token', 'create', '-lake', lakeDir(), '-name', 'bad', '-scope', 'p:delete'])).stderr).toMatch(/^Invalid scope "p:delete"/);
  });
});
