// A Miniflare (the Workers runtime, workerd) holding one local R2 bucket and
// one D1 database, which the contract tests use from Node: the real R2 and D1
// semantics. R2 goes through Miniflare's binding proxy. D1 goes through a
// small Worker of ours that runs each statement on the binding (d1OverHttp
// below): Miniflare's proxy sends D1's synchronous prepare() down a blocking
// side channel that, on a loaded machine, can read another call's answer
// (an assertion inside miniflare), and every later call then fails.
import { Miniflare } from 'miniflare';
import { d1Database, openD1MetaStore, R2BlobStore, type D1DatabaseLike, type R2BucketLike } from '../../adapters/cloudflare/index.js';
import { SqlTokenStore, type BlobStore, type MetaStore, type TokenStore } from '../../src/index.js';

/** Runs the statements it is sent on the META binding: one (by method) or a batch. */
const D1_WORKER = `
const arg = (p) => (p !== null && typeof p === 'object' && Array.isArray(p.$bytes) ? Uint8Array.from(p.$bytes) : p);
export default {
  async fetch(req, env) {
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
  },
};
`;

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
    script: D1_WORKER,
    compatibilityDate: '2026-04-01',
    r2Buckets: ['BLOBS'],
    d1Databases: ['META'],
  });
  return shared;
}

/** The shared D1 database, through the Worker. */
async function d1(): Promise<D1DatabaseLike & { prepare(sql: string): { all<T>(): Promise<{ results: T[] }>; run(): Promise<unknown> } }> {
  return d1OverHttp((await miniflare().ready).toString()) as never;
}

/** Disposes of the shared Miniflare (after a file's tests). */
export async function disposeMiniflare(): Promise<void> {
  const m = shared;
  shared = null;
  await m?.dispose();
}

/** The R2 BlobStore over the shared bucket, and a cleanup that empties it. */
export async function r2Harness(): Promise<{ store: BlobStore; cleanup(): Promise<void> }> {
  const bucket = (await miniflare().getR2Bucket('BLOBS')) as unknown as R2BucketLike;
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
