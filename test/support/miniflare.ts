// A Miniflare (the Workers runtime, workerd) holding one local R2 bucket and
// one D1 database, which the contract tests use from Node: the real R2 and D1
// semantics. Both go through a small Worker of ours that runs each call on the
// binding (r2OverHttp and d1OverHttp below), one plain request per call.
// Miniflare's own binding proxies send synchronous calls down a blocking side
// channel that, on a loaded machine, can read no answer or another call's (an
// assertion inside miniflare), and every later call then fails.
import { Miniflare } from 'miniflare';
import { d1Database, openD1MetaStore, R2BlobStore, type D1DatabaseLike, type R2BucketLike, type R2ObjectBodyLike } from '../../adapters/cloudflare/index.js';
import { SqlTokenStore, type BlobStore, type MetaStore, type TokenStore } from '../../src/index.js';

/**
 * /d1 runs the statements it is sent on the META binding: one (by method) or a
 * batch. /r2 runs one call on the BLOBS binding: the call's name and key in
 * the query, its options as JSON in a header, a put's value as the body.
 */
const WORKER = `
const arg = (p) => (p !== null && typeof p === 'object' && Array.isArray(p.$bytes) ? Uint8Array.from(p.$bytes) : p);
async function d1(req, env) {
  const { batch, ops } = await req.json();
  const stmts = ops.map((o) => env.META.prepare(o.sql).bind(...o.params.map(arg)));
  try {
    if (batch) return Response.json({ ok: await env.META.batch(stmts) });
    const [o] = ops;
    const [s] = stmts;
    const r = o.method === 'raw' ? await s.raw(o.options) : o.method === 'first' ? await s.first(o.column) : await s[o.method]();
    return Response.json({ ok: r === undefined ? null : r });
  } catch (e) {
    return Response.json({ error: String(e && e.message ? e.message : e) });
  }
}
async function r2(req, env, url) {
  const call = url.searchParams.get('call');
  const key = url.searchParams.get('key');
  const options = JSON.parse(req.headers.get('x-options') || '{}');
  try {
    switch (call) {
      case 'get': {
        const o = await env.BLOBS.get(key, options);
        if (o === null) return new Response(null, { status: 404 });
        return new Response(o.body, { headers: { 'x-size': String(o.size) } });
      }
      case 'head': {
        const o = await env.BLOBS.head(key);
        return Response.json(o === null ? null : { size: o.size });
      }
      case 'put': {
        const o = await env.BLOBS.put(key, await req.arrayBuffer(), options);
        return Response.json(o === null ? null : { size: o.size });
      }
      case 'delete':
        await env.BLOBS.delete(key);
        return Response.json(null);
      case 'list': {
        const page = await env.BLOBS.list(options);
        return Response.json({
          objects: page.objects.map((o) => ({ key: o.key, size: o.size })),
          truncated: page.truncated,
          ...(page.truncated ? { cursor: page.cursor } : {}),
        });
      }
    }
    return new Response('no such call: ' + call, { status: 400 });
  } catch (e) {
    return new Response(String(e && e.message ? e.message : e), { status: 500 });
  }
}
export default {
  fetch(req, env) {
    const url = new URL(req.url);
    return url.pathname === '/r2' ? r2(req, env, url) : d1(req, env);
  },
};
`;

/** The R2 binding's API (what R2BlobStore calls), each call one request to the Worker. */
function r2OverHttp(base: string): R2BucketLike {
  const call = async (name: string, key: string | null, options: unknown, body?: ArrayBuffer | ArrayBufferView): Promise<Response> => {
    const url = new URL('/r2', base);
    url.searchParams.set('call', name);
    if (key !== null) url.searchParams.set('key', key);
    const r = await fetch(url, {
      method: 'POST',
      headers: { 'x-options': JSON.stringify(options ?? {}) },
      ...(body !== undefined ? { body: body instanceof ArrayBuffer ? body : new Uint8Array(body.buffer, body.byteOffset, body.byteLength).slice() } : {}),
    });
    if (r.status === 500 || r.status === 400) throw new Error(await r.text());
    return r;
  };
  const json = async <T>(r: Promise<Response>): Promise<T> => (await (await r).json()) as T;
  return {
    async get(key, options) {
      const r = await call('get', key, options);
      if (r.status === 404) {
        await r.body?.cancel();
        return null;
      }
      const body: R2ObjectBodyLike = {
        size: Number(r.headers.get('x-size')),
        get body() {
          return r.body!;
        },
        arrayBuffer: () => r.arrayBuffer(),
      };
      return body;
    },
    head: (key) => json(call('head', key, undefined)),
    put: (key, value, options) => json(call('put', key, options, value)),
    async delete(key) {
      await json(call('delete', key, undefined));
    },
    list: (options) => json(call('list', null, options)),
  };
}

interface Op {
  sql: string;
  params: unknown[];
  method?: string;
  options?: unknown;
  column?: string;
}

/** The D1 binding's statement API (what drizzle and the tests call), each call one request to the Worker. */
function d1OverHttp(url: string): D1DatabaseLike {
  const send = async (batch: boolean, ops: Op[]): Promise<unknown> => {
    const r = await fetch(url, { method: 'POST', body: JSON.stringify({ batch, ops }) });
    const body = (await r.json()) as { ok?: unknown; error?: string };
    if (body.error !== undefined) throw new Error(body.error);
    return body.ok;
  };
  const wire = (p: unknown): unknown => (p instanceof Uint8Array ? { $bytes: [...p] } : p);
  class Statement {
    constructor(
      readonly sql: string,
      readonly params: unknown[] = [],
    ) {}
    bind(...params: unknown[]): Statement {
      return new Statement(this.sql, params.map(wire));
    }
    all(): Promise<unknown> {
      return send(false, [{ sql: this.sql, params: this.params, method: 'all' }]);
    }
    run(): Promise<unknown> {
      return send(false, [{ sql: this.sql, params: this.params, method: 'run' }]);
    }
    raw(options?: unknown): Promise<unknown> {
      return send(false, [{ sql: this.sql, params: this.params, method: 'raw', options }]);
    }
    first(column?: string): Promise<unknown> {
      return send(false, [{ sql: this.sql, params: this.params, method: 'first', ...(column !== undefined ? { column } : {}) }]);
    }
  }
  return {
    prepare: (sql: string) => new Statement(sql),
    batch: (stmts: Statement[]) => send(true, stmts.map((s) => ({ sql: s.sql, params: s.params }))),
    exec: (sql: string) => send(false, [{ sql, params: [], method: 'run' }]),
  } as unknown as D1DatabaseLike;
}

let shared: Miniflare | null = null;

function miniflare(): Miniflare {
  shared ??= new Miniflare({
    modules: true,
    script: WORKER,
    compatibilityDate: '2026-04-01',
    r2Buckets: ['BLOBS'],
    d1Databases: ['META'],
  });
  return shared;
}

/** The shared D1 database, through the Worker. */
async function d1(): Promise<D1DatabaseLike & { prepare(sql: string): { all<T>(): Promise<{ results: T[] }>; run(): Promise<unknown> } }> {
  return d1OverHttp(new URL('/d1', await miniflare().ready).toString()) as never;
}

/** Disposes of the shared Miniflare (after a file's tests). */
export async function disposeMiniflare(): Promise<void> {
  const m = shared;
  shared = null;
  await m?.dispose();
}

/** The R2 BlobStore over the shared bucket, and a cleanup that empties it. */
export async function r2Harness(): Promise<{ store: BlobStore; cleanup(): Promise<void> }> {
  const bucket = r2OverHttp((await miniflare().ready).toString());
  return {
    store: new R2BlobStore(bucket),
    async cleanup() {
      for (;;) {
        const page = await bucket.list({ limit: 1000 });
        if (page.objects.length === 0) return;
        for (const o of page.objects) await bucket.delete(o.key);
      }
    },
  };
}

/** The D1 MetaStore over the shared database, and a cleanup that drops its tables. */
export async function d1Harness(): Promise<{ store: MetaStore; cleanup(): Promise<void> }> {
  const db = await d1();
  const store = await openD1MetaStore(db);
  return {
    store,
    async cleanup() {
      const tables = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{ name: string }>();
      for (const t of tables.results) await db.prepare(`DROP TABLE IF EXISTS "${t.name}"`).run();
    },
  };
}

/** The SQL TokenStore over the shared D1 database (migrated), and a cleanup that drops its tables. */
export async function d1TokenHarness(): Promise<{ store: TokenStore; cleanup(): Promise<void> }> {
  const meta = await d1Harness();
  return { store: new SqlTokenStore(d1Database(await d1())), cleanup: meta.cleanup };
}
