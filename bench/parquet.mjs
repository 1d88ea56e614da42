#!/usr/bin/env node
// Parquet and Arrow IPC throughput (issue #6) on the 1M-record data set:
// Parquet write MB/s with its peak RSS (memory is bounded per row group)
// against DuckDB's COPY ... TO (FORMAT parquet) in the same run, and Arrow
// IPC write and read MB/s. Rates are over the NDJSON file's size, as in
// bench/formats.mjs. Usage: node bench/parquet.mjs [file.ndjson]
// (make the data with "node bench/gen.mjs"; build with "npm run build").
//
// conn.ndjson mixes record types (null service/duration, int durations), and
// Parquet takes one type per file, as in Zed; so the data is first given one
// type (ts as time, service as string, duration as float64) in a ZNG file.
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';

const file = process.argv[2] ?? 'bench/data/conn.ndjson';
if (!existsSync(file)) {
  console.error(`no ${file}: run "node bench/gen.mjs" first`);
  process.exit(1);
}
const size = statSync(file).size;
const base = file.replace(/\.ndjson$/, '');
const typed = `${base}-typed.zng`;
const out = { parquet: `${base}.bench.parquet`, arrows: `${base}.bench.arrows`, duck: `${base}.duck.parquet`, quarter: `${base}.quarter.parquet` };

function report(name, seconds, extra = '') {
  const rate = size / 1e6 / seconds;
  console.log(`${name.padEnd(52)} ${seconds.toFixed(2).padStart(7)} s ${rate.toFixed(1).padStart(8)} MB/s ${extra}`);
  return rate;
}

/** Runs a command under /usr/bin/time: wall seconds and peak RSS in MB. */
function timed(cmd, args) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', cmd, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  const [secs, kb] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { seconds: secs, rssMB: kb / 1024, stdout: r.stdout };
}

if (!existsSync(typed) || statSync(typed).mtimeMs < statSync(file).mtimeMs) {
  console.log(`making ${typed} (one record type) ...`);
  execFileSync('./bin/zlake', ['zq', '-o', typed, 'put ts:=time(ts), service:=string(service), duration:=float64(duration)', file]);
}
console.log(`${file}: ${(size / 1e6).toFixed(0)} MB of NDJSON; ${typed}: ${(statSync(typed).size / 1e6).toFixed(0)} MB of ZNG\n`);

// 1. zlake zq, end to end from the typed ZNG, as separate processes (peak RSS each).
const zngOnly = timed('./bin/zlake', ['zq', '-f', 'zng', '-o', '/dev/null', typed]);
report('zlake zq ZNG -> ZNG (reference: read cost)', zngOnly.seconds, `peak RSS ${zngOnly.rssMB.toFixed(0)} MB`);
const pqWrite = timed('./bin/zlake', ['zq', '-f', 'parquet', '-o', out.parquet, typed]);
const pqRate = report('zlake zq ZNG -> Parquet', pqWrite.seconds, `peak RSS ${pqWrite.rssMB.toFixed(0)} MB, ${(statSync(out.parquet).size / 1e6).toFixed(0)} MB out`);
// Memory is bounded per row group: a quarter of the data peaks about as high.
const pqQuarter = timed('./bin/zlake', ['zq', '-f', 'parquet', '-o', out.quarter, 'head 250000', typed]);
console.log(`${'zlake zq ZNG -> Parquet, first 250,000 records'.padEnd(52)} ${pqQuarter.seconds.toFixed(2).padStart(7)} s ${''.padStart(13)} peak RSS ${pqQuarter.rssMB.toFixed(0)} MB`);
const arWrite = timed('./bin/zlake', ['zq', '-f', 'arrows', '-o', out.arrows, typed]);
report('zlake zq ZNG -> Arrow IPC', arWrite.seconds, `peak RSS ${arWrite.rssMB.toFixed(0)} MB, ${(statSync(out.arrows).size / 1e6).toFixed(0)} MB out`);
const arRead = timed('./bin/zlake', ['zq', '-z', 'count()', out.arrows]);
report('zlake zq Arrow IPC -> count()', arRead.seconds, `peak RSS ${arRead.rssMB.toFixed(0)} MB (${arRead.stdout.trim()})`);
const pqRead = timed('./bin/zlake', ['zq', '-z', 'count()', out.parquet]);
report('zlake zq Parquet -> count()', pqRead.seconds, `peak RSS ${pqRead.rssMB.toFixed(0)} MB (${pqRead.stdout.trim()}; read whole)`);

// 2. In process: the encoders and decoders alone, on values already in memory.
const { readValues, TypeContext, setParquetWasmLoader } = await import('../dist/src/index.js');
const { ParquetEncoder, ParquetDecoder } = await import('../dist/src/formats/parquet/index.js');
const { ArrowsEncoder, ArrowsDecoder } = await import('../dist/src/formats/arrow/index.js');
setParquetWasmLoader(() => readFileSync(new URL(import.meta.resolve('parquet-wasm/esm/parquet_wasm_bg.wasm'))));
const batches = [];
let records = 0;
for await (const b of readValues(Readable.toWeb(createReadStream(typed, { highWaterMark: 1 << 20 })), new TypeContext())) {
  batches.push(b);
  records += b.length;
}
function encodeAll(enc) {
  const parts = [];
  for (const b of batches) parts.push(enc.write(b));
  parts.push(enc.end());
  return Buffer.concat(parts);
}
function time(fn) {
  const t0 = performance.now();
  const r = fn();
  return [(performance.now() - t0) / 1000, r];
}
const [pqEncSecs, pqBytes] = time(() => encodeAll(new ParquetEncoder()));
const pqEncRate = report('ParquetEncoder on values in memory', pqEncSecs, `${(pqBytes.length / 1e6).toFixed(0)} MB out`);
const [arEncSecs, arBytes] = time(() => encodeAll(new ArrowsEncoder()));
const arEncRate = report('ArrowsEncoder on values in memory', arEncSecs, `${(arBytes.length / 1e6).toFixed(0)} MB out`);
const [arDecSecs, arCount] = time(() => {
  const dec = new ArrowsDecoder(new TypeContext());
  let n = 0;
  for (let i = 0; i < arBytes.length; i += 1 << 20) n += dec.push(arBytes.subarray(i, i + (1 << 20))).length;
  return n + dec.end().length;
});
const arDecRate = report('ArrowsDecoder, 1 MiB chunks', arDecSecs, `${arCount} records`);
const [pqDecSecs, pqCount] = time(() => {
  const dec = new ParquetDecoder(new TypeContext());
  dec.push(pqBytes);
  return dec.end().length;
});
report('ParquetDecoder, whole file', pqDecSecs, `${pqCount} records`);
if (arCount !== records || pqCount !== records) throw new Error(`record counts differ: ${records} ${arCount} ${pqCount}`);
batches.length = 0;

// 3. DuckDB in the same run: from the NDJSON, and from a table already in memory.
let duckRate = null;
try {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const db = await DuckDBInstance.create(':memory:');
  const con = await db.connect();
  const t0 = performance.now();
  await con.run(`COPY (SELECT * FROM read_json('${file}')) TO '${out.duck}' (FORMAT parquet)`);
  duckRate = report('duckdb: COPY (read_json) TO parquet', (performance.now() - t0) / 1000, `${(statSync(out.duck).size / 1e6).toFixed(0)} MB out`);
  await con.run(`CREATE TABLE t AS SELECT * FROM read_json('${file}')`);
  const t1 = performance.now();
  await con.run(`COPY t TO '${out.duck}' (FORMAT parquet)`);
  report('duckdb: COPY table TO parquet (write only)', (performance.now() - t1) / 1000);
  con.closeSync();
} catch (e) {
  console.log(`duckdb unavailable: ${e.message}`);
}

console.log('\nsummary');
console.log(`Parquet write, zq end to end:     ${pqRate.toFixed(1)} MB/s (target >= 25), peak RSS ${pqWrite.rssMB.toFixed(0)} MB (${pqQuarter.rssMB.toFixed(0)} MB for a quarter of the records)`);
console.log(`Parquet write, encoder alone:     ${pqEncRate.toFixed(1)} MB/s`);
if (duckRate) console.log(`DuckDB COPY to Parquet:           ${duckRate.toFixed(1)} MB/s (zq is ${(pqRate / duckRate).toFixed(2)}x of it)`);
console.log(`Arrow IPC write / read (in mem):  ${arEncRate.toFixed(1)} / ${arDecRate.toFixed(1)} MB/s`);
console.log(`(${(size / 1e6).toFixed(0)} MB, ${records} records)`);
for (const f of Object.values(out)) if (existsSync(f)) unlinkSync(f);
