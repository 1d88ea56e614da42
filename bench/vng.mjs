#!/usr/bin/env node
// VNG read speed (issue #6): reading two columns of the 1M-record data from
// VNG, through ranged reads of just their segments, against reading whole
// records from ZNG; with a plain JSON.parse loop picking the same two fields
// out of the NDJSON and DuckDB reading the same two columns of a Parquet file
// it wrote, in the same run.
// Usage: node bench/vng.mjs [file.ndjson]   (generate it with bench/gen.mjs)
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, statSync, unlinkSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const file = process.argv[2] ?? 'bench/data/conn.ndjson';
if (!existsSync(file)) {
  console.error(`no ${file}: run "node bench/gen.mjs" first`);
  process.exit(1);
}
const base = file.replace(/\.ndjson$/, '');
const zng = `${base}.zng`;
const vng = `${base}.vng`;
const columns = ['proto', 'service'];

function row(name, t, extra = '') {
  const cpu = t.cpu === undefined ? '' : `(cpu ${t.cpu.toFixed(3)} s)`;
  console.log(`${name.padEnd(52)} ${t.secs.toFixed(3).padStart(8)} s ${cpu.padEnd(17)} ${extra}`);
}

function cpuNow() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

async function time(fn) {
  const c0 = cpuNow();
  const t0 = performance.now();
  const r = await fn();
  return { secs: (performance.now() - t0) / 1000, cpu: cpuNow() - c0, r };
}

// The in-process reads run once to warm up, then the best of a few runs
// counts (wall and CPU time each), so one GC pause or a busy machine does
// not decide. CPU time is this process's, GC threads included.
async function best(n, fn) {
  await fn();
  let out = null;
  for (let i = 0; i < n; i++) {
    const t = await time(fn);
    if (out === null) out = t;
    else out = { secs: Math.min(out.secs, t.secs), cpu: Math.min(out.cpu, t.cpu), r: t.r };
  }
  return out;
}

// 1. Conversions, through the CLI (not the point here, but shown).
const toZng = await time(() => execFileSync('sh', ['-c', `./bin/zlake zq -f zng ${file} > ${zng}`]));
row('zlake zq -f zng (NDJSON -> ZNG)', { secs: toZng.secs }, `${(statSync(zng).size / 1e6).toFixed(1)} MB`);
const toVng = await time(() => execFileSync('sh', ['-c', `./bin/zlake zq -f vng -o ${vng} ${zng}`]));
row('zlake zq -f vng (ZNG -> VNG)', { secs: toVng.secs }, `${(statSync(vng).size / 1e6).toFixed(1)} MB`);

const { readValues, TypeContext } = await import('../dist/src/index.js');
const { openVng } = await import('../dist/src/formats/vng/index.js');

// A VngSource over a file: positioned reads, counted.
async function fileSource(path) {
  const fh = await open(path, 'r');
  const stats = { reads: 0, bytes: 0 };
  return {
    stats,
    close: () => fh.close(),
    async readAt(offset, length) {
      const buf = new Uint8Array(length);
      let got = 0;
      while (got < length) {
        const { bytesRead } = await fh.read(buf, got, length - got, offset + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      stats.reads++;
      stats.bytes += got;
      return got === length ? buf : buf.subarray(0, got);
    },
  };
}

// 2. ZNG: every value, whole records.
async function readZng() {
  let n = 0;
  const stream = Readable.toWeb(createReadStream(zng, { highWaterMark: 1 << 20 }));
  for await (const batch of readValues(stream, new TypeContext())) n += batch.length;
  return n;
}
const zngRead = await best(3, readZng);
row('read ZNG, whole records', zngRead, `${zngRead.r} values`);

// 3. VNG: two columns, only their segments fetched.
async function readVngColumns() {
  const src = await fileSource(vng);
  try {
    const obj = await openVng(src);
    let n = 0;
    let nonNull = 0;
    for await (const batch of obj.project(columns, { ctx: new TypeContext(), batchSize: 8192 })) {
      n += batch.length;
      for (const v of batch) if (v.bytes !== null) nonNull++;
    }
    if (nonNull !== n) throw new Error('null projected record');
    return { n, ...src.stats };
  } finally {
    await src.close();
  }
}
const vngCols = await best(5, readVngColumns);
row(`read VNG, columns ${columns.join(',')}`, vngCols, `${vngCols.r.n} values, ${vngCols.r.reads} reads, ${(vngCols.r.bytes / 1e6).toFixed(2)} MB read`);

// 3b. VNG whole records, for reference.
async function readVngAll() {
  const src = await fileSource(vng);
  try {
    const obj = await openVng(src);
    let n = 0;
    for await (const batch of obj.scan({ ctx: new TypeContext(), batchSize: 8192 })) n += batch.length;
    return n;
  } finally {
    await src.close();
  }
}
const vngAll = await best(1, readVngAll);
row('read VNG, whole records', vngAll, `${vngAll.r} values`);
if (vngAll.r !== zngRead.r || vngCols.r.n !== zngRead.r) throw new Error('value counts differ');

// 4. The plain loop: JSON.parse every line, keep the two fields.
const loop = await time(async () => {
  const dec = new TextDecoder();
  let rest = '';
  let n = 0;
  const seen = new Map();
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const text = rest + dec.decode(chunk, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop();
    for (const line of lines) {
      if (!line) continue;
      const o = JSON.parse(line);
      const key = `${o.proto}/${o.service}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      n++;
    }
  }
  return n;
});
row('plain loop: JSON.parse, pick proto,service', loop, `${loop.r} values`);

// 5. DuckDB: the same two columns from a Parquet file it wrote.
let duck = null;
try {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const db = await DuckDBInstance.create(':memory:');
  const con = await db.connect();
  const parquet = join(tmpdir(), `zlake-vng-bench-${process.pid}.parquet`);
  await con.run(`copy (select * from read_json('${file}')) to '${parquet}' (format parquet)`);
  duck = await best(3, async () => {
    const r = await con.runAndReadAll(`select proto, service from read_parquet('${parquet}')`);
    return r.getRows().length;
  });
  row('duckdb: select proto,service from parquet (rows out)', duck, `${duck.r} rows`);
  unlinkSync(parquet);
} catch (e) {
  console.log(`duckdb unavailable: ${e.message}`);
}

const ratio = (a, b) => `${(a.secs / b.secs).toFixed(1)}x wall, ${(a.cpu / b.cpu).toFixed(1)}x cpu`;
console.log('\nratios');
console.log(`read ZNG whole / read VNG 2 columns:   ${ratio(zngRead, vngCols)} (target >= 5x)`);
console.log(`read ZNG whole / read VNG whole:       ${ratio(zngRead, vngAll)}`);
console.log(`plain loop / read VNG 2 columns:       ${ratio(loop, vngCols)}`);
if (duck) console.log(`duckdb parquet / read VNG 2 columns:   ${ratio(duck, vngCols)}`);
console.log(`(${zngRead.r} records)`);
