// The Worker as the Workers tests run it: the entry bundled as for an upload
// (scripts/build-worker.mjs) into a temporary folder, run by Miniflare's
// workerd with the bindings wrangler.toml declares (R2 LAKE, D1 META, the
// EVENTS Durable Object) and its compatibility settings, on a random
// loopback port. Beside it runs a small Worker with the same R2 and D1
// (lakeState), so that tests read the lake's stored state through a plain
// fetch rather than Miniflare's binding proxies: their synchronous calls
// failed now and then on a busy machine (an assertion inside Miniflare's
// SynchronousFetcher), and a scope matrix makes thousands of them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { buildWorker } from '../../scripts/build-worker.mjs';

/** A built Worker script, and how to start Miniflares on it and remove it. */
export interface BuiltWorker {
  readonly dir: string;
  readonly script: string;
  /** A Miniflare of its own (fresh R2, D1 and hub), with `bindings` as env vars; stopped by dispose(). */
  start(bindings?: Record<string, string>): Promise<{ mf: Miniflare; url: string }>;
  dispose(): Promise<void>;
}

export async function buildTestWorker(prefix: string): Promise<BuiltWorker> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const script = join(dir, 'worker.js');
  await buildWorker(script);
  const running: Miniflare[] = [];
  return {
    dir,
    script,
    async start(bindings = {}) {
      const mf = new Miniflare({
        host: '127.0.0.1',
        port: 0,
        workers: [
          {
            name: 'zlake',
            modules: true,
            scriptPath: script,
            modulesRoot: dir,
            // parquet-wasm's module, beside the script, as wrangler uploads it.
            modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
            compatibilityDate: '2026-04-01',
            // As wrangler.toml: node:async_hooks for the event hub's waitUntil.
            compatibilityFlags: ['nodejs_compat'],
            r2Buckets: ['LAKE'],
            d1Databases: ['META'],
            durableObjects: { EVENTS: 'EventHubObject' },
            bindings,
          },
          {
            name: 'lake-state',
            modules: true,
            script: LAKE_STATE_SCRIPT,
            compatibilityDate: '2026-04-01',
            r2Buckets: ['LAKE'],
            d1Databases: ['META'],
            routes: [`${LAKE_STATE_HOST}/*`],
          },
        ],
      });
      running.push(mf);
      return { mf, url: (await mf.ready).toString().replace(/\/$/, '') };
    },
    async dispose() {
      for (const mf of running.splice(0)) await mf.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const LAKE_STATE_HOST = 'lake-state.test';

/** Every row of every D1 table, then each R2 object's key, size and ETag (no body), as text. */
const LAKE_STATE_SCRIPT = `export default {
  async fetch(req, env) {
    const out = [];
    const tables = await env.META.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name").all();
    for (const { name } of tables.results) {
      const rows = await env.META.prepare('SELECT * FROM "' + name + '" ORDER BY rowid').all();
      out.push(name + '\\n' + JSON.stringify(rows.results) + '\\n');
    }
    let cursor;
    for (;;) {
      const page = await env.LAKE.list(cursor === undefined ? {} : { cursor });
      for (const o of page.objects) out.push(o.key + ' ' + o.size + ' ' + o.etag + '\\n');
      if (!page.truncated) break;
      cursor = page.cursor;
    }
    return new Response(out.join(''));
  },
};`;

/** The stored state of a Miniflare that start() made: every D1 row and every R2 object's key, size and ETag. */
export async function lakeState(mf: Miniflare): Promise<string> {
  const r = await mf.dispatchFetch(`http://${LAKE_STATE_HOST}/`);
  const text = await r.text();
  if (r.status !== 200) throw new Error(`lake state: ${r.status} ${text}`);
  return text;
}
