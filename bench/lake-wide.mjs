#!/usr/bin/env node
// Lake queries beyond bench/lake.mjs's eight (issue #17: vector execution
// as the normal path, not a special case): filters on numbers, lengths and
// pairs of fields, arithmetic under aggregates, dcount and union, put and
// yield before a summarize, a tail. The generated NDJSON is loaded into a
// pool keyed on ts through the library (local adapter, scan threads as
// zlake serve uses them) and into a DuckDB table, in one run; each query's
// best of RUNS is reported for both, their ratio, and the ratio to a plain
// JSON.parse loop over the file (the cost of reading the data at all).
// Usage: node bench/lake-wide.mjs [file.ndjson]   (npm run build; node bench/gen.mjs)
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { benchFile, benchLake, eachRecord, secs } from './support.mjs';

const { file } = benchFile();
const { prepareQuery, readValues, TypeContext } = await import('../dist/src/index.js');
const { DuckDBInstance } = await import('@duckdb/node-api');

const { lake, close } = await benchLake('wide');
await lake.createPool('conn', { layout: { order: 'asc', keys: [['ts']] } });
await lake.load('conn', 'main', readValues(Readable.toWeb(createReadStream(file, { highWaterMark: 1 << 20 })), new TypeContext(), { format: 'ndjson' }));
const duck = await (await DuckDBInstance.create(':memory:')).connect();
await duck.run(`create table conn as select * from read_json('${file}')`);

const [loopSecs] = await secs(() => eachRecord(file, (line) => JSON.parse(line)));

/** Best of RUNS for each side. */
const RUNS = 5;

// [zlake query after `from conn | `, DuckDB's SQL for the same answer]
const queries = [
  ['orig_bytes > 1000 | count()', 'select count(*) from conn where orig_bytes > 1000'],
  ['duration > 10 and proto=="tcp" | count()', "select count(*) from conn where duration > 10 and proto = 'tcp'"],
  ['orig_bytes > resp_bytes | count()', 'select count(*) from conn where orig_bytes > resp_bytes'],
  ['len(uid) > 17 | count()', 'select count(*) from conn where length(uid) > 17'],
  ['count() where duration > 1 by proto', 'select proto, count(*) filter (where duration > 1) from conn group by all'],
  ['sum(orig_bytes+resp_bytes)', 'select sum(orig_bytes + resp_bytes) from conn'],
  ['sum(orig_bytes*2) by proto', 'select proto, sum(orig_bytes * 2) from conn group by all'],
  ['max(orig_bytes-resp_bytes) by proto', 'select proto, max(orig_bytes - resp_bytes) from conn group by all'],
  ['avg(duration) by service', 'select service, avg(duration) from conn group by all'],
  ['max(duration) by conn_state', 'select conn_state, max(duration) from conn group by all'],
  ['max(ts)', 'select max(ts) from conn'],
  ['dcount(id.orig_h)', 'select approx_count_distinct(id.orig_h) from conn'],
  ['union(service) by proto', 'select proto, list(distinct service) from conn group by all'],
  ['count() by id.resp_p', 'select id.resp_p, count(*) from conn group by all'],
  ['count() by proto,conn_state', 'select proto, conn_state, count(*) from conn group by all'],
  ['count() by len(service)', 'select length(service), count(*) from conn group by all'],
  ['sort orig_bytes | head 5', 'select * from conn order by orig_bytes nulls last limit 5'],
  ['conn_state=="S0" | cut uid,ts | head 100', "select uid, ts from conn where conn_state = 'S0' limit 100"],
  ['yield orig_bytes | sum(this)', 'select sum(orig_bytes) from conn'],
  ['put x:=orig_bytes+1 | sum(x)', 'select sum(orig_bytes + 1) from conn'],
  ['cut ts,uid | tail 5', 'select ts, uid from conn order by ts offset (select count(*) - 5 from conn)'],
];

async function best(fn) {
  let b = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    b = Math.min(b, (performance.now() - t0) / 1000);
  }
  return b;
}

console.log(`JSON.parse loop over the file: ${loopSecs.toFixed(3)} s; best of ${RUNS} per query, values counted (not encoded) on both sides`);
console.log('query'.padEnd(44), ' zlake s', '  duck s', ' duck/zlake', ' loop/zlake');
for (const [z, sql] of queries) {
  const zs = await best(async () => {
    const q = await prepareQuery(lake, `from conn | ${z}`);
    for await (const b of q.run()) void b;
  });
  const ds = await best(() => duck.runAndReadAll(sql));
  console.log(z.padEnd(44), zs.toFixed(4).padStart(8), ds.toFixed(4).padStart(8), `${(ds / zs).toFixed(2)}x`.padStart(11), `${(loopSecs / zs).toFixed(1)}x`.padStart(11));
}

await close();
process.exit(0);
