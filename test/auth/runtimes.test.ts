// The authentication code runs unchanged on Deno and Bun (real runtimes from
// npm) as on Node: jose's key generation, signing and verification, Web
// Crypto's SHA-256, the app answering requests (auth-smoke.ts).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const script = 'test/auth/auth-smoke.ts';

function run(cmd: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(resolve(root, 'node_modules/.bin', cmd), args, { cwd: root, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const expected = `no token: 401 {"type":"Error","kind":"missing authentication credentials","error":"no token present in request"}
jwt: 200 {"tenant_id":"tenant_000000000000000000000000001","user_id":"smoke-user"}
expired: 401 {"type":"Error","kind":"missing authentication credentials","error":"invalid token"}
api token: 200 {"tenant_id":"tenant_000000000000000000000000001","user_id":"smoke"}
api token, create pool: 403 {"type":"Error","kind":"forbidden","error":"No admin access to the lake (it needs scope \\"*:admin\\")"}
revoked: 401 {"type":"Error","kind":"missing authentication credentials","error":"invalid API token"}
`;

describe('authentication on every runtime', () => {
  it('Node', async () => {
    const lines: string[] = [];
    const log = console.log;
    console.log = (s: string) => lines.push(s);
    try {
      await import('./auth-smoke.js');
    } finally {
      console.log = log;
    }
    expect(lines.join('\n') + '\n').toBe(expected);
  });

  it('Deno', () => {
    const r = run('deno', ['run', '--allow-read', '--allow-env', '--unstable-sloppy-imports', '--quiet', script]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(expected);
  });

  it('Bun', () => {
    const r = run('bun', [script]);
    expect(r.stdout).toBe(expected);
    expect(r.status).toBe(0);
  });
});
