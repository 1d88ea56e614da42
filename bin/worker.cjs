// The entry of zlake serve's job workers (adapters/node/worker-pool.ts): it
// loads the bundle named by its first argument with the bundle's V8 code
// cache (bundle-loader.cjs), which takes about a third off a new worker's
// start. A worker that compiled the bundle without a cache writes one once
// it has run a while, holding what its first jobs compiled as well.
'use strict';
const { load, saveCaches } = require('./bundle-loader.cjs');

/** How long a worker runs before it writes its bundle's cache. */
const SAVE_AFTER_MS = 5000;

load(process.argv[2]);
setTimeout(saveCaches, SAVE_AFTER_MS).unref();
