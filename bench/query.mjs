#!/usr/bin/env node
// Query speed (issue #3): six queries through `zlake zq` over the generated
// NDJSON, next to a hand-written JSON.parse loop computing the same answers,
// DuckDB (read_json) and jq (when installed; BENCH_JQ_SECONDS caps each, 60)
// on the same file, in the same run. Reports MB/s,
// ratios and zlake's peak RSS per query.
// Usage: node bench/query.mjs [file.ndjson]   (generate it with bench/gen.mjs)
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { benchFile, eachRecord as eachLine } from './support.mjs';

const { file, mb } = benchFile();
const eachRecord = (fn) => eachLine(file, fn);

const queries = [
  {
    name: 'count()',
    zed: 'count()',
    duck: `select count(*) from read_json('${file}')`,
    jq: ['-n', 'reduce inputs as $x (0; .+1)'],
    loop: async () => { let n = 0; await eachRecord((l) => { JSON.parse(l); n++; }); return n; },
  },
  {
    name: 'where id.resp_p==443 | count()',
    zed: 'where id.resp_p==443 | count()',
    duck: `select count(*) from read_json('${file}') where id.resp_p = 443`,
    jq: ['-n', 'reduce inputs as $x (0; if $x.id.resp_p == 443 then .+1 else . end)'],
    loop: async () => { let n = 0; await eachRecord((l) => { if (JSON.parse(l).id.resp_p === 443) n++; }); return n; },
  },
  {
    name: 'count() by proto,service',
    zed: 'count() by proto,service',
    duck: `select proto, service, count(*) from read_json('${file}') group by all`,
    jq: ['-n', 'reduce inputs as $r ({}; .[($r.proto|tostring) + "," + ($r.service|tostring)] += 1) | length'],
    loop: async () => { const m = new Map(); await eachRecord((l) => { const r = JSON.parse(l); const k = `${r.proto}\u0000${r.service}`; m.set(k, (m.get(k) ?? 0) + 1); }); return m.size; },
  },
  {
    name: 'sum(orig_bytes) by id.orig_h',
    zed: 'sum(orig_bytes) by id.orig_h',
    duck: `select id.orig_h, sum(orig_bytes) from read_json('${file}') group by all`,
    jq: ['-n', 'reduce inputs as $r ({}; .[$r.id.orig_h] += ($r.orig_bytes // 0)) | length'],
    loop: async () => { const m = new Map(); await eachRecord((l) => { const r = JSON.parse(l); m.set(r.id.orig_h, (m.get(r.id.orig_h) ?? 0) + r.orig_bytes); }); return m.size; },
  },
  {
    name: 'sort -r duration | head 10',
    zed: 'sort -r duration | head 10',
    duck: `select * from read_json('${file}') order by duration desc nulls last limit 10`,
    jq: ['-c', '-n', '[inputs] | sort_by(.duration) | reverse | .[0:10] | .[]'],
    loop: async () => { const top = []; await eachRecord((l) => { const r = JSON.parse(l); if (r.duration === null) return; top.push(r); if (top.length > 1000) { top.sort((a, b) => b.duration - a.duration); top.length = 10; } }); top.sort((a, b) => b.duration - a.duration); return top.length >= 10 ? 10 : top.length; },
  },
  {
    name: 'search RSTOS0 (~1%)',
    zed: 'RSTOS0',
    duck: `select * from read_json('${file}') where conn_state = 'RSTOS0'`,
    jq: ['-c', 'select(tostring | contains("RSTOS0"))'],
    loop: async () => { let n = 0; await eachRecord((l) => { const r = JSON.parse(l); for (const v of Object.values(r)) if (typeof v === 'string' && v.includes('RSTOS0')) { n++; break; } }); return n; },
  },
];

function zq(q) {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%M', './bin/zlake', 'zq', '-z', q, file], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const secs = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`zq ${q}: ${r.stderr}`);
  const rssKiB = Number(r.stderr.trim().split('\n').pop());
  return { secs, rssMiB: rssKiB / 1024, lines: r.stdout.split('\n').filter(Boolean).length };
}

/** jq on the same file, if installed; null when absent, Infinity past JQ_LIMIT seconds. */
const JQ_LIMIT = Number(process.env.BENCH_JQ_SECONDS ?? 60);
function jq(args) {
  const t0 = performance.now();
  const r = spawnSync('jq', [...args, file], { encoding: 'utf8', maxBuffer: 1 << 28, timeout: JQ_LIMIT * 1000 });
  if (r.error?.code === 'ENOENT') return null;
  if (r.signal !== null) return Infinity;
  if (r.status !== 0) throw new Error(`jq ${args.join(' ')}: ${r.stderr}`);
  return (performance.now() - t0) / 1000;
}

let duck = null;
try {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  duck = await (await DuckDBInstance.create(':memory:')).connect();
} catch (e) {
  console.log(`duckdb unavailable: ${e.message}`);
}

console.log(`${mb.toFixed(0)} MB of NDJSON\n`);
console.log('query'.padEnd(34), 'zlake MB/s', ' loop MB/s', ' duck MB/s', '   jq MB/s', ' zlake/loop', ' zlake/duck', ' zlake/jq', ' peak RSS');
for (const q of queries) {
  const z = zq(q.zed);
  const t0 = performance.now();
  await q.loop();
  const loopSecs = (performance.now() - t0) / 1000;
  let duckSecs = null;
  if (duck) {
    const t1 = performance.now();
    await duck.runAndReadAll(q.duck);
    duckSecs = (performance.now() - t1) / 1000;
  }
  const jqSecs = jq(q.jq);
  const jr = jqSecs === null ? null : mb / jqSecs;
  const zr = mb / z.secs;
  const lr = mb / loopSecs;
  const dr = duckSecs === null ? null : mb / duckSecs;
  console.log(
    q.name.padEnd(34),
    zr.toFixed(1).padStart(10),
    lr.toFixed(1).padStart(10),
    (dr === null ? '-' : dr.toFixed(1)).padStart(10),
    (jr === null ? '-' : jr === 0 ? `<${(mb / JQ_LIMIT).toFixed(1)}` : jr.toFixed(1)).padStart(10),
    `${(zr / lr).toFixed(2)}x`.padStart(11),
    (dr === null ? '-' : `${(zr / dr).toFixed(3)}x`).padStart(11),
    (jr === null ? '-' : jr === 0 ? `>${(zr / (mb / JQ_LIMIT)).toFixed(0)}x` : `${(zr / jr).toFixed(1)}x`).padStart(9),
    `${z.rssMiB.toFixed(0)} MiB`.padStart(9),
  );
}
