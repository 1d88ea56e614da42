// A real zlake server for the service tests: adapters/node on 127.0.0.1 at a
// random port, over a lake in a fresh temp folder (files plus a libSQL file).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type ServerOptions } from '../../adapters/node/serve.js';

export interface TestServer extends RunningServer {
  readonly dir: string;
  /** fetch relative to the server's URL. */
  req(path: string, init?: RequestInit): Promise<Response>;
  /** POST a JSON body. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Creates a pool and loads ZSON text into its main branch. */
  pool(name: string, zson?: string, layout?: { order: 'asc' | 'desc'; keys: string[][] }): Promise<string>;
  /** Runs a query; returns the body text of a 200 (throws otherwise). */
  query(text: string, accept?: string, head?: { pool?: string; branch?: string }): Promise<string>;
  stop(): Promise<void>;
}

export async function testServer(opts: Partial<ServerOptions> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'zlake-service-'));
  // Queries run in this process (no worker threads): the vitest process then
  // holds no libSQL connections in threads it tears down. The worker pools are
  // tested through real `zlake serve` processes (test/hostile, test/cli).
  const s = await startServer({ lake: join(dir, 'lake'), listen: '127.0.0.1:0', queryWorkers: 0, ...opts });
  const req = (path: string, init?: RequestInit) => fetch(s.url + path, init);
  // Objects go as JSON with its Content-Type (as clients send them); strings as bytes with none.
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    req(path, {
      method: 'POST',
      body: typeof body === 'string' ? new TextEncoder().encode(body) : JSON.stringify(body),
      headers: typeof body === 'string' ? headers : { 'Content-Type': 'application/json', ...headers },
    });
  return {
    ...s,
    dir,
    req,
    post,
    async pool(name, zson, layout = { order: 'asc', keys: [['ts']] }) {
      const r = await post('/pool', { name, layout }, { Accept: 'application/json' });
      if (r.status !== 200) throw new Error(`create pool ${name}: ${r.status} ${await r.text()}`);
      const id = ((await r.json()) as { pool: { id: string } }).pool.id;
      if (zson !== undefined) {
        const l = await req(`/pool/${encodeURIComponent(name)}/branch/main`, { method: 'POST', body: zson, headers: { 'Content-Type': 'application/x-zson' } });
        if (l.status !== 200) throw new Error(`load ${name}: ${l.status} ${await l.text()}`);
        await l.arrayBuffer();
      }
      return id;
    },
    async query(text, accept = 'application/x-zson', head) {
      const r = await post('/query', { query: text, ...(head !== undefined ? { head } : {}) }, { Accept: accept });
      const body = await r.text();
      if (r.status !== 200) throw new Error(`query ${text}: ${r.status} ${body}`);
      return body;
    },
    async stop() {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The JSON error body Zed sends, as text with its newline. */
export function errorText(kind: string, error: string, extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ type: 'Error', kind, error, ...extra })}\n`;
}
