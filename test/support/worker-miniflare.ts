// The Worker as the Workers tests run it: the entry bundled as for an upload
// (scripts/build-worker.mjs) into a temporary folder, run by Miniflare's
// workerd with the bindings wrangler.toml declares (R2 LAKE, D1 META, the
// EVENTS Durable Object) and its compatibility settings, on a random
// loopback port.
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
        host: '127.0.0.1',
        port: 0,
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
