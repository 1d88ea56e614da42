// Zed's Python client with auth on, as Zed's service/ztests/python-auth.yaml
// runs it: a token stored in the credentials file the client reads
// (~/.zed/credentials.json, written here by `zlake auth store`), then the
// same client without it. With a Zed login (an RS256 token signed here) and
// with a zlake API token that may only read.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsync } from '../cli/lake-run.js';
import { testServer, type TestServer } from '../service/server.js';
import { installPythonClient, runPython, unavailable } from '../support/python-client.js';
import { AUDIENCE, CLIENT_ID, sign, testKeys, zedClaims } from './keys.js';

const DOMAIN = 'https://python-auth.example.com';
const why = unavailable();
if (why !== null) console.log(`python auth test skipped: ${why}`);

describe.skipIf(why !== null)("Zed's Python client with auth", () => {
  let s: TestServer;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let login: string;

  beforeAll(async () => {
    const keys = await testKeys();
    dir = mkdtempSync(join(tmpdir(), 'zlake-python-auth-'));
    writeFileSync(join(dir, 'jwks.json'), JSON.stringify(keys.jwks));
    s = await testServer({ auth: { zed: { audience: AUDIENCE, clientId: CLIENT_ID, domain: DOMAIN, jwksPath: join(dir, 'jwks.json') }, tokens: true } });
    env = { ...process.env, PYTHONPATH: installPythonClient(dir), HOME: dir };
    delete env['ZED_LAKE'];
    login = await sign(keys, zedClaims(DOMAIN, { 'https://lake.brimdata.io/tenant_id': 't', 'https://lake.brimdata.io/user_id': 'u' }));
  }, 120_000);

  afterAll(async () => {
    await s?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function store(token: string): Promise<void> {
    const r = await runAsync(['auth', 'store', '-access', token, '-lake', s.url], env, dir);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  }

  it('creates, loads and queries with a stored login; without it, no token present', async () => {
    await store(login);
    const r = await runPython(
      `
import zed
c = zed.Client('${s.url}')
c.create_pool('test')
c.load('test', '{a:1}')
for v in c.query('from test'):
  print(v)

print('===')
c = zed.Client('${s.url}', config_dir='')
try:
  c.query('from test')
except Exception as e:
  print(repr(e))
`,
      env,
      dir,
    );
    expect(r.err).toBe('');
    expect(r.out).toBe("{'a': 1}\n===\nRequestError('no token present in request')\n");
  });

  it("reads with an API token and gets the refusal's message when it writes", async () => {
    const made = await runAsync(['token', 'create', '-lake', join(s.dir, 'lake'), '-name', 'py-reader', '-scope', 'test:read'], env, dir);
    expect(made.status).toBe(0);
    await store(made.stdout.trim());
    const r = await runPython(
      `
import zed
c = zed.Client('${s.url}')
print(list(c.query('from test | count()')))
for f in (lambda: c.load('test', '{a:2}'), lambda: c.create_pool('more')):
  try:
    f()
  except zed.RequestError as e:
    print(e.response.status_code, e)
`,
      env,
      dir,
    );
    expect(r.err).toBe('');
    expect(r.out).toBe('[1]\n403 No write access to pool "test"\n403 No admin access to the lake (it needs scope "*:admin")\n');
  });
});
