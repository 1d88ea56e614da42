#!/usr/bin/env node
// S3 lake speed (issue #15): the generated NDJSON loaded into a folder lake
// and into an S3 lake (s3rver in a child process on loopback, metadata in a
// libSQL file), both opened as `zlake serve` opens them (openLake: read
// caches on, the server's load memory bound); DuckDB loads the same file and
// a plain JSON.parse loop reads it, in the same run. Then queries over both
// lakes (first run, and best of three after it), DuckDB's table and the
// JSON.parse loop, with the S3 lake's blob cache hit rate over the repeated
// runs. Targets: S3 load >= 0.5x the folder's; S3 queries after the first run
// within 1.5x of the folder's. Prints the machine's load average.
// Usage: node bench/s3.mjs [file.ndjson]   (npm run build; node bench/gen.mjs)
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { benchFile, eachRecord as eachLine, secs } from './support.mjs';

const { file, mb } = benchFile();
const { openLake } = await import('../dist/adapters/node/open-lake.js');
const { SERVER_LOAD_MEMORY_LIMIT } = await import('../dist/adapters/node/serve.js');
const { encodeBatches, formatByName, prepareQuery, readValues, TypeContext } = await import('../dist/src/index.js');

const eachRecord = (fn) => eachLine(file, fn);

/** s3rver in a process of its own (as an S3 service would be), storing under `dir`. */
async function startS3rver(dir) {
  const script = `import S3rver from 's3rver';
    const s = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.argv[1], configureBuckets: [{ name: 'bench', configs: [] }] });
    const a = await s.run();
    console.log(a.port);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((ok, fail) => {
    child.stdout.setEncoding('utf8').once('data', (d) => ok(Number(d.trim())));
    child.once('exit', (code) => fail(new Error(`s3rver exited ${code}`)));
  });
  return { child, endpoint: `http://127.0.0.1:${port}` };
}

const dir = mkdtempSync(join(tmpdir(), 'zlake-bench-s3-'));
const s3 = await startS3rver(join(dir, 's3rver'));
const env = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1', AWS_ENDPOINT_URL: s3.endpoint };
const results = { mb: +mb.toFixed(0), load_average_start: +loadavg()[0].toFixed(1) };
const lakes = {};
try {
  const fileValues = () => readValues(Readable.toWeb(createReadStream(file, { highWaterMark: 1 << 20 })), new TypeContext(), { format: 'ndjson' });
  lakes.folder = await openLake({ lake: join(dir, 'folder'), cache: true, loadMemoryLimit: SERVER_LOAD_MEMORY_LIMIT });
  lakes.s3 = await openLake({
    lake: 's3://bench/lake',
    meta: pathToFileURL(join(dir, 's3-meta.db')).href,
    cache: true,
    relay: false,
    loadMemoryLimit: SERVER_LOAD_MEMORY_LIMIT,
    env,
  });

  // --- load ---
  const load = {};
  for (const name of ['folder', 's3']) {
    const { lake } = lakes[name];
    await lake.createPool('conn', { layout: { order: 'asc', keys: [['ts']] } });
    const [s, r] = await secs(() => lake.load('conn', 'main', fileValues()));
    load[name] = { seconds: s, objects: r.objects.length, stored: r.objects.reduce((n, o) => n + o.size, 0) };
  }
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  const [duckSecs] = await secs(() => duck.run(`create table conn as select * from read_json('${file}')`));
  const [parseSecs, parsed] = await secs(async () => {
    let n = 0;
    await eachRecord((l) => {
      JSON.parse(l);
      n++;
    });
    return n;
  });
  results.load = {
    records: parsed,
    folder_mb_s: +(mb / load.folder.seconds).toFixed(1),
    s3_mb_s: +(mb / load.s3.seconds).toFixed(1),
    s3_vs_folder: +(load.folder.seconds / load.s3.seconds).toFixed(2),
    duckdb_mb_s: +(mb / duckSecs).toFixed(1),
    json_parse_mb_s: +(mb / parseSecs).toFixed(1),
    s3_vs_duckdb: +(duckSecs / load.s3.seconds).toFixed(2),
    s3_vs_json_parse: +(parseSecs / load.s3.seconds).toFixed(2),
    objects: load.s3.objects,
    stored_mb: +(load.s3.stored / 1e6).toFixed(1),
  };
  console.log(`${mb.toFixed(0)} MB of NDJSON (${parsed} records), ${load.s3.objects} data objects, ${(load.s3.stored / 1e6).toFixed(1)} MB stored`);
  console.log(
    `load: folder ${results.load.folder_mb_s} MB/s (${load.folder.seconds.toFixed(1)} s), S3 ${results.load.s3_mb_s} MB/s (${load.s3.seconds.toFixed(1)} s): ` +
      `S3/folder ${results.load.s3_vs_folder}x (target >= 0.5x); duckdb ${results.load.duckdb_mb_s} MB/s, JSON.parse loop ${results.load.json_parse_mb_s} MB/s`,
  );

  // --- queries ---
  const objects = await lakes.folder.lake.objects('conn', 'main');
  const lo = Date.parse(objects[0].min.asString());
  const hi = Date.parse(objects[objects.length - 1].max.asString());
  const mid = new Date(Math.floor((lo + hi) / 2)).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
  const queries = [
    { name: 'count()', zed: 'count()', duck: 'select count(*) from conn', loop: (n = 0) => eachRecord(() => n++).then(() => n) },
    {
      name: 'count() by proto,service',
      zed: 'count() by proto,service',
      duck: 'select proto, service, count(*) from conn group by all',
      loop: async () => {
        const m = new Map();
        await eachRecord((l) => {
          const r = JSON.parse(l);
          const k = `${r.proto}\u0000${r.service}`;
          m.set(k, (m.get(k) ?? 0) + 1);
        });
        return m.size;
      },
    },
    {
      name: 'sum(orig_bytes) by id.orig_h',
      zed: 'sum(orig_bytes) by id.orig_h',
      duck: 'select id.orig_h, sum(orig_bytes) from conn group by all',
      loop: async () => {
        const m = new Map();
        await eachRecord((l) => {
          const r = JSON.parse(l);
          m.set(r.id.orig_h, (m.get(r.id.orig_h) ?? 0) + r.orig_bytes);
        });
        return m.size;
      },
    },
    {
      name: 'sum(orig_bytes)',
      zed: 'sum(orig_bytes)',
      duck: 'select sum(orig_bytes) from conn',
      loop: async (n = 0) => eachRecord((l) => (n += JSON.parse(l).orig_bytes ?? 0)).then(() => n),
    },
    {
      name: 'ts >= mid | sum(orig_bytes)',
      zed: `ts >= "${mid}" | sum(orig_bytes)`,
      duck: `select sum(orig_bytes) from conn where ts >= '${mid}'`,
      loop: async (n = 0) =>
        eachRecord((l) => {
          const r = JSON.parse(l);
          if (r.ts >= mid) n += r.orig_bytes ?? 0;
        }).then(() => n),
    },
    { name: 'search RSTOS0', zed: 'RSTOS0 | count()', duck: "select count(*) from conn where conn_state = 'RSTOS0'", loop: async (n = 0) => eachRecord((l) => l.includes('RSTOS0') && n++).then(() => n) },
  ];

  async function run(lake, text) {
    const q = await prepareQuery(lake, `from conn | ${text}`);
    const enc = formatByName('zson').encoder({ pretty: 0 });
    let out = '';
    const dec = new TextDecoder();
    for await (const c of encodeBatches(q.run(), enc)) out += typeof c === 'string' ? c : dec.decode(c);
    return out;
  }

  console.log(`\n${'query'.padEnd(30)} folder 1st  best   S3 1st   best  S3/folder   duck  JSON.parse  S3/duck  S3/parse`);
  results.queries = [];
  // The S3 lake's reads pass the memory cache (small objects), then the disk cache (whole objects).
  const cache = lakes.s3.blobCache.stats;
  const disk = lakes.s3.diskCache.stats;
  let repeatHits = 0;
  let repeatMisses = 0;
  let repeatDiskHits = 0;
  let repeatDiskMisses = 0;
  for (const q of queries) {
    const row = { name: q.name };
    const outs = {};
    for (const name of ['folder', 's3']) {
      const times = [];
      for (let k = 0; k < 4; k++) {
        const [h0, m0, dh0, dm0] = [cache.hits, cache.misses, disk.hits, disk.misses];
        const [s, out] = await secs(() => run(lakes[name].lake, q.zed));
        times.push(s);
        outs[name] = out;
        if (name === 's3' && k > 0) {
          repeatHits += cache.hits - h0;
          repeatMisses += cache.misses - m0;
          repeatDiskHits += disk.hits - dh0;
          repeatDiskMisses += disk.misses - dm0;
        }
      }
      row[`${name}_first`] = +times[0].toFixed(3);
      row[`${name}_best`] = +Math.min(...times.slice(1)).toFixed(3);
    }
    if (outs.folder !== outs.s3) throw new Error(`${q.name}: folder ${outs.folder.slice(0, 200)} but S3 ${outs.s3.slice(0, 200)}`);
    const [ds] = await secs(() => duck.runAndReadAll(q.duck));
    const [ls] = await secs(() => q.loop());
    // (A count answered from metadata takes no measurable time on either.)
    row.s3_vs_folder = row.folder_best > 0 ? +(row.s3_best / row.folder_best).toFixed(2) : null;
    row.duckdb = +ds.toFixed(3);
    row.json_parse = +ls.toFixed(3);
    results.queries.push(row);
    console.log(
      q.name.padEnd(30),
      row.folder_first.toFixed(3).padStart(9),
      row.folder_best.toFixed(3).padStart(6),
      row.s3_first.toFixed(3).padStart(8),
      row.s3_best.toFixed(3).padStart(6),
      (row.s3_vs_folder === null ? '-' : `${row.s3_vs_folder}x`).padStart(10),
      ds.toFixed(3).padStart(6),
      ls.toFixed(3).padStart(11),
      (ds > 0 ? `${(row.s3_best / ds).toFixed(1)}x` : '-').padStart(8),
      `${(row.s3_best / ls).toFixed(2)}x`.padStart(9),
    );
  }
  const rate = (h, m) => +(h / Math.max(1, h + m)).toFixed(3);
  results.s3_blob_cache = {
    memory_repeat_hit_rate: rate(repeatHits, repeatMisses),
    disk_repeat_hit_rate: rate(repeatDiskHits, repeatDiskMisses),
    memory: { ...cache },
    disk: { ...disk },
  };
  results.load_average_end = +loadavg()[0].toFixed(1);
  console.log(
    `\nS3 blob caches over the repeated runs: memory (objects up to 4 MiB) ${(results.s3_blob_cache.memory_repeat_hit_rate * 100).toFixed(1)}% hits, ` +
      `disk (whole objects, behind it) ${(results.s3_blob_cache.disk_repeat_hit_rate * 100).toFixed(1)}% hits ` +
      `(in all: memory ${cache.hits}/${cache.hits + cache.misses}, disk ${disk.hits}/${disk.hits + disk.misses}); ` +
      `load average ${results.load_average_start} at start, ${results.load_average_end} at end`,
  );
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  for (const l of Object.values(lakes)) await l.close();
  s3.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify(results));
