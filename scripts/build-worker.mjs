#!/usr/bin/env node
// Bundles the Cloudflare Workers entry (adapters/cloudflare/worker.ts) into
// one ES module, with parquet-wasm's WebAssembly module beside it, for
// Miniflare or a Worker upload: node build-worker.mjs [out].
// wrangler bundles the entry itself; this is for runs without wrangler.
import { build } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/**
 * WebAssembly imports stay imports of a file beside the script, which the
 * Workers runtime loads as a compiled module (as wrangler does); the file
 * is copied there.
 */
function wasmBeside(outdir) {
  return {
    name: 'wasm-beside',
    setup(b) {
      b.onResolve({ filter: /\.wasm$/ }, async (args) => {
        const file = require.resolve(args.path, { paths: [args.resolveDir] });
        await copyFile(file, resolve(outdir, basename(file)));
        return { path: `./${basename(file)}`, external: true };
      });
    },
  };
}

/** Bundles the worker to `outfile`. */
export async function buildWorker(outfile) {
  // On a clean clone the output folder does not exist yet; the WebAssembly file is copied into it.
  await mkdir(dirname(outfile), { recursive: true });
  await build({
    entryPoints: [resolve(root, 'adapters/cloudflare/worker.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser', 'import'],
    mainFields: ['browser', 'module', 'main'],
    // The runtime's own modules (nodejs_compat gives node:async_hooks).
    external: ['node:*', 'cloudflare:*'],
    logLevel: 'warning',
    plugins: [wasmBeside(dirname(outfile))],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildWorker(resolve(process.argv[2] ?? resolve(root, 'dist/worker/worker.js')));
}
