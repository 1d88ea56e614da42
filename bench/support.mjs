// Helpers the benchmarks share: the generated data file, timing, and a
// line-by-line read of NDJSON for the plain JSON.parse baselines.
import { createReadStream, existsSync, statSync } from 'node:fs';
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
