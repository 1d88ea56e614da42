#!/usr/bin/env node
// CSV throughput (issue #6): the CSV reader on three renderings of the same
// records (no quotes; every field quoted; one quoted field per record holding
// CSV syntax: escaped quotes and a delimiter), and the CSV writer against
// DuckDB's COPY ... TO of the same data.
// Usage: node bench/csv.mjs [file.ndjson]   (needs `npm run build`; data from bench/gen.mjs)
import { createReadStream, existsSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';

const file = process.argv[2] ?? 'bench/data/conn.ndjson';
if (!existsSync(file)) {
  console.error(`no ${file}: run "node bench/gen.mjs" first`);
  process.exit(1);
}
const { compile, readValues, TypeContext } = await import('../dist/src/index.js');
const { CsvDecoder, CsvEncoder } = await import('../dist/src/formats/csv/index.js');

function report(name, seconds, bytes) {
  const rate = bytes / 1e6 / seconds;
  console.log(`${name.padEnd(52)} ${seconds.toFixed(2).padStart(7)} s ${rate.toFixed(1).padStart(8)} MB/s`);
  return rate;
}

async function time(fn) {
  const t0 = performance.now();
  await fn();
  return (performance.now() - t0) / 1000;
}

// The records, fused to one shape as CSV wants.
const ctx = new TypeContext();
const values = [];
const fuse = compile('fuse', { zctx: ctx });
const input = readValues(Readable.toWeb(createReadStream(file, { highWaterMark: 1 << 20 })), ctx);
for await (const batch of fuse.pipeline.run(input, ctx)) values.push(...batch);
console.log(`${values.length} records from ${file}`);

// 1. Write CSV (our writer), and the same with DuckDB.
const dir = tmpdir();
const plainPath = join(dir, 'zlake-bench.csv');
let parts = [];
const writeSecs = await time(() => {
  const enc = new CsvEncoder();
  for (let i = 0; i < values.length; i += 1000) parts.push(enc.write(values.slice(i, i + 1000)));
  parts.push(enc.end());
});
writeFileSync(plainPath, Buffer.concat(parts));
parts = [];
const csvText = readFileSync(plainPath, 'utf8');
const csvBytes = statSync(plainPath).size;
const ourWrite = report('zlake CsvEncoder: records -> CSV text', writeSecs, csvBytes);

let duckWrite = null;
try {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const db = await DuckDBInstance.create(':memory:');
  const con = await db.connect();
  await con.run(`create table t as select * from read_csv('${plainPath}')`);
  const out = join(dir, 'zlake-bench.duck.csv');
  duckWrite = report('duckdb: COPY t TO csv (table already loaded)', await time(() => con.run(`copy t to '${out}' (format csv)`)), csvBytes);
  unlinkSync(out);
} catch (e) {
  console.log(`duckdb unavailable: ${e.message}`);
}

// 2. The three renderings.
const lines = csvText.split('\n');
const quoted = lines.map((l) => (l === '' ? l : l.split(',').map((f) => `"${f}"`).join(','))).join('\n');
const syntax = lines.map((l, i) => (l === '' ? l : i === 0 ? `${l},note` : `${l},"said ""hi"", then left"`)).join('\n');
const inputs = [
  ['no quotes', new Uint8Array(readFileSync(plainPath))],
  ['every field quoted', new TextEncoder().encode(quoted)],
  ['one field with CSV syntax per record', new TextEncoder().encode(syntax)],
];

function readCsv(bytes) {
  const d = new CsvDecoder(new TypeContext());
  let n = 0;
  for (let i = 0; i < bytes.length; i += 1 << 16) n += d.push(bytes.subarray(i, i + (1 << 16))).length;
  return n + d.end().length;
}

console.log('');
for (const [name, bytes] of inputs) {
  let n = 0;
  report(`zlake CsvDecoder, ${name}`, await time(() => (n = readCsv(bytes))), bytes.length);
  if (n !== values.length) throw new Error(`read ${n} records, wanted ${values.length}`);
}
unlinkSync(plainPath);

if (duckWrite !== null) console.log(`\nCSV write, zlake / duckdb: ${(ourWrite / duckWrite).toFixed(2)}x (target: within 5x, i.e. >= 0.2x)`);
