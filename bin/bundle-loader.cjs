// Loads zlake's CommonJS bundles (scripts/bundle-node.mjs), each compiled
// with a V8 code cache kept beside it, so a run after the first skips most
// of the compiling: that is most of a short command's time, and most of a
// new worker thread's start. Used by bin/zlake and bin/worker.cjs.
//
// A cache's name carries its bundle's size and time, so a rebuilt bundle
// never meets an old cache; one V8 rejects (another Node, other flags) is
// made again. Caches are written whole, then renamed, so a run beside this
// one reads no half cache; where they cannot be written, runs just compile.
'use strict';
const { readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

const loaded = new Map();
/** The bundles compiled without a usable cache (or all, to update them), with their cache files. */
const unsaved = [];

/** The exports of the bundle `file`; the bundles it requires are loaded the same way. */
function load(file, update = false) {
  let mod = loaded.get(file);
  if (mod !== undefined) return mod.exports;
  // The bundles are ASCII (esbuild escapes the rest, scripts/bundle-node.mjs),
  // which latin1 reads as is, without UTF-8's decoding (1-2 ms of a start).
  const source = readFileSync(file, 'latin1');
  const st = statSync(file);
  const cacheFile = `${file}.${st.size}-${Math.trunc(st.mtimeMs)}.v8cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // None yet.
  }
  const script = new Script(`(function (exports, require, module, __filename, __dirname, __zlake_import_meta_url, __zlake_import_meta_resolve) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  if (cachedData === undefined || script.cachedDataRejected || update) unsaved.push({ script, cacheFile });
  const req = createRequire(file);
  const bundleRequire = Object.assign((id) => (id.endsWith('.bundle.cjs') ? load(join(dirname(file), id), update) : req(id)), req);
  const url = pathToFileURL(file).href;
  mod = { exports: {} };
  loaded.set(file, mod);
  script.runInThisContext()(mod.exports, bundleRequire, mod, file, dirname(file), url, (id) => pathToFileURL(req.resolve(id)).href);
  return mod.exports;
}

/** Writes the caches of the bundles that had none, holding what has been compiled so far. */
function saveCaches() {
  for (const { script, cacheFile } of unsaved.splice(0)) {
    const tmp = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    try {
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cacheFile);
    } catch {
      // A read-only install: compile each time.
      rmSync(tmp, { force: true });
    }
  }
}

module.exports = { load, saveCaches };
