// A Miniflare (the Workers runtime, workerd) holding one local R2 bucket and
// one D1 database, whose bindings the contract tests use from Node through
// Miniflare's proxies: the real R2 and D1 semantics, without a Worker script
// of ours. Each harness empties them when it is done.
import { Miniflare } from 'miniflare';
import { d1Database, openD1MetaStore, R2BlobStore, type D1DatabaseLike, type R2BucketLike } from '../../adapters/cloudflare/index.js';
import { SqlTokenStore, type BlobStore, type MetaStore, type TokenStore } from '../../src/index.js';

let shared: Miniflare | null = null;

function miniflare(): Miniflare {
  shared ??= new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 204 }); } }',
    compatibilityDate: '2026-04-01',
    r2Buckets: ['BLOBS'],
    d1Databases: ['META'],
  });
  return shared;
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
  const d1 = await miniflare().getD1Database('META');
  const store = await openD1MetaStore(d1 as unknown as D1DatabaseLike);
  return {
    store,
    async cleanup() {
      const tables = await d1.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{ name: string }>();
      for (const t of tables.results) await d1.prepare(`DROP TABLE IF EXISTS "${t.name}"`).run();
    },
  };
}

/** The SQL TokenStore over the shared D1 database (migrated), and a cleanup that drops its tables. */
export async function d1TokenHarness(): Promise<{ store: TokenStore; cleanup(): Promise<void> }> {
  const meta = await d1Harness();
  const d1 = await miniflare().getD1Database('META');
  return { store: new SqlTokenStore(d1Database(d1 as unknown as D1DatabaseLike)), cleanup: meta.cleanup };
}
