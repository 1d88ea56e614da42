#!/usr/bin/env node
// Regexp engines on safe patterns (zlake issue #12): the JavaScript RegExp
// that zlake used to translate Go patterns into (a backtracking engine; the
// JS patterns below are what that translator produced), zlake's GoRegexp
// (re2js, linear time, on UTF-8 bytes) and DuckDB's RE2 (regexp_matches,
// regexp_extract, regexp_replace) on the same strings, in one run. Reports
// millions of strings/s (short strings, log-line-like) and MB/s (long
// strings, 100 KB each, scanned whole) and the ratios.
// Usage: node bench/regexp.mjs [short-count] [long-count]   (needs `npm run build`)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const { compileGoRegexp, Template, replaceAll } = await import('../dist/src/runtime/index.js');
const { decodeUtf8 } = await import('../dist/src/util/utf8.js');

const SHORT = Number(process.argv[2] ?? 1_000_000);
const LONG = Number(process.argv[3] ?? 100);
const LONG_LEN = 100_000;

let seed = 0x51ab;
function rand() {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (a) => a[Math.floor(rand() * a.length)];
const WORDS = ['GET', 'POST', 'get', 'error', 'warn', 'info', 'user', 'admin', 'host-7', '10.0.0.1', '192.168.1.20', 'alice@example.com',
  'timeout', 'connection', 'reset', 'ok', '200', '404', 'café', 'naïve', '/index.html', 'session=8f3a'];
function line(words) {
  let s = '';
  for (let i = 0; i < words; i++) s += (i ? ' ' : '') + pick(WORDS);
  return s;
}
const enc = new TextEncoder();
const short = Array.from({ length: SHORT }, () => enc.encode(line(3 + Math.floor(rand() * 6))));
// Long strings hold no match for any pattern class below, so every engine scans them whole.
const PROSE = ['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'consectetur', 'adipiscing', 'elit', 'sed', 'do', 'eiusmod', 'tempor', 'café', 'naïve'];
const long = Array.from({ length: LONG }, () => {
  let s = '';
  while (s.length < LONG_LEN) {
    for (let i = 0; i < 20; i++) s += pick(PROSE) + ' ';
    s += '\n';
  }
  return enc.encode(s);
});
const shortMB = short.reduce((n, b) => n + b.length, 0) / 1e6;
const longMB = long.reduce((n, b) => n + b.length, 0) / 1e6;

// [name, Go pattern, the translator's JS RegExp]
const CLASSES = [
  ['literal', 'timeout', /timeout/u],
  ['literal alternation', 'error|warn|fatal', /error|warn|fatal/u],
  ['anchored class run', '^[A-Z]+ ', /^[A-Z]+ /u],
  ['digit runs (IP)', '\\d+\\.\\d+\\.\\d+\\.\\d+', /[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+/u],
  ['case-insensitive', '(?i)get', /[gG][eE][tT]/u],
  ['captures', '(\\w+)@(\\w+)\\.com', /([0-9A-Za-z_]+)@([0-9A-Za-z_]+)\.com/u],
  ['word boundary + class', '\\bhost-\\d\\b', /\bhost-[0-9]\b/u],
];

function time(fn) {
  fn(); // warm up
  const t0 = performance.now();
  const r = fn();
  return [(performance.now() - t0) / 1000, r];
}

const go = (p) => {
  const re = compileGoRegexp(p);
  if (typeof re === 'string') throw new Error(re);
  return re;
};

let duck = null;
const dir = mkdtempSync(join(tmpdir(), 'zlake-regexp-bench-'));
try {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  duck = await (await DuckDBInstance.create(':memory:')).connect();
  const dec = new TextDecoder();
  for (const [name, rows] of [['short', short], ['long', long]]) {
    const file = join(dir, `${name}.ndjson`);
    writeFileSync(file, rows.map((b) => JSON.stringify({ s: dec.decode(b) })).join('\n') + '\n');
    await duck.run(`create table ${name} as select s from read_json('${file}', columns={s: 'VARCHAR'})`);
  }
} catch (e) {
  console.log(`duckdb unavailable: ${e.message}`);
  duck = null;
}

async function duckTime(sql) {
  if (duck === null) return [NaN, NaN];
  await duck.run(sql); // warm up
  const t0 = performance.now();
  const reader = await duck.runAndReadAll(sql);
  const n = Number(reader.getRows()[0][0]);
  return [(performance.now() - t0) / 1000, n];
}
const sqlString = (s) => `'${s.replace(/'/g, "''")}'`;

const rows = [];
function row(kind, name, jsSecs, goSecs, duckSecs, unit, size, counts) {
  const rate = (s) => (unit === 'MB/s' ? size / s : size / s / 1e6);
  rows.push({ kind, name, js: rate(jsSecs), go: rate(goSecs), duck: rate(duckSecs), unit: unit === 'MB/s' ? 'MB/s' : 'M/s', counts });
}

for (const [name, pattern, js] of CLASSES) {
  const re = go(pattern);
  // Matching: the old path decoded each string and ran RegExp.test; the new one tests the bytes.
  for (const [kind, data, table, unit] of [['short', short, 'short', 'M/s'], ['long', long, 'long', 'MB/s']]) {
    const [jsSecs, jsN] = time(() => {
      let n = 0;
      for (const b of data) if (js.test(decodeUtf8(b))) n++;
      return n;
    });
    const [goSecs, goN] = time(() => {
      let n = 0;
      for (const b of data) if (re.test(b)) n++;
      return n;
    });
    const [duckSecs, duckN] = await duckTime(`select count(*) from ${table} where regexp_matches(s, ${sqlString(pattern)})`);
    if (jsN !== goN || (duck !== null && duckN !== goN)) throw new Error(`${name}: counts differ: js ${jsN}, go ${goN}, duckdb ${duckN}`);
    row(`match ${kind}`, name, jsSecs, goSecs, duckSecs, unit, unit === 'MB/s' ? (kind === 'long' ? longMB : shortMB) : data.length, goN);
  }
}

// Submatches on short strings: regexp() (FindSubmatch) against exec and regexp_extract.
{
  const [name, pattern, jsBase] = CLASSES[5];
  const js = new RegExp(jsBase.source, 'u');
  const re = go(pattern);
  const [jsSecs, jsN] = time(() => {
    let n = 0;
    for (const b of short) if (js.exec(decodeUtf8(b)) !== null) n++;
    return n;
  });
  const [goSecs, goN] = time(() => {
    let n = 0;
    for (const b of short) if (re.exec(b) !== null) n++;
    return n;
  });
  const [duckSecs] = await duckTime(`select count(*) from short where regexp_extract(s, ${sqlString(pattern)}, 1) <> ''`);
  if (jsN !== goN) throw new Error(`submatch counts differ: ${jsN} ${goN}`);
  row('submatch short', name, jsSecs, goSecs, duckSecs, 'M/s', short.length, goN);
}

// grok('%{IP:ip}', s) on IPv4 addresses: a 1,400-instruction pattern with 78 groups.
{
  const { BASE_PATTERNS } = await import('../dist/src/runtime/function/grok-patterns.js');
  const named = new Map(BASE_PATTERNS);
  const expand = (e) => e.replace(/%\{(\w+)(?::[\w[\].]+)?\}/g, (_, n) => '(' + expand(named.get(n)) + ')');
  const pattern = expand('%{IP:ip}');
  const js = new RegExp(pattern, 'u');
  const re = go(pattern);
  const ips = short.map((_, i) => enc.encode(`172.16.${i % 251}.${(i * 7) % 253}`));
  const [jsSecs, jsN] = time(() => {
    let n = 0;
    for (const b of ips) if (js.exec(decodeUtf8(b)) !== null) n++;
    return n;
  });
  const [goSecs, goN] = time(() => {
    let n = 0;
    for (const b of ips) if (re.exec(b) !== null) n++;
    return n;
  });
  if (jsN !== goN) throw new Error(`grok counts differ: ${jsN} ${goN}`);
  row('submatch short', 'grok %{IP} (IPv4)', jsSecs, goSecs, NaN, 'M/s', ips.length, goN);
}

// Replacing on short and long strings: regexp_replace.
{
  const pattern = '\\d+';
  const js = /[0-9]+/gu;
  const re = go(pattern);
  const tmpl = new Template(enc.encode('N'));
  for (const [kind, data, table, unit] of [['short', short, 'short', 'M/s'], ['long', long, 'long', 'MB/s']]) {
    const [jsSecs] = time(() => {
      let n = 0;
      for (const b of data) n += js[Symbol.replace](decodeUtf8(b), 'N').length;
      return n;
    });
    const [goSecs, goN] = time(() => {
      let n = 0;
      for (const b of data) n += replaceAll(re, b, tmpl).length;
      return n;
    });
    const [duckSecs] = await duckTime(`select sum(length(regexp_replace(s, ${sqlString(pattern)}, 'N', 'g'))) from ${table}`);
    for (const b of data.slice(0, 1000)) {
      if (decodeUtf8(replaceAll(re, b, tmpl)) !== js[Symbol.replace](decodeUtf8(b), 'N')) throw new Error('replacements differ');
    }
    row(`replace ${kind}`, 'digits -> N', jsSecs, goSecs, duckSecs, unit, unit === 'MB/s' ? longMB : data.length, goN);
  }
}

console.log(`${SHORT} short strings (${shortMB.toFixed(1)} MB), ${LONG} long strings of ${LONG_LEN / 1000} KB (${longMB.toFixed(1)} MB)\n`);
console.log(`${'workload'.padEnd(16)} ${'pattern class'.padEnd(22)} ${'JS RegExp'.padStart(10)} ${'GoRegexp'.padStart(10)} ${'DuckDB'.padStart(10)}  unit  JS/Go  Go/DuckDB`);
for (const r of rows) {
  const f = (x) => (Number.isNaN(x) ? 'n/a' : x >= 100 ? x.toFixed(0) : x.toFixed(2)).padStart(10);
  const ratio = (a, b) => (Number.isNaN(a) || Number.isNaN(b) ? '  n/a' : (a / b).toFixed(2).padStart(5));
  console.log(`${r.kind.padEnd(16)} ${r.name.padEnd(22)} ${f(r.js)} ${f(r.go)} ${f(r.duck)}  ${r.unit.padEnd(4)}  ${ratio(r.js, r.go)}  ${ratio(r.go, r.duck)}`);
}
if (duck !== null) duck.closeSync?.();
rmSync(dir, { recursive: true, force: true });
