// Several `zlake serve` processes on one lake, as an operator runs them: the
// built binary, each on 127.0.0.1 at a free port, with the AWS variables of
// the test's S3 server. Also a subscriber to a server's /events feed, and
// requests as clients make them.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from './zlake.js';

export interface ServeProcess {
  /** http://127.0.0.1:port */
  readonly url: string;
  readonly child: ChildProcess;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>;
}

/**
 * Starts `zlake serve` with `args` (after -l 127.0.0.1:0); resolves once it
 * listens. Its temp folder (where a server on S3 keeps its disk cache) is one
 * of its own, removed once it has exited, however it ended.
 */
export async function spawnServe(args: readonly string[], env: Record<string, string>): Promise<ServeProcess> {
  const tmp = mkdtempSync(join(tmpdir(), 'zlake-serve-tmp-'));
  const child = spawn(process.execPath, [BIN, 'serve', '-l', '127.0.0.1:0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, TMPDIR: tmp },
  });
  child.once('exit', () => rmSync(tmp, { recursive: true, force: true }));
  let out = '';
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  const url = await new Promise<string>((ok, fail) => {
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /listening on (http:\/\/[^ ]+) /.exec(out);
      if (m !== null) ok(m[1]!);
    });
    child.once('exit', (code) => fail(new Error(`zlake serve exited (${code}): ${out}${err}`)));
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, child, stderr: () => err, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}

export interface EventWatch {
  /** Commit ids of the branch-commit events seen. */
  readonly commits: Set<string>;
  /** Every event's name, in order. */
  readonly names: string[];
  close(): void;
}

/** Subscribes to `url`/events (JSON values); resolves once the subscription is in place. */
export async function watchEvents(url: string): Promise<EventWatch> {
  const abort = new AbortController();
  const res = await fetch(`${url}/events`, { headers: { Accept: 'application/json' }, signal: abort.signal });
  if (res.status !== 200 || res.body === null) throw new Error(`/events: ${res.status}`);
  const commits = new Set<string>();
  const names: string[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    const reader = res.body!.getReader();
    let text = '';
    try {
      for (let r = await reader.read(); r.done !== true; r = await reader.read()) {
        text += decoder.decode(r.value, { stream: true });
        let end;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1] ?? '';
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
          names.push(name);
          if (name === 'branch-commit') commits.add((JSON.parse(data) as { commit_id: string }).commit_id);
        }
      }
    } catch {
      // Closed, or the server went away.
    }
  })();
  return { commits, names, close: () => abort.abort() };
}

/** POSTs `body` to `url`+`path` and returns the JSON answer of a 200 (throws otherwise). */
export async function postJson(url: string, path: string, body: string, type = 'application/json'): Promise<Record<string, unknown>> {
  const r = await fetch(url + path, { method: 'POST', body, headers: { 'Content-Type': type, Accept: 'application/json' } });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Runs a query on the server at `url`; its values as JSON (throws unless 200). */
export async function queryValues(url: string, text: string): Promise<unknown[]> {
  const r = await fetch(`${url}/query`, {
    method: 'POST',
    body: JSON.stringify({ query: text }),
    headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
  });
  const body = await r.text();
  if (r.status !== 200) throw new Error(`query ${text}: ${r.status} ${body}`);
  return body
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);
}
