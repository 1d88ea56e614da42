// A real `zlake serve` process for the hostile tests: the built binary on
// 127.0.0.1 at a random port over a fresh lake folder, with its CPU time
// and memory read from /proc, so a test sees what the server spends.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from '../support/zlake.js';

export interface ServeProcess {
  readonly url: string;
  readonly pid: number;
  readonly dir: string;
  readonly proc: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** CPU seconds the process (every thread) has used. */
  cpuSeconds(): number;
  /** Resident memory now and at its peak, in bytes. */
  memory(): { rss: number; peak: number };
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Creates a pool keyed by ts and loads NDJSON lines into its main branch. */
  pool(name: string, lines: Iterable<string>): Promise<void>;
  stop(): Promise<void>;
}

const TICKS = 100; // Linux's USER_HZ

export async function startServe(flags: readonly string[] = []): Promise<ServeProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'zlake-hostile-'));
  const proc = spawn(process.execPath, [BIN, 'serve', '-l', '127.0.0.1:0', '-lake', join(dir, 'lake'), ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    proc.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /listening on (http:\/\/[^ ]+)/.exec(out);
      if (m !== null) ok(m[1]!);
    });
    proc.once('exit', (code) => fail(new Error(`zlake serve exited (${code}): ${out}${err}`)));
  });
  const pid = proc.pid!;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url + path, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: typeof body === 'string' ? headers : { 'Content-Type': 'application/json', ...headers },
    });
  return {
    url,
    pid,
    dir,
    proc,
    stderr: () => err,
    cpuSeconds() {
      // Fields 14 and 15 (utime, stime) follow the command name in parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(f[11]) + Number(f[12])) / TICKS;
    },
    memory() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
      return { rss: kb('VmRSS'), peak: kb('VmHWM') };
    },
    post,
    async pool(name, lines) {
      const r = await post('/pool', { name, layout: { order: 'asc', keys: [['ts']] } });
      if (r.status !== 200) throw new Error(`create ${name}: ${r.status} ${await r.text()}`);
      const l = await fetch(`${url}/pool/${name}/branch/main`, { method: 'POST', body: [...lines].join('\n'), headers: { 'Content-Type': 'application/json' } });
      if (l.status !== 200) throw new Error(`load ${name}: ${l.status} ${await l.text()}`);
      await l.arrayBuffer();
    },
    async stop() {
      if (proc.exitCode === null) {
        const exited = new Promise((ok) => proc.once('exit', ok));
        proc.kill('SIGKILL');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A query's whole response, as ZJSON lines with control messages. */
export async function queryLines(url: string, query: string, init: RequestInit = {}): Promise<{ status: number; lines: unknown[] }> {
  const r = await fetch(`${url}/query?ctrl=true`, {
    method: 'POST',
    body: JSON.stringify({ query }),
    headers: { 'Content-Type': 'application/json', Accept: 'application/x-zjson' },
    ...init,
  });
  const text = await r.text();
  if (r.status !== 200) return { status: r.status, lines: [JSON.parse(text)] };
  return { status: r.status, lines: text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as unknown) };
}

/** The QueryError control message of a response, if any. */
export function queryError(lines: readonly unknown[]): string | undefined {
  for (const l of lines) {
    const m = l as { type?: string; value?: { error?: string } };
    if (m.type === 'QueryError') return m.value?.error;
  }
  return undefined;
}

/** The p-th percentile (0-100) of `xs`. */
export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

export const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
