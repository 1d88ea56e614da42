#!/usr/bin/env node
// How well one query is kept from holding the server (issue #12), for the
// two ways zlake serve can run queries, in the same run on the same data:
//  - workers: each query in a worker thread of a pool (the default);
//  - in-process: on the main thread, yielding to the event loop every
//    10 ms of work between batches (-query.workers 0; how Workers runs).
// For each: /status, /version and a small query's latency (p50, p99)
// while four heavy queries run (two self-joins, a sort, a 128k-group
// summarize); CPU the server spends after a client abandons a heavy query;
// and the rate of small queries from 64 clients with nothing else running,
// next to DuckDB answering the same small query in-process and a plain
// JSON.parse loop over the same records (the guide's baselines).
// The server runs on Node (zlake serve), Deno (deno task serve) or Bun (bun
// run serve:bun), each with its queries in worker threads through that
// runtime's node:worker_threads.
// Usage: npm run build; node bench/isolation.mjs [--runtime node|deno|bun] [--workers-only]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { FLAG_RUNTIMES, ROOT, serveCommand } from '../test/support/runtime-commands.mjs';

const { values: opts } = parseArgs({ options: { runtime: { type: 'string', default: 'node' }, 'workers-only': { type: 'boolean', default: false } } });
if (!FLAG_RUNTIMES.includes(opts.runtime)) throw new Error(`--runtime: want one of ${FLAG_RUNTIMES.join(', ')}`);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = 64;
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function serve(flags) {
  const dir = mkdtempSync(join(tmpdir(), 'zlake-bench-iso-'));
  const { cmd, args } = serveCommand(opts.runtime, ['-l', '127.0.0.1:0', '-lake', join(dir, 'lake'), ...flags]);
  // Its own process group: deno task runs the server as a child.
  const p = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const url = await new Promise((ok, fail) => {
    let out = '';
    p.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) ok(m[1]);
    });
    p.once('exit', () => fail(new Error(out)));
  });
  // The server's process: under deno task, the child that printed the URL.
  const server = serverPid(p.pid);
  const cpu = () => {
    const f = readFileSync(`/proc/${server}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  };
  return {
    url,
    cpu,
    async stop() {
      process.kill(-p.pid, 'SIGKILL');
      await new Promise((ok) => p.once('exit', ok));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The deepest descendant of `pid` (the server under a task runner), or `pid`. */
function serverPid(pid) {
  for (;;) {
    let kids = '';
    try {
      kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    } catch {
      return pid;
    }
    if (kids === '') return pid;
    pid = Number(kids.split(' ')[0]);
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function post(url, path, body, signal) {
  return new Promise((ok, fail) => {
    const u = new URL(path, url);
    const req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: 'POST', agent, signal, headers: { 'Content-Type': 'application/json' } }, (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () => ok({ status: res.statusCode, body: Buffer.concat(parts).toString() }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
}

function get(url, path) {
  return new Promise((ok, fail) => {
    const u = new URL(path, url);
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, agent }, (res) => {
      res.resume();
      res.on('end', () => ok(res.statusCode));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

function rows(n, f) {
  let s = '';
  for (let i = 0; i < n; i++) s += `${JSON.stringify(f(i))}\n`;
  return s;
}

async function setup(url) {
  const pools = {
    j: rows(2000, (i) => ({ ts: i, k: i % 3, s: `value ${i}` })),
    g: rows(150_000, (i) => ({ ts: i, k: i % 7, s: `s${(i * 7919) % 150_000}` })),
    small: rows(10, (i) => ({ ts: i })),
  };
  for (const [name, body] of Object.entries(pools)) {
    await post(url, '/pool', { name, layout: { order: 'asc', keys: [['ts']] } });
    const r = await post(url, `/pool/${name}/branch/main`, body);
    if (r.status !== 200) throw new Error(r.body);
  }
  for (let i = 0; i < 3; i++) await post(url, '/query', { query: 'from small | count()' });
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function underLoad(url) {
  const heavy = ['from j | join (from j) on k=k x:=s | count()', 'from j | join (from j) on k=k y:=ts | count()', 'from g | sort -r s | head 1', 'from g | count() by ts | count()'];
  let running = heavy.length;
  const done = heavy.map((q) => post(url, '/query', { query: q }).finally(() => running--));
  await sleep(500);
  const status = [];
  const version = [];
  const small = [];
  while (running > 0 && status.length < 200) {
    let t = performance.now();
    await get(url, '/status');
    status.push(performance.now() - t);
    t = performance.now();
    await get(url, '/version');
    version.push(performance.now() - t);
    t = performance.now();
    await post(url, '/query', { query: 'from small | count()' });
    small.push(performance.now() - t);
    await sleep(20);
  }
  await Promise.all(done);
  return { status, version, small };
}

async function afterAbort(srv) {
  const ac = new AbortController();
  const q = post(srv.url, '/query', { query: 'from j | join (from j) on k=k x:=s | join (from j) on k=k y:=s | count()' }, ac.signal).catch(() => {});
  await sleep(1500);
  ac.abort();
  await q;
  const t0 = srv.cpu();
  await sleep(100);
  const t1 = srv.cpu();
  await sleep(1000);
  const t2 = srv.cpu();
  return { first100ms: t1 - t0, nextSecond: t2 - t1 };
}

async function rate(url) {
  let n = 0;
  const lat = [];
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await post(url, '/query', { query: 'from small | count()' });
        lat.push(performance.now() - t);
        n++;
      }
    }),
  );
  return { qps: n / SECONDS, p50: pct(lat, 50), p99: pct(lat, 99) };
}

async function baselines() {
  const recs = Array.from({ length: 10 }, (_, i) => JSON.stringify({ ts: i }));
  const db = await DuckDBInstance.create(':memory:');
  const con = await db.connect();
  await con.run('CREATE TABLE small AS SELECT range AS ts FROM range(10)');
  let n = 0;
  let end = performance.now() + 2000;
  while (performance.now() < end) {
    await con.runAndReadAll('SELECT count(*) FROM small');
    n++;
  }
  const duck = n / 2;
  n = 0;
  end = performance.now() + 2000;
  while (performance.now() < end) {
    let c = 0;
    for (const r of recs) if (JSON.parse(r).ts !== undefined) c++;
    if (c !== 10) throw new Error('bad count');
    n++;
  }
  return { duckQps: duck, jsonParseQps: n / 2 };
}

const ms = (x) => `${x.toFixed(1)} ms`;
console.log(`bench/isolation on ${opts.runtime}: load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const base = await baselines();
const modes = [
  ['workers', []],
  ['in-process', ['-query.workers', '0']],
];
for (const [name, flags] of opts['workers-only'] ? modes.slice(0, 1) : modes) {
  const srv = await serve(flags);
  try {
    await setup(srv.url);
    const l = await underLoad(srv.url);
    const a = await afterAbort(srv);
    const r = await rate(srv.url);
    console.log(`\n${name}:`);
    console.log(`  under four heavy queries (${l.status.length} samples): /status p50 ${ms(pct(l.status, 50))} p99 ${ms(pct(l.status, 99))}; /version p99 ${ms(pct(l.version, 99))}; small query p50 ${ms(pct(l.small, 50))} p99 ${ms(pct(l.small, 99))}`);
    console.log(`  after a client left: CPU ${(a.first100ms * 1000).toFixed(0)} ms in the first 100 ms, ${(a.nextSecond * 1000).toFixed(0)} ms in the next second`);
    console.log(`  ${CLIENTS} clients, small query: ${r.qps.toFixed(0)} q/s (p50 ${ms(r.p50)}, p99 ${ms(r.p99)}); DuckDB in-process ${base.duckQps.toFixed(0)} q/s (zlake/DuckDB ${(r.qps / base.duckQps).toFixed(2)}x); JSON.parse loop ${base.jsonParseQps.toFixed(0)} q/s`);
  } finally {
    await srv.stop();
  }
}
agent.destroy();
