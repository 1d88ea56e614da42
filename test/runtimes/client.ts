// What the runtime contract suite sends requests with: fetch relative to a
// server, raw node:http requests (paths exactly as written, one keep-alive
// connection), an /events subscriber, and the zed-js client.
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';

export const te = new TextEncoder();

export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

export class Client {
  /** One connection at a time, kept alive: the next request reuses it. */
  readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(readonly url: string) {}

  req(path: string, init?: RequestInit): Promise<Response> {
    return fetch(this.url + path, init);
  }

  /** POST a JSON body (objects) or bytes (strings, with no Content-Type unless given). */
  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.req(path, {
      method: 'POST',
      body: typeof body === 'string' ? te.encode(body) : body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : JSON.stringify(body),
      headers: typeof body === 'string' || body instanceof Uint8Array ? headers : { 'Content-Type': 'application/json', ...headers },
    });
  }

  async createPool(name: string, keys: string[][] = [['ts']]): Promise<string> {
    const r = await this.post('/pool', { name, layout: { order: 'asc', keys } }, { Accept: 'application/json' });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`create pool ${name}: ${r.status} ${text}`);
    return (JSON.parse(text) as { pool: { id: string } }).pool.id;
  }

  /** Loads `data` into pool/branch; returns the commit id. */
  async load(pool: string, data: string | Uint8Array, contentType?: string, branch = 'main'): Promise<string> {
    const r = await this.post(`/pool/${encodeURIComponent(pool)}/branch/${branch}`, data, {
      Accept: 'application/json',
      ...(contentType !== undefined ? { 'Content-Type': contentType } : {}),
    });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`load ${pool}: ${r.status} ${text}`);
    return (JSON.parse(text) as { commit: string }).commit;
  }

  /** The body of a 200 query answer in `accept`'s format (throws otherwise). */
  async query(text: string, accept = 'application/x-zson'): Promise<string> {
    const r = await this.post('/query', { query: text }, { Accept: accept });
    const body = await r.text();
    if (r.status !== 200) throw new Error(`query ${text}: ${r.status} ${body}`);
    return body;
  }

  async queryBytes(text: string, accept: string): Promise<Uint8Array> {
    const r = await this.post('/query', { query: text }, { Accept: accept });
    if (r.status !== 200) throw new Error(`query ${text}: ${r.status} ${await r.text()}`);
    return new Uint8Array(await r.arrayBuffer());
  }

  /** A request on the kept-alive connection, its path exactly as written (fetch would clean it). */
  raw(method: string, path: string, headers: Record<string, string> = {}, body?: Uint8Array): Promise<Reply> {
    return new Promise((ok, fail) => {
      const u = new URL(this.url);
      const h = { ...headers, ...(body !== undefined ? { 'Content-Length': String(body.byteLength) } : {}) };
      const req = httpRequest({ host: u.hostname, port: u.port, method, path, headers: h, agent: this.agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on('error', fail);
      });
      req.on('error', fail);
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
      req.end(body);
    });
  }

  /** Subscribers /metrics counts now (0 where they are elsewhere, as on Workers' hub). */
  async subscribers(): Promise<number> {
    const m = /^zlake_event_subscribers (\d+)$/m.exec(await (await this.req('/metrics')).text());
    return Number(m?.[1] ?? 0);
  }

  /**
   * Resolves once the server holds one more subscriber than `before`: when
   * the stream's head arrives, or /metrics counts it (Bun sends a stream's
   * head only with its first chunk: oven-sh/bun#33660).
   */
  async untilSubscribed(head: Promise<unknown>, before: number): Promise<void> {
    let done = false;
    const counted = (async () => {
      for (let i = 0; i < 600 && !done; i++) {
        if ((await this.subscribers()) > before) return;
        await new Promise((ok) => setTimeout(ok, 50));
      }
      if (!done) throw new Error('the subscription never registered');
    })();
    try {
      await Promise.race([head, counted]);
    } finally {
      done = true;
    }
  }

  /** GET /events; events come back as `name data` strings. */
  async subscribe(accept = 'application/json'): Promise<Subscription> {
    const before = await this.subscribers();
    const ac = new AbortController();
    const head = this.req('/events', { headers: { Accept: accept }, signal: ac.signal });
    head.catch(() => {});
    await this.untilSubscribed(head, before);
    return new Subscription(head, ac);
  }

  close(): void {
    this.agent.destroy();
  }
}

export class Subscription {
  #buf = '';
  readonly #dec = new TextDecoder();
  #reader: ReadableStreamDefaultReader<Uint8Array> | null = null;

  constructor(
    readonly head: Promise<Response>,
    private readonly ac: AbortController,
  ) {}

  /** The first `n` events (those whose data holds `about`, when given), each as `name data`. */
  async take(n: number, about?: string): Promise<string[]> {
    if (this.#reader === null) {
      const r = await this.head;
      if (r.status !== 200) throw new Error(`/events answered ${r.status}`);
      this.#reader = r.body!.getReader();
    }
    for (;;) {
      const events = [...this.#buf.matchAll(/event: (\S+)\ndata: (.*)\n\n/g)].map((m) => `${m[1]} ${m[2]}`).filter((e) => about === undefined || e.includes(about));
      if (events.length >= n) return events.slice(0, n);
      const r = await this.#reader.read();
      if (r.done) throw new Error(`the stream ended after ${JSON.stringify(this.#buf)}`);
      this.#buf += this.#dec.decode(r.value, { stream: true });
    }
  }

  close(): void {
    this.ac.abort();
    void this.#reader?.cancel().catch(() => {});
  }
}

/** The parts of zed-js's ResultStream the tests read. */
export interface ResultStream {
  js(): Promise<Record<string, unknown>[]>;
  zed(): Promise<{ toString(): string }[]>;
}
export interface EventSourceLike {
  addEventListener(name: string, fn: (e: { type: string; data: string }) => void): void;
  close(): void;
}
export interface ZedClient {
  fetch: typeof fetch;
  version(): Promise<{ version: string }>;
  authMethod(): Promise<unknown>;
  query(q: string): Promise<ResultStream>;
  createPool(name: string, opts?: { order?: string; key?: string | string[] }): Promise<{ pool: { id: string; name: string } }>;
  getPools(): Promise<{ name: string; id: string }[]>;
  getPool(nameOrId: string): Promise<{ name: string; id: string }>;
  getPoolStats(id: string): Promise<unknown>;
  updatePool(id: string, args: { name: string }): Promise<boolean>;
  deletePool(id: string): Promise<boolean>;
  subscribe(): EventSourceLike;
  send(opts: { method: string; path: string; body?: unknown; contentType?: string }): Promise<Response>;
}

const require = createRequire(import.meta.url);
// The package exports only its index; the client class lives beside it.
const { BaseClient } = require(require.resolve('@brimdata/zed-js').replace(/index\.js$/, 'client/base-client.js')) as {
  BaseClient: new (url: string) => ZedClient;
};

/**
 * zed-js 0.0.16 against `url`, asking for API revision 1.8.0 on every request
 * (it reads `channel_id` from control messages), as a Workers deployment
 * without a server flag would be asked.
 */
export function zedJs(url: string): ZedClient {
  const c = new BaseClient(url);
  c.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Zed-Api-Version', '1.8.0');
    return globalThis.fetch(input, { ...init, headers });
  };
  return c;
}
