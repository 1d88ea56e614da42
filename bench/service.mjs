#!/usr/bin/env node
// Service speed (issue #5), on loopback against `zlake serve` in its own
// process (the built binary, a local lake in a temp folder):
//  1. a 250 MB NDJSON load over HTTP, MB/s, next to the same bytes loaded
//     through the library in this process (target: HTTP >= 0.9x library),
//     into a DuckDB table, and through a plain JSON.parse loop;
//  2. 64 concurrent clients each running a small query in a loop: requests/s,
//     p50 and p99 latency (target: >= 1000 queries/s);
//     and the same with API tokens on (issue #13: `zlake serve -auth.tokens`,
//     every request a bearer of a token scoped to the pool), rounds of the
//     two alternating on two servers so both see the same machine load
//     (target: tokens on >= 0.9x off);
//  3. the server's peak RSS (VmHWM) while it takes a 1 GiB NDJSON load
//     (target: < 300 MiB).
// Usage: npm run build; node bench/gen.mjs; node bench/service.mjs [file.ndjson]
// Options via env: BENCH_LOAD_MB (250), BENCH_BIG_MB (1024), BENCH_SECONDS (10), BENCH_WARM_SECONDS (5), BENCH_CLIENTS (64),
// BENCH_PHASES (load,queries,big: which to run), BENCH_AUTH_ROUNDS (2: rounds of each mode in phase 2).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, createReadStream, createWriteStream, existsSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eachRecord } from './support.mjs';
import { performance } from 'node:perf_hooks';

const file = process.argv[2] ?? 'bench/data/conn.ndjson';
const PHASES = new Set((process.env.BENCH_PHASES ?? 'load,queries,big').split(','));
const AUTH_ROUNDS = Number(process.env.BENCH_AUTH_ROUNDS ?? 2);
if ((PHASES.has('load') || PHASES.has('big')) && !existsSync(file)) {
  console.error(`no ${file}: run "node bench/gen.mjs" first`);
  process.exit(1);
}
const LOAD_MB = Number(process.env.BENCH_LOAD_MB ?? 250);
const BIG_MB = Number(process.env.BENCH_BIG_MB ?? 1024);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Seconds all clients run before a round is measured. The server starts a
 * query worker thread as concurrency needs one (up to eight on two cores),
 * and a new worker spends about 0.4 s of CPU on its first few hundred
 * queries (V8 compiling and optimizing its code, its caches filling): the
 * round measures the server once the load it takes has warmed it.
 */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const BIN = resolve(import.meta.dirname, '../bin/zlake');

/** Bytes of `file` up to the last newline at or before `limit`. */
function linePrefix(limit) {
  const size = statSync(file).size;
  if (limit >= size) return size;
  const fd = openSync(file, 'r');
  const buf = Buffer.alloc(1 << 16);
  let end = limit;
  for (;;) {
    const n = readSync(fd, buf, 0, buf.length, Math.max(0, end - buf.length));
    const i = buf.subarray(0, n).lastIndexOf(0x0a);
    if (i >= 0) {
      end = Math.max(0, end - n) + i + 1;
      break;
    }
    end -= n;
  }
  closeSync(fd);
  return end;
}

/** The first `bytes` of the file as a Web stream. */
function fileStream(bytes) {
  return Readable.toWeb(createReadStream(file, { start: 0, end: bytes - 1, highWaterMark: 1 << 20 }));
}

/** `total` bytes of NDJSON made by repeating the file (line-aligned), streamed. */
function* repeated(total) {
  const whole = readFileSync(file);
  const end = whole.lastIndexOf(0x0a) + 1;
  let left = total;
  while (left > 0) {
    for (let off = 0; off < end && left > 0; off += 1 << 20) {
      let chunk = whole.subarray(off, Math.min(off + (1 << 20), end));
      if (chunk.length > left) {
        const cut = chunk.subarray(0, left).lastIndexOf(0x0a) + 1;
        chunk = chunk.subarray(0, cut);
        left = 0;
        if (chunk.length === 0) return;
      } else left -= chunk.length;
      yield chunk;
    }
  }
}

const running = new Set();
process.on('exit', () => {
  for (const p of running) p.kill('SIGKILL');
});

async function startServer(dir, flags = []) {
  const p = spawn(process.execPath, [BIN, 'serve', '-l', '127.0.0.1:0', '-lake', join(dir, 'lake'), '-log.level', 'error', ...flags], { stdio: ['ignore', 'pipe', 'inherit'] });
  running.add(p);
  p.on('exit', () => running.delete(p));
  const url = await new Promise((ok, fail) => {
    let out = '';
    p.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) ok(m[1]);
    });
    p.on('exit', () => fail(new Error(`server exited: ${out}`)));
  });
  return {
    url,
    pid: p.pid,
    /** CPU seconds the server has used (Linux /proc: utime + stime, in clock ticks of 1/100 s). */
    cpu() {
      const f = readFileSync(`/proc/${p.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) / 100;
    },
    /** Peak and current resident set of the server, in MiB (Linux /proc). */
    rss() {
      const st = readFileSync(`/proc/${p.pid}/status`, 'utf8');
      const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(st)?.[1] ?? NaN);
      return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
    },
    stop: () => new Promise((ok) => {
      p.on('exit', ok);
      p.kill('SIGTERM');
    }),
  };
}

const secs = async (fn) => {
  const t0 = performance.now();
  const r = await fn();
  return [(performance.now() - t0) / 1000, r];
};

async function createPool(url, name, thresh, auth = {}) {
  const r = await fetch(`${url}/pool`, {
    method: 'POST',
    body: JSON.stringify({ name, layout: { order: 'asc', keys: [['ts']] }, ...(thresh ? { thresh } : {}) }),
    headers: { 'Content-Type': 'application/json', ...auth },
  });
  if (r.status !== 200) throw new Error(`create ${name}: ${await r.text()}`);
}

/**
 * POSTs the first `bytes` bytes of the file as a load, the way curl
 * --data-binary does: node:http with a Content-Length, the file piped in.
 */
function httpFileLoad(url, pool, bytes) {
  const u = new URL(url);
  return new Promise((ok, fail) => {
    const req = request(
      { host: u.hostname, port: u.port, path: `/pool/${pool}/branch/main`, method: 'POST', headers: { Accept: 'application/json', 'Content-Length': bytes } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => (res.statusCode === 200 ? ok(JSON.parse(text)) : fail(new Error(`load: ${res.statusCode} ${text}`))));
      },
    );
    req.on('error', fail);
    createReadStream(file, { start: 0, end: bytes - 1, highWaterMark: 1 << 20 }).pipe(req);
  });
}

async function httpLoad(url, pool, body, auth = {}) {
  const r = await fetch(`${url}/pool/${pool}/branch/main`, { method: 'POST', body, duplex: 'half', headers: { Accept: 'application/json', ...auth } });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`load: ${r.status} ${text}`);
  return JSON.parse(text);
}

/** One round of CLIENTS clients running the small query for SECONDS against `srv`, each request with `auth` headers. */
async function smallQueries(srv, auth) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const u = new URL(srv.url);
  const payload = JSON.stringify({ query: 'from small | v==3 | count()' });
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json', 'Content-Length': Buffer.byteLength(payload), ...auth };
  const once = () =>
    new Promise((ok, fail) => {
      const t0 = performance.now();
      const req = request({ host: u.hostname, port: u.port, path: '/query', method: 'POST', agent, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => (res.statusCode === 200 && body === '[143]\n' ? ok(performance.now() - t0) : fail(new Error(`${res.statusCode} ${body}`))));
      });
      req.on('error', fail);
      req.end(payload);
    });
  const warmEnd = performance.now() + WARM_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < warmEnd) await once();
    }),
  );
  const lat = [];
  const cpu0 = srv.cpu();
  const deadline = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) lat.push(await once());
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const serverCpu = srv.cpu() - cpu0;
  agent.destroy();
  lat.sort((a, b) => a - b);
  const pct = (p) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))];
  return { seconds, requests: lat.length, p50_ms: pct(50), p99_ms: pct(99), server_cpu: serverCpu, load_average: +loadavg()[0].toFixed(1) };
}

const dir = mkdtempSync(join(tmpdir(), 'zlake-bench-service-'));
const results = {};
try {
  if (PHASES.has('load')) {
    // --- 1. load over HTTP vs the library ---
    const bytes = linePrefix(LOAD_MB * 1e6);
    const mb = bytes / 1e6;
    const { openLocalLake } = await import('../dist/adapters/local/index.js');
    const { readValues, TypeContext } = await import('../dist/src/index.js');
    // The same load as the server makes it: the same bound on a load's run of values.
    const { SERVER_LOAD_MEMORY_LIMIT } = await import('../dist/adapters/node/serve.js');
    const local = await openLocalLake(join(dir, 'lib'), { loadMemoryLimit: SERVER_LOAD_MEMORY_LIMIT });
    await local.lake.createPool('conn', { layout: { order: 'asc', keys: [['ts']] } });
    const [libSecs] = await secs(() => local.lake.load('conn', 'main', readValues(fileStream(bytes), new TypeContext())));
    local.close();
    rmSync(join(dir, 'lib'), { recursive: true, force: true });

    const srv = await startServer(dir);
    await createPool(srv.url, 'conn');
    const [httpSecs, commit] = await secs(() => httpFileLoad(srv.url, 'conn', bytes));
    const loadPeak = srv.rss().peak;
    await srv.stop();
    // The same bytes into a DuckDB table, and through a plain JSON.parse loop.
    let source = file;
    if (bytes < statSync(file).size) {
      source = join(dir, 'prefix.ndjson');
      await pipeline(createReadStream(file, { start: 0, end: bytes - 1 }), createWriteStream(source));
    }
    let duckSecs = null;
    try {
      const { DuckDBInstance } = await import('@duckdb/node-api');
      const duck = await (await DuckDBInstance.create(':memory:')).connect();
      [duckSecs] = await secs(() => duck.run(`create table conn as select * from read_json('${source}')`));
      duck.closeSync?.();
    } catch (e) {
      console.log(`duckdb unavailable: ${e.message}`);
    }
    const [loopSecs] = await secs(() => eachRecord(source, (line) => JSON.parse(line)));
    results.load = {
      mb: +mb.toFixed(1),
      library_mb_s: +(mb / libSecs).toFixed(1),
      http_mb_s: +(mb / httpSecs).toFixed(1),
      ratio: +(libSecs / httpSecs).toFixed(2),
      duckdb_mb_s: duckSecs === null ? null : +(mb / duckSecs).toFixed(1),
      http_vs_duckdb: duckSecs === null ? null : +(duckSecs / httpSecs).toFixed(2),
      json_parse_loop_mb_s: +(mb / loopSecs).toFixed(1),
      http_vs_json_parse_loop: +(loopSecs / httpSecs).toFixed(2),
      load_peak_rss_mib: +loadPeak.toFixed(0),
    };
    void commit;
    const l = results.load;
    console.log(
      `load ${mb.toFixed(0)} MB NDJSON: library ${l.library_mb_s} MB/s, HTTP ${l.http_mb_s} MB/s (${l.ratio}x the library), ` +
        `DuckDB table ${l.duckdb_mb_s ?? '-'} MB/s (HTTP ${l.http_vs_duckdb ?? '-'}x), JSON.parse loop ${l.json_parse_loop_mb_s} MB/s (HTTP ${l.http_vs_json_parse_loop}x)`,
    );
  }

  // --- 2. 64 concurrent clients, a small query each: auth off, then API tokens on ---
  if (PHASES.has('queries')) {
    const servers = {
      off: { srv: await startServer(join(dir, 'q-off')), auth: {} },
      tokens: { srv: await startServer(join(dir, 'q-tokens'), ['-auth.tokens']), auth: {} },
    };
    // The token is made on the lake folder, as an operator makes it; the pool by a *:admin token.
    const mint = (name, scope) => {
      const r = spawnSync(process.execPath, [BIN, 'token', 'create', '-lake', join(dir, 'q-tokens', 'lake'), '-name', name, '-scope', scope], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`token create: ${r.stderr}`);
      return { Authorization: `Bearer ${r.stdout.trim()}` };
    };
    const admin = mint('bench-admin', '*:admin');
    servers.tokens.auth = mint('bench-reader', 'small:read');
    const small = Array.from({ length: 1000 }, (_, i) => JSON.stringify({ ts: i, id: `r${i}`, v: i % 7 })).join('\n');
    for (const [mode, { srv }] of Object.entries(servers)) {
      const auth = mode === 'tokens' ? admin : {};
      await createPool(srv.url, 'small', 0, auth);
      await httpLoad(srv.url, 'small', Buffer.from(small), auth);
    }
    const rounds = { off: [], tokens: [] };
    for (let round = 0; round < AUTH_ROUNDS; round++) {
      for (const mode of ['off', 'tokens']) rounds[mode].push(await smallQueries(servers[mode].srv, servers[mode].auth));
    }
    results.queries = {};
    for (const mode of ['off', 'tokens']) {
      const rs = rounds[mode];
      const sum = (k) => rs.reduce((a, r) => a + r[k], 0);
      results.queries[mode] = {
        clients: CLIENTS,
        seconds: +sum('seconds').toFixed(1),
        requests: sum('requests'),
        req_s: +(sum('requests') / sum('seconds')).toFixed(0),
        rounds_req_s: rs.map((r) => +(r.requests / r.seconds).toFixed(0)),
        p50_ms: +Math.max(...rs.map((r) => r.p50_ms)).toFixed(2),
        p99_ms: +Math.max(...rs.map((r) => r.p99_ms)).toFixed(2),
        server_cpu_ms_per_query: +((sum('server_cpu') * 1000) / sum('requests')).toFixed(3),
        load_average: rs.map((r) => r.load_average),
      };
      const q = results.queries[mode];
      console.log(`${CLIENTS} clients, "from small | v==3 | count()", auth ${mode}: ${q.req_s} req/s (rounds ${q.rounds_req_s.join(', ')}), p50 ${q.p50_ms} ms, p99 ${q.p99_ms} ms; server CPU ${q.server_cpu_ms_per_query} ms/query (machine load average ${q.load_average.join(', ')})`);
    }
    results.queries.tokens_vs_off = +(results.queries.tokens.req_s / results.queries.off.req_s).toFixed(3);
    console.log(`API tokens on / auth off: ${results.queries.tokens_vs_off}x (target >= 0.9)`);
    for (const { srv } of Object.values(servers)) await srv.stop();
  }

  if (PHASES.has('big')) {
    // --- 3. peak RSS of a fresh server during a 1 GiB load ---
    const srv = await startServer(dir + '-big');
    await createPool(srv.url, 'big');
    const before = srv.rss();
    const total = BIG_MB * 1024 * 1024;
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, srv.rss().peak)), 100);
    const [bigSecs] = await secs(() => httpLoad(srv.url, 'big', Readable.toWeb(Readable.from(repeated(total)))));
    clearInterval(sampler);
    peak = Math.max(peak, srv.rss().peak);
    results.big = { mib: BIG_MB, seconds: +bigSecs.toFixed(1), mb_s: +(total / 1e6 / bigSecs).toFixed(1), idle_rss_mib: +before.now.toFixed(0), peak_rss_mib: +peak.toFixed(0) };
    console.log(`1 GiB load: ${results.big.mb_s} MB/s, server peak RSS ${results.big.peak_rss_mib} MiB (idle ${results.big.idle_rss_mib} MiB)`);
    await srv.stop();
    rmSync(dir + '-big', { recursive: true, force: true });
  }
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  for (const p of running) p.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
  rmSync(dir + '-big', { recursive: true, force: true });
}
console.log(JSON.stringify(results));
