// `zlake serve` as a user runs it: the built binary, its printed addresses,
// a request, and a clean stop on SIGTERM.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../support/zlake.js';

function run(args: string[]): { lines: Promise<string[]>; stop: () => Promise<number | null>; stderr: () => string } {
  const p = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  p.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const lines = new Promise<string[]>((ok, fail) => {
    p.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (out.split('\n').length > 2) ok(out.split('\n'));
    });
    p.on('exit', () => fail(new Error(`exited early: ${out}${err}`)));
  });
  return {
    lines,
    stderr: () => err,
    stop: () =>
      new Promise((ok) => {
        p.on('exit', (code) => ok(code));
        p.kill('SIGTERM');
      }),
  };
}

describe('zlake serve', () => {
  it('prints where it listens and where the lake is, serves, and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zlake-serve-'));
    const lake = join(dir, 'mylake');
    const srv = run(['serve', '-l', '127.0.0.1:0', '-lake', lake, '--api-version', '1.8.0', '-defaultfmt', 'json']);
    try {
      const lines = await srv.lines;
      const m = /^zlake serve: listening on (http:\/\/127\.0\.0\.1:\d+) \(API v1\.8\.0\)$/.exec(lines[0]!);
      expect(m, lines.join('\n')).not.toBeNull();
      expect(lines[1]).toBe(`zlake serve: lake at ${lake} (data objects in each pool's data/, metadata in meta.db)`);
      const url = m![1]!;
      expect(await (await fetch(`${url}/version`)).json()).toEqual({ version: 'v1.8.0' });
      const r = await fetch(`${url}/pool`, { method: 'POST', body: JSON.stringify({ name: 'p' }), headers: { 'Content-Type': 'application/json' } });
      expect(r.status).toBe(200);
      expect((await r.json()).pool.name).toBe('p');
      expect(existsSync(join(lake, 'meta.db'))).toBe(true);
      // Zed's layout: lake.zng and the pool's folder at the root.
      expect(existsSync(join(lake, 'lake.zng'))).toBe(true);
      expect(existsSync(join(lake, 'data'))).toBe(false);
    } finally {
      expect(await srv.stop()).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a bad flag, a bad API version and a bad default format', async () => {
    for (const [args, want] of [
      [['-nosuch'], 'flag provided but not defined: -nosuch'],
      [['--api-version', '2.0', '-l', '127.0.0.1:0'], 'unsupported API version "2.0"'],
      [['-defaultfmt', 'nope', '-l', '127.0.0.1:0'], 'invalid default response format'],
    ] as const) {
      const dir = mkdtempSync(join(tmpdir(), 'zlake-serve-'));
      const p = spawn(process.execPath, [BIN, 'serve', '-lake', join(dir, 'l'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      p.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      const code = await new Promise<number | null>((ok) => p.on('exit', ok));
      rmSync(dir, { recursive: true, force: true });
      expect(code).not.toBe(0);
      expect(err).toContain(want);
    }
  });
});
