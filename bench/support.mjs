// Helpers the benchmarks share: the generated data file, timing, and a
// line-by-line read of NDJSON for the plain JSON.parse baselines.
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/** The NDJSON file named on the command line (default the generated one) and its size in MB; exits when missing. */
export function benchFile(arg = process.argv[2]) {
  const file = arg ?? 'bench/data/conn.ndjson';
  if (!existsSync(file)) {
    console.error(`no ${file}: run "node bench/gen.mjs" first`);
    process.exit(1);
  }
  return { file, mb: statSync(file).size / 1e6 };
}

/** [seconds, result] of `fn`. */
export async function secs(fn) {
  const t0 = performance.now();
  const r = await fn();
  return [(performance.now() - t0) / 1000, r];
}

/** Calls `fn` with each non-empty line of `file`. */
export async function eachRecord(file, fn) {
  const dec = new TextDecoder();
  let rest = '';
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const lines = (rest + dec.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop();
    for (const line of lines) if (line) fn(line);
  }
}

/**
 * A lake in a new temporary folder, as zlake serve opens one (../dist): the
 * local adapter (data folder + libSQL file) behind the metastore's read
 * cache (open-lake.ts), loads handing their full runs to encode threads
 * (encode-pool.ts) and queries sending shares of their scans to scan
 * threads (scan-pool.ts). `close` stops the threads and removes the folder.
 */
export async function benchLake(name) {
  const { openLocalLake } = await import('../dist/adapters/local/index.js');
  const { cachedMetaStore } = await import('../dist/adapters/node/meta-cache.js');
  const { defaultEncodeThreads, EncodePool } = await import('../dist/adapters/node/encode-pool.js');
  const { defaultScanThreads, ScanPool } = await import('../dist/adapters/node/scan-pool.js');
  const { Lake } = await import('../dist/src/index.js');
  const dir = mkdtempSync(join(tmpdir(), `zlake-bench-${name}-`));
  const local = await openLocalLake(dir);
  let clock = 0n;
  const encoder = new EncodePool({ lake: dir, threads: defaultEncodeThreads() });
  const scanThreads = defaultScanThreads();
  const scans = scanThreads > 0 ? new ScanPool({ config: { lake: dir }, threads: scanThreads }) : undefined;
  const lake = new Lake({
    blobs: local.blobs,
    meta: cachedMetaStore(local.meta.store, () => local.meta.version()),
    now: () => BigInt(Date.now()) * 1_000_000n + clock++,
    objectEncoder: encoder,
    ...(scans !== undefined ? { scanThreads: scans } : {}),
  });
  const close = async () => {
    await encoder.close();
    await scans?.close();
    local.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { lake, close };
}
