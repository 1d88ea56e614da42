#!/usr/bin/env node
// Bundles what tsc built in dist/ for Node, where loading hundreds of
// modules one by one costs more than running them:
//  - the job worker of `zlake serve` (job-worker.bundle.cjs): a worker
//    thread starts by loading its module graph, and one bundled file loads
//    three to four times faster than dist's modules (about 0.4 s against
//    1.5 s on a busy two-core machine), which is how long a query waits
//    when it needs a new worker. Built as the CLI's are (below) and loaded
//    by bin/worker.cjs with a code cache: a worker was ready in 190-225 ms
//    from an ES module bundle, 156 ms from this one and 105 ms with its cache;
//  - the drawing thread of `zlake load`'s progress line
//    (load-progress-worker.bundle.js), likewise;
//  - the `zlake` command (bin/zlake): a small dispatcher (cli.bundle.cjs)
//    and one bundle per command family (zq, the lake commands, serve), so a
//    command compiles and runs only its own code. They are CommonJS so that
//    bin/zlake can compile them with a V8 code cache on every Node version
//    (vm.Script's cachedData; Node 20 has no compile cache for ES modules),
//    and minified (whitespace and syntax, names kept for stack traces)
//    because reading and deserializing scale with their size. The
//    dispatcher reaches a command's bundle through `require`, which
//    bin/zlake hands it.
// Native and WebAssembly pieces stay outside: libsql's native engine, and
// parquet-wasm's .wasm file, read from node_modules on first use.
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(root, 'dist/adapters/node');
const version = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).version;

// The CLI's bundles: entry (in dist/adapters/node) -> bundle file beside it.
const CLI_BUNDLES = {
  'cli.js': 'cli.bundle.cjs',
  'zq.js': 'zq.bundle.cjs',
  'lake-cli/index.js': 'lake-cli.bundle.cjs',
  'lake-cli/quick-ls.js': 'quick-ls.bundle.cjs',
  'serve.js': 'serve.bundle.cjs',
  'job-worker.js': 'job-worker.bundle.cjs',
};

// The dispatcher imports each command's module; in the bundles that import
// is of the command's bundle, left for bin/zlake's require to load.
const commandBundles = {
  name: 'command-bundles',
  setup(b) {
    b.onResolve({ filter: /^\.\/(zq|serve|lake-cli\/index|lake-cli\/quick-ls)\.js$/ }, (args) => {
      if (!args.importer.endsWith('/dist/adapters/node/cli.js') || args.kind !== 'dynamic-import') return undefined;
      return { path: `./${CLI_BUNDLES[args.path.slice(2)]}`, external: true };
    });
    // `zlake [lake flags] serve` reaches serve from the lake commands (as `zed serve`).
    b.onResolve({ filter: /^\.\.\/serve\.js$/ }, (args) => {
      if (!args.importer.endsWith('/dist/adapters/node/lake-cli/index.js') || args.kind !== 'dynamic-import') return undefined;
      return { path: `./${CLI_BUNDLES['serve.js']}`, external: true };
    });
  },
};

// Our modules run no code on import beyond their declarations (no
// registration by side effect), so a bundle keeps only the modules whose
// exports it uses: zq's leaves out the service, the lake and drizzle.
const ownModulesArePure = {
  name: 'own-modules-are-pure',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === 'pure' || !args.importer.includes('/dist/')) return undefined;
      const r = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'pure' });
      if (r.errors.length > 0 || r.external) return r;
      return { ...r, sideEffects: !r.path.startsWith(`${root}/dist/`) };
    });
  },
};

// libsql picks its native engine through @neon-rs/load, which tells glibc
// from musl by building Node's whole diagnostic report (about 12 ms of
// every lake command); detect-libc, which libsql loads anyway, reads the
// C library's files instead. Other systems take the original path.
const neonLoad = {
  name: 'neon-load',
  setup(b) {
    b.onResolve({ filter: /^@neon-rs\/load$/ }, (args) => ({ path: args.path, namespace: 'neon-load', pluginData: args.resolveDir }));
    b.onLoad({ filter: /.*/, namespace: 'neon-load' }, (args) => ({
      resolveDir: args.pluginData,
      loader: 'js',
      contents: `
        const original = () => require('@neon-rs/load/dist/index.js');
        exports.currentTarget = () => {
          if (process.platform === 'linux' && (process.arch === 'x64' || process.arch === 'arm64')) {
            const { familySync, MUSL } = require('detect-libc');
            return \`linux-\${process.arch}-\${familySync() === MUSL ? 'musl' : 'gnu'}\`;
          }
          return original().currentTarget();
        };
        exports.load = (dir) => original().load(dir);
      `,
    }));
  },
};

// Packages most commands never touch get bundles of their own, loaded on
// first use: the command's bundle holds a stand-in whose exports are
// getters that require the package's bundle (a synchronous require keeps
// the engine's synchronous decoders as they are). `zq -z 'yield 1'` then
// reads and deserializes about half as much.
const LAZY_PACKAGES = {
  'apache-arrow': 'vendor-apache-arrow.bundle.cjs',
  're2js': 'vendor-re2js.bundle.cjs',
  'parquet-wasm/esm': 'vendor-parquet-wasm.bundle.cjs',
  // Only for a metastore on a server: node-postgres, and libSQL's full
  // client with its HTTP and WebSocket ones (a file needs .../sqlite3).
  pg: 'vendor-pg.bundle.cjs',
  '@libsql/client': 'vendor-libsql-client.bundle.cjs',
  // Only for Arrow IPC's LZ4 frames; it fills its tables as it loads.
  lz4js: 'vendor-lz4js.bundle.cjs',
};
// The stand-in owns no properties: its prototype is a proxy that loads the
// module on the first read and then puts the module itself in the reader's
// prototype chain, so later reads are plain lookups. (Each importing module
// wraps the stand-in in an object made with the stand-in's prototype; with
// no own properties there is nothing to copy.)
function lazyStandIn(id) {
  return `
    let m;
    const lazy = new Proxy(Object.create(null), {
      get(_, key, receiver) {
        // (The interop helper asks every CommonJS module this first.)
        if (key === '__esModule') return undefined;
        m ??= require(${JSON.stringify(id)});
        if (receiver !== lazy) Object.setPrototypeOf(receiver, m);
        return m[key];
      },
    });
    module.exports = Object.create(lazy);
  `;
}
const lazyPackages = {
  name: 'lazy-packages',
  setup(b) {
    b.onResolve({ filter: /^(apache-arrow|re2js|parquet-wasm\/esm|pg|@libsql\/client|lz4js)$/ }, (args) => {
      if (!args.importer.includes('/dist/') && !args.importer.includes('/node_modules/drizzle-orm/')) return undefined;
      return { path: args.path, namespace: 'lazy-package' };
    });
    b.onResolve({ filter: /^\.\/vendor-.*\.bundle\.cjs$/ }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-package' }, (args) => ({
      resolveDir: out,
      loader: 'js',
      contents: lazyStandIn(`./${LAZY_PACKAGES[args.path]}`),
    }));
  },
};

// Node's own modules that few commands use load on first use too: a
// bundle's imports all run when it loads, and child_process (which
// detect-libc requires, with dgram and net behind it), worker_threads (with
// perf_hooks), fs/promises (with readline), net and stream cost a lake
// command such as `ls` several milliseconds of compiling Node's internals.
const LAZY_BUILTINS = /^(node:)?(child_process|worker_threads|fs\/promises|stream|net)$/;
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: LAZY_BUILTINS }, (args) =>
      // (The stand-in's own require is of Node's module.)
      args.namespace === 'lazy-builtin' ? { path: args.path, external: true } : { path: args.path.replace(/^node:/, ''), namespace: 'lazy-builtin' },
    );
    // The same stand-in as a lazy package's (above), over Node's module.
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      loader: 'js',
      contents: lazyStandIn(`node:${args.path}`),
    }));
  },
};

// Old code caches go with the bundles they were made from (bin/zlake).
for (const f of readdirSync(out)) if (f.endsWith('.v8cache')) rmSync(resolve(out, f), { force: true });

const cliCommon = {
  // A dynamic import of a command's bundle becomes require.
  supported: { 'dynamic-import': false },
  // bin/zlake passes what import.meta would hold; the version comes from package.json now.
  define: {
    'import.meta.url': '__zlake_import_meta_url',
    'import.meta.dirname': '__dirname',
    'import.meta.resolve': '__zlake_import_meta_resolve',
    __ZLAKE_VERSION__: JSON.stringify(version),
  },
  minifyWhitespace: true,
  minifySyntax: true,
  // ASCII only (non-ASCII escaped), so that bin/bundle-loader.cjs may read them as latin1.
  charset: 'ascii',
  logLevel: 'warning',
};

await build({
  entryPoints: Object.fromEntries(Object.entries(CLI_BUNDLES).map(([entry, bundle]) => [bundle.replace(/\.cjs$/, ''), resolve(out, entry)])),
  outdir: out,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // libsql requires its native engine (@libsql/<target>) by a computed name,
  // which stays a require; the rest are optional and absent.
  external: ['bufferutil', 'utf-8-validate', 'pg-native'],
  plugins: [commandBundles, ownModulesArePure, neonLoad, lazyPackages, lazyBuiltins],
  ...cliCommon,
});

for (const [name, bundle] of Object.entries(LAZY_PACKAGES)) {
  await build({
    stdin: { contents: `export * from '${name}';`, resolveDir: root, loader: 'js' },
    outfile: resolve(out, bundle),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['bufferutil', 'utf-8-validate', 'pg-native'],
    plugins: [neonLoad],
    ...cliCommon,
  });
}

// bin/bundle-loader.cjs reads the CLI's bundles as latin1: they must be ASCII.
for (const bundle of [...Object.values(CLI_BUNDLES), ...Object.values(LAZY_PACKAGES)]) {
  const bytes = readFileSync(resolve(out, bundle));
  const at = bytes.findIndex((b) => b >= 0x80);
  if (at >= 0) throw new Error(`bundle-node: ${bundle} is not ASCII (byte ${at}); bin/bundle-loader.cjs reads it as latin1`);
}

// The threads that write a load's data objects and run shares of a query's
// scans (encode-pool.ts, scan-pool.ts), likewise.
for (const name of ['encode-worker', 'scan-worker']) {
  await build({
    entryPoints: [resolve(out, `${name}.js`)],
    outfile: resolve(out, `${name}.bundle.js`),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['libsql', '@libsql/client', 'parquet-wasm'],
    plugins: [ownModulesArePure],
    banner: { js: "import { createRequire as __zlakeRequire } from 'node:module'; const require = __zlakeRequire(import.meta.url);" },
    logLevel: 'warning',
  });
}

// The drawing thread of zlake load's progress line, one file for the same reason.
await build({
  entryPoints: [resolve(out, 'load-progress-worker.js')],
  outfile: resolve(out, 'load-progress-worker.bundle.js'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [ownModulesArePure],
  logLevel: 'warning',
});
