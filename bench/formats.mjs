#!/usr/bin/env node
// Format throughput (issue #2): NDJSON -> ZSON, NDJSON -> ZNG, and reading
// ZNG back versus reading the NDJSON, next to a plain JSON.parse +
// JSON.stringify loop and DuckDB on the same file in the same run.
// Usage: node bench/formats.mjs [file.ndjson]   (generate it with bench/gen.mjs)
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync, unlinkSync } from 'node:fs';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';

const file = process.argv[2] ?? 'bench/data/conn.ndjson';
if (!existsSync(file)) {
  console.error(`no ${file}: run "node bench/gen.mjs" first`);
  process.exit(1);
}
const size = statSync(file).size;
const mb = size / 1e6;
const zng = file.replace(/\.ndjson$/, '') + '.zng';
const results = [];

function report(name, seconds, bytes = size) {
  const rate = bytes / 1e6 / seconds;
  results.push({ name, seconds, rate });
  console.log(`${name.padEnd(44)} ${seconds.toFixed(2).padStart(7)} s ${rate.toFixed(1).padStart(8)} MB/s`);
  return rate;
}

async function time(fn) {
  const t0 = performance.now();
  await fn();
  return (performance.now() - t0) / 1000;
}

// 1. The plain loop: split lines, JSON.parse, JSON.stringify.
const loopSecs = await time(async () => {
  const dec = new TextDecoder();
  let rest = '';
  let out = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const text = rest + dec.decode(chunk, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop();
    for (const line of lines) if (line) out += JSON.stringify(JSON.parse(line)).length;
  }
  if (out === 0) throw new Error('no output');
});
const loop = report('plain loop: JSON.parse + JSON.stringify', loopSecs);

// 2. zlake zq, end to end, output discarded.
function zq(args, stdout = 'ignore') {
  const r = spawnSync('./bin/zlake', ['zq', ...args], { stdio: ['ignore', stdout, 'pipe'], maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`zlake zq ${args.join(' ')} failed: ${r.stderr}`);
}
const toZson = report('zlake zq -z (NDJSON -> ZSON)', await time(() => zq(['-z', file])));
const toZng = report('zlake zq -f zng (NDJSON -> ZNG)', await time(() => execFileSync('sh', ['-c', `./bin/zlake zq -f zng ${file} > ${zng}`])));
const zngSize = statSync(zng).size;
console.log(`ZNG file: ${(zngSize / 1e6).toFixed(1)} MB (${((zngSize / size) * 100).toFixed(1)}% of the NDJSON)`);

// 3. Reading: decode every value, in process, NDJSON versus ZNG.
const { readValues, TypeContext } = await import('../dist/src/index.js');
async function readAll(path) {
  let n = 0;
  const stream = Readable.toWeb(createReadStream(path, { highWaterMark: 1 << 20 }));
  for await (const batch of readValues(stream, new TypeContext())) n += batch.length;
  return n;
}
let nd = 0;
let zn = 0;
const readNd = report('read NDJSON into values', await time(async () => (nd = await readAll(file))));
const readZng = report('read ZNG into values (rate over NDJSON bytes)', await time(async () => (zn = await readAll(zng))));
if (nd !== zn) throw new Error(`value counts differ: ${nd} vs ${zn}`);

// 4. DuckDB on the same file: read it into a table, and write it back as NDJSON.
let duckRead = null;
let duckConvert = null;
try {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const db = await DuckDBInstance.create(':memory:');
  const con = await db.connect();
  duckRead = report('duckdb: read_json into a table', await time(() => con.run(`create table t as select * from read_json('${file}')`)));
  const out = `${zng}.duck.json`;
  duckConvert = report('duckdb: read_json -> COPY TO json', await time(() => con.run(`copy (select * from read_json('${file}')) to '${out}' (format json)`)));
  unlinkSync(out);
} catch (e) {
  console.log(`duckdb unavailable: ${e.message}`);
}

console.log('\nratios');
console.log(`NDJSON -> ZSON / plain loop:       ${(toZson / loop).toFixed(2)}x (target >= 0.5x)`);
console.log(`NDJSON -> ZNG  / plain loop:       ${(toZng / loop).toFixed(2)}x`);
console.log(`read ZNG / read NDJSON:            ${(readZng / readNd).toFixed(2)}x (target >= 3x)`);
console.log(`read NDJSON / plain loop:          ${(readNd / loop).toFixed(2)}x`);
if (duckRead) console.log(`read NDJSON / duckdb read_json:    ${(readNd / duckRead).toFixed(2)}x`);
if (duckConvert) console.log(`NDJSON -> ZSON / duckdb convert:   ${(toZson / duckConvert).toFixed(2)}x`);
console.log(`(${mb.toFixed(0)} MB, ${nd} records)`);
