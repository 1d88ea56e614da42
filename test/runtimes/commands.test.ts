// The commands README gives per runtime, run as a user runs them ($ZLAKE_RUNTIMES
// picks runtimes, as in http-contract.test.ts): deno task
// check / zq / serve -h, bun run serve:bun -h, bunx zlake in a project that
// installed zlake, and npx wrangler deploy --dry-run on wrangler.toml as it
// ships (only the bucket and database names filled in). The servers behind
// deno task serve, bun run serve:bun and npx wrangler dev are the contract
// suite's (http-contract.test.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chosenRuntimes } from '../support/runtime-server.js';

const root = resolve(import.meta.dirname, '../..');
const bin = (name: string) => resolve(root, 'node_modules/.bin', name);
const temps: string[] = [];
const chosen = chosenRuntimes();

function run(cmd: string, args: string[], opts: { cwd?: string; input?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(cmd, args, {
    cwd: opts.cwd ?? root,
    input: opts.input ?? '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...opts.env },
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!chosen.includes('deno'))('Deno', () => {
  it('deno task check type-checks src/ and the Deno entries', () => {
    const r = run(bin('deno'), ['task', 'check']);
    expect(r.stderr).toContain('Check adapters/deno/main.ts');
    expect(r.status, r.stderr).toBe(0);
  }, 180_000);

  it('deno task zq runs zq with its narrow permissions', () => {
    const r = run(bin('deno'), ['task', '--quiet', 'zq', '-z', 'sum(a)', '-'], { input: '{"a":1}\n{"a":2}\n' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('3\n');
  });

  it('deno task serve -h prints the usage of zlake serve', () => {
    const r = run(bin('deno'), ['task', '--quiet', 'serve', '-h']);
    expect(r.stdout).toMatch(/^usage: deno task serve \[options\]/);
    expect(r.stdout).toContain('-query.workers int');
    expect(r.status).toBe(0);
  });
});

describe.skipIf(!chosen.includes('bun'))('Bun', () => {
  it('bun run serve:bun -h prints the usage of zlake serve', () => {
    const r = run(bin('bun'), ['run', '--silent', 'serve:bun', '-h']);
    expect(r.stdout).toMatch(/^usage: bun run serve:bun \[options\]/);
    expect(r.status).toBe(0);
  });

  it('bunx zlake runs zlake in a project that installed it, on Node or on Bun', () => {
    const project = mkdtempSync(join(tmpdir(), 'zlake-bunx-'));
    temps.push(project);
    mkdirSync(join(project, 'node_modules/.bin'), { recursive: true });
    writeFileSync(join(project, 'package.json'), '{"name":"uses-zlake","private":true,"dependencies":{"zlake":"*"}}\n');
    // What npm install zlake leaves: the package, and its bin linked.
    symlinkSync(root, join(project, 'node_modules/zlake'));
    symlinkSync('../zlake/bin/zlake', join(project, 'node_modules/.bin/zlake'));
    for (const args of [[], ['--bun']]) {
      const r = run(bin('bunx'), [...args, 'zlake', 'zq', '-z', 'yield 1+1'], { cwd: project });
      expect(r.stdout, r.stderr).toBe('2\n');
      expect(r.status).toBe(0);
    }
  });
});

describe.skipIf(!chosen.includes('workerd'))('Cloudflare Workers', () => {
  it('npx wrangler deploy --dry-run takes wrangler.toml with only names filled in', () => {
    const out = mkdtempSync(join(tmpdir(), 'zlake-wrangler-'));
    temps.push(out);
    const r = run(bin('wrangler'), ['deploy', '--dry-run', '--outdir', join(out, 'dist')], {
      env: { WRANGLER_SEND_METRICS: 'false', XDG_CONFIG_HOME: join(out, 'config'), WRANGLER_LOG_PATH: join(out, 'logs') },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/env\.EVENTS \(EventHubObject\)\s+Durable Object/);
    expect(r.stdout).toMatch(/env\.META \(zlake\)\s+D1 Database/);
    expect(r.stdout).toMatch(/env\.LAKE \(zlake\)\s+R2 Bucket/);
  }, 120_000);
});
