// `zlake serve` started as Zui starts its local lake: -portfile gets the
// port once the server listens, and the server exits when the pipe whose
// read end is -brimfd closes (Zui quit or was killed). Also Zed's other
// serve start-up flags: -log.path and -log.level, and a refused -lake ''.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, tempDir, zlakeAsync } from '../support/zlake.js';

const dirs: string[] = [];
const procs: ChildProcess[] = [];

afterEach(() => {
  for (const p of procs.splice(0)) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dir(): string {
  const d = tempDir();
  dirs.push(d);
  return d;
}

async function waitFor<T>(probe: () => T | null, what: string, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== null) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

function exited(p: ChildProcess): Promise<number | null> {
  if (p.exitCode !== null || p.signalCode !== null) return Promise.resolve(p.exitCode);
  return new Promise((ok) => p.once('exit', (code) => ok(code)));
}

describe('zlake serve launched by Zui', () => {
  it('writes the port to -portfile and exits when the -brimfd pipe closes', async () => {
    const d = dir();
    const portFile = join(d, 'port');
    // stdio[3] is a pipe: the child gets its read end as fd 3, we keep the write end.
    const p = spawn(process.execPath, [BIN, 'serve', '-l=localhost:0', `-lake=${join(d, 'lake')}`, '-log.level=warn', `-portfile=${portFile}`, '-brimfd=3'], {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    procs.push(p);
    let stderr = '';
    p.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    const port = await waitFor(() => (existsSync(portFile) ? readFileSync(portFile, 'utf8') : null), 'the port file');
    expect(port).toMatch(/^[0-9]+$/);
    const version = await fetch(`http://localhost:${port}/version`);
    expect(version.status).toBe(200);
    // Still serving while the pipe stays open.
    await new Promise((ok) => setTimeout(ok, 300));
    expect(p.exitCode).toBeNull();
    const pipe = p.stdio[3] as PassThrough;
    pipe.destroy();
    expect(await exited(p)).toBe(0);
    expect(stderr).toBe('');
  });

  it('exits when the process holding the pipe is killed', async () => {
    const d = dir();
    const portFile = join(d, 'port');
    // A parent stands in for Zui: it starts the server with a pipe on fd 3 and waits.
    const zui = spawn(
      'bash',
      ['-c', `exec 3< <(sleep 3600); "${process.execPath}" "${BIN}" serve -l=localhost:0 -lake="${join(d, 'lake')}" -portfile="${portFile}" -brimfd=3 & echo $! > "${join(d, 'pid')}"; exec 3<&-; wait`],
      { stdio: 'ignore', detached: true },
    );
    procs.push(zui);
    await waitFor(() => (existsSync(portFile) ? true : null), 'the port file');
    const pid = Number(readFileSync(join(d, 'pid'), 'utf8'));
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive()).toBe(true);
    // Kill the whole group, the pipe's writer (sleep) included, as an OS kills a crashed Zui's pipe.
    process.kill(-zui.pid!, 'SIGKILL');
    await waitFor(() => (alive() ? null : true), 'the server to exit');
    expect(alive()).toBe(false);
  });

  it('logs to -log.path at -log.level and refuses an empty -lake', async () => {
    const d = dir();
    const r = await zlakeAsync(['serve', '-lake', '']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('lake location must be set (either with the -lake flag or ZED_LAKE environment variable)\n');
    const bad = await zlakeAsync(['serve', '-lake', join(d, 'l'), '-log.level', 'loud']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('invalid value "loud" for flag -log.level: unrecognized level: "loud"');

    // Zed logs watching Zui's pipe at info: in the file at info, not at warn.
    for (const level of ['info', 'warn']) {
      const log = join(d, `${level}.log`);
      const portFile = join(d, `${level}.port`);
      const p = spawn(process.execPath, [BIN, 'serve', '-l=localhost:0', `-lake=${join(d, 'lake')}`, `-log.path=${log}`, `-log.level=${level}`, `-portfile=${portFile}`, '-brimfd=3'], {
        stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
      });
      procs.push(p);
      await waitFor(() => (existsSync(portFile) ? true : null), 'the port file');
      (p.stdio[3] as PassThrough).destroy();
      expect(await exited(p)).toBe(0);
      const lines = readFileSync(log, 'utf8').trim().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
      if (level === 'warn') {
        expect(lines).toEqual([]);
        continue;
      }
      expect(lines.map((l) => l['msg'])).toEqual(['Listening to Zui process pipe', 'Zui pipe closed']);
      expect(lines[0]!['level']).toBe('info');
      expect(typeof lines[0]!['ts']).toBe('number');
    }
  });

  it('logs a response that failed to encode as Zed does, "Error writing batch" at warn', async () => {
    const d = dir();
    const log = join(d, 'service.log');
    const portFile = join(d, 'port');
    const p = spawn(process.execPath, [BIN, 'serve', '-l=localhost:0', `-lake=${join(d, 'lake')}`, `-log.path=${log}`, '-log.level=warn', `-portfile=${portFile}`], {
      stdio: 'ignore',
    });
    procs.push(p);
    const port = await waitFor(() => (existsSync(portFile) && readFileSync(portFile, 'utf8') !== '' ? readFileSync(portFile, 'utf8').trim() : null), 'the port file');
    const base = `http://localhost:${port}`;
    expect((await fetch(`${base}/pool`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'test' }) })).status).toBe(200);
    expect((await fetch(`${base}/pool/test/branch/main`, { method: 'POST', body: new TextEncoder().encode('{}\n') })).status).toBe(200);
    // Parquet cannot hold an empty record: the body ends, the log says why.
    const r = await fetch(`${base}/query`, { method: 'POST', headers: { Accept: 'application/x-parquet', 'Content-Type': 'application/json' }, body: JSON.stringify({ query: 'from test' }) });
    expect(r.status).toBe(200);
    await r.arrayBuffer();
    const line = await waitFor(() => {
      const text = readFileSync(log, 'utf8');
      return text.includes('Error writing batch') ? text : null;
    }, 'the log line');
    const entries = line.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.map((e) => [e['level'], e['msg'], e['error']])).toEqual([['warn', 'Error writing batch', 'parquetio: unsupported type: empty record']]);
    const status = await fetch(`${base}/query/status/${r.headers.get('X-Request-Id')}`, { headers: { Accept: 'application/json' } });
    expect(await status.json()).toEqual({ error: 'parquetio: unsupported type: empty record' });
  });
});
