#!/usr/bin/env node
// How long the zlake CLI takes to start (issue #17, item 4): the median of
// N runs (default 20) of a bare `node -e 0`, `zlake zq -z 'yield 1'`,
// `zlake ls` on a folder lake and `zlake zq -version`, each as its own
// process, interleaved round by round so that a burst of load on the
// machine falls on all of them alike. Prints each median and its ratio to
// `node -e 0` (the goal: at most 1.5 for zq and ls).
// Usage: npm run build; node bench/startup.mjs [--runs N] [--bin path/to/zlake]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    bin: { type: 'string', default: resolve(import.meta.dirname, '../bin/zlake') },
  },
});
const RUNS = Number(opts.runs);
const node = process.execPath;
const lake = mkdtempSync(join(tmpdir(), 'zlake-startup-'));

function run(args) {
  const t0 = performance.now();
  const r = spawnSync(node, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return ms;
}

const cases = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: "zlake zq -z 'yield 1'", args: [opts.bin, 'zq', '-z', 'yield 1'] },
  { name: 'zlake -lake DIR ls', args: [opts.bin, '-lake', lake, 'ls'] },
  { name: 'zlake zq -version', args: [opts.bin, 'zq', '-version'] },
];

try {
  run([opts.bin, '-lake', lake, 'init']);
  // One untimed round: the first run of a build writes its code cache.
  for (const c of cases) run(c.args);
  const times = cases.map(() => []);
  for (let i = 0; i < RUNS; i++) cases.forEach((c, j) => times[j].push(run(c.args)));
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  };
  const medians = times.map(median);
  console.log(`node ${process.version}, ${RUNS} runs each, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  cases.forEach((c, j) => {
    console.log(`${c.name.padEnd(24)} ${medians[j].toFixed(1).padStart(7)} ms  ${(medians[j] / medians[0]).toFixed(2)}×`);
  });
} finally {
  rmSync(lake, { recursive: true, force: true });
}
