#!/usr/bin/env node
// Service speed (issue #5), on loopback against `zlake serve` in its own
// process (the built binary, a local lake in a temp folder):
//  1. a 250 MB NDJSON load over HTTP, MB/s, next to the same bytes loaded
//     through the library in this process (target: HTTP >= 0.9x library);
//  2. 64 concurrent clients each running a small query in a loop: requests/s,
//     p50 and p99 latency (target: >= 1000 queries/s);
//  3. the server's peak RSS (VmHWM) while it takes a 1 GiB NDJSON load
//     (target: < 300 MiB).
// Usage: npm run build; node bench/gen.mjs; node bench/service.mjs [file.ndjson]
// Options via env: BENCH_LOAD_MB (250), BENCH_BIG_MB (1024), BENCH_SECONDS (10), BENCH_CLIENTS (64).
import { spawn } from 'node:child_process';
import { closeSync, createReadStream, existsSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';

const file = process.argv[2] ?? 'bench/data/conn.ndjson';
if (!existsSync(file)) {
  console.error(`no ${file}: run "node bench/gen.mjs" first`);
  process.exit(1);
}
const LOAD_MB = Number(process.env.BENCH_LOAD_MB ?? 250);
const BIG_MB = Number(process.env.BENCH_BIG_MB ?? 1024);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
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

async function startServer(dir) {
  const p = spawn(process.execPath, [BIN, 'serve', '-l', '127.0.0.1:0', '-lake', join(dir, 'lake'), '-log.level', 'error'], { stdio: ['ignore', 'pipe', 'inherit'] });
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

async function createPool(url, name, thresh) {
  const r = await fetch(`${url}/pool`, {
    method: 'POST',
    body: JSON.stringify({ name, layout: { order: 'asc', keys: [['ts']] }, ...(thresh ? { thresh } : {}) }),
    headers: { 'Content-Type': 'application/json' },
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

async function httpLoad(url, pool, body) {
  const r = await fetch(`${url}/pool/${pool}/branch/main`, { method: 'POST', body, duplex: 'half', headers: { Accept: 'application/json' } });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`load: ${r.status} ${text}`);
  return JSON.parse(text);
}

const dir = mkdtempSync(join(tmpdir(), 'zlake-bench-service-'));
const results = {};
try {
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

  let srv = await startServer(dir);
  await createPool(srv.url, 'conn');
  const [httpSecs, commit] = await secs(() => httpFileLoad(srv.url, 'conn', bytes));
  results.load = {
    mb: +mb.toFixed(1),
    library_mb_s: +(mb / libSecs).toFixed(1),
    http_mb_s: +(mb / httpSecs).toFixed(1),
    ratio: +(libSecs / httpSecs).toFixed(2),
    load_peak_rss_mib: +srv.rss().peak.toFixed(0),
  };
  void commit;
  console.log(`load ${mb.toFixed(0)} MB NDJSON: library ${results.load.library_mb_s} MB/s, HTTP ${results.load.http_mb_s} MB/s (${results.load.ratio}x)`);

  // --- 2. 64 concurrent clients, a small query each ---
  await createPool(srv.url, 'small');
  const small = Array.from({ length: 1000 }, (_, i) => JSON.stringify({ ts: i, id: `r${i}`, v: i % 7 })).join('\n');
  await httpLoad(srv.url, 'small', Buffer.from(small));
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const u = new URL(srv.url);
  const payload = JSON.stringify({ query: 'from small | v==3 | count()' });
  const once = () =>
    new Promise((ok, fail) => {
      const t0 = performance.now();
      const req = request(
        { host: u.hostname, port: u.port, path: '/query', method: 'POST', agent, headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Content-Length': Buffer.byteLength(payload) } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (body += d));
          res.on('end', () => (res.statusCode === 200 && body === '[143]\n' ? ok(performance.now() - t0) : fail(new Error(`${res.statusCode} ${body}`))));
        },
      );
      req.on('error', fail);
      req.end(payload);
    });
  for (let i = 0; i < 200; i++) await once(); // warm up
  const lat = [];
  const cpu0 = srv.cpu();
  const deadline = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) lat.push(await once());
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const serverCpu = srv.cpu() - cpu0;
  lat.sort((a, b) => a - b);
  const pct = (p) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))];
  results.queries = { clients: CLIENTS, seconds: +elapsed.toFixed(1), requests: lat.length, req_s: +(lat.length / elapsed).toFixed(0), p50_ms: +pct(50).toFixed(2), p99_ms: +pct(99).toFixed(2), server_cpu_ms_per_query: +((serverCpu * 1000) / lat.length).toFixed(3), load_average: +loadavg()[0].toFixed(1) };
  agent.destroy();
  console.log(`${CLIENTS} clients, "from small | v==3 | count()": ${results.queries.req_s} req/s, p50 ${results.queries.p50_ms} ms, p99 ${results.queries.p99_ms} ms; server CPU ${results.queries.server_cpu_ms_per_query} ms/query (machine load average ${results.queries.load_average})`);
  await srv.stop();

  // --- 3. peak RSS of a fresh server during a 1 GiB load ---
  srv = await startServer(dir + '-big');
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
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  for (const p of running) p.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
  rmSync(dir + '-big', { recursive: true, force: true });
}
console.log(JSON.stringify(results));
