#!/usr/bin/env node
// Makes the V8 code caches of the CLI's bundles (bin/zlake) once, at build
// time, from the commands that are run most and are short, so that their
// start-up does not depend on which command happened to run first.
//
// bin/zlake writes a bundle's cache at the end of its first run, and the
// cache then holds what that run compiled: after `zlake init`, every `ls`
// compiled the query engine's functions again on each run. Here each
// command runs with ZLAKE_V8CACHE_UPDATE set, which makes bin/zlake write
// the cache again at its end, holding what the cache held plus what this
// run compiled: the caches hold the union of the commands below. Long
// commands (load, serve) are left out: their compiling is small beside
// their work, and every other command would read their code.
//
// A cache is an optimisation only: a failure here is reported and the
// build goes on (bin/zlake then makes caches as it runs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../bin/zlake');
const dir = mkdtempSync(join(tmpdir(), 'zlake-warm-'));
const lake = join(dir, 'lake');
const data = join(dir, 'data.ndjson');
writeFileSync(data, '{"ts":"2024-01-01T00:00:00Z","s":"a","n":1}\n{"ts":"2024-01-01T00:00:01Z","s":"b","n":2}\n');

// [arguments, whether the run adds to the caches]
const runs = [
  [['-lake', lake, 'init'], true],
  [['-lake', lake, 'create', '-orderby', 'ts', 'p'], true],
  [['-lake', lake, 'load', '-q', '-use', 'p', data], false],
  [['-lake', lake, 'ls'], true],
  [['-lake', lake, 'ls', 'p'], true],
  [['-lake', lake, 'log', '-use', 'p'], true],
  [['-lake', lake, 'query', '-z', 'from p | count() by s'], true],
  [['zq', '-z', 'yield 1'], true],
];

try {
  for (const [args, update] of runs) {
    const env = { ...process.env };
    if (update) env.ZLAKE_V8CACHE_UPDATE = '1';
    else delete env.ZLAKE_V8CACHE_UPDATE;
    const r = spawnSync(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    if (r.status !== 0) {
      console.warn(`warm-cli-cache: zlake ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
      break;
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
