#!/usr/bin/env node
// ZNG micro-benchmark: encodes N Zeek-conn-like records (default 100,000) and
// times decoding them, whole and in 64 KiB chunks, compressed and not.
// Rates are in MB/s of the equivalent NDJSON (as bench/gen.mjs writes it).
// Usage: npm run build && node bench/zng-micro.mjs [N]
//        (ZLAKE_DIST=dir points at another build of src/, default ./dist)
import { performance } from 'node:perf_hooks';

const dist = process.env.ZLAKE_DIST ?? new URL('../dist', import.meta.url).pathname;
const { ZngDecoder, encodeZng, decodeZng } = await import(`${dist}/src/formats/zng/index.js`);
const zed = await import(`${dist}/src/zed/index.js`);
const { TypeContext, Builder, Value, encodeInt, encodeUint, encodeBool, parseIP, primitivesById, TypeString } = zed;

const n = Number(process.argv[2] ?? 100_000);

let seed = 0x2f6b1d3;
function rand() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (a) => a[Math.floor(rand() * a.length)];
const protos = ['tcp', 'tcp', 'tcp', 'udp', 'udp', 'icmp'];
const services = { tcp: ['http', 'ssl', 'ssh', 'smtp', null], udp: ['dns', 'ntp', 'dhcp', null], icmp: [null] };
const states = ['S0', 'SF', 'SF', 'SF', 'REJ', 'S1', 'OTH', 'SH'];
const histories = ['S', 'ShADadFf', 'ShAdDaFf', 'D', 'Dd', 'ShR', 'Sr'];
const respPorts = [80, 443, 443, 53, 22, 25, 123, 8080, 3389];
const alpha = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const utf8 = new TextEncoder();

const ctx = new TypeContext();
const [uint16, uint64, duration, time, ip] = [1, 3, 12, 13, 26].map((id) => primitivesById[id]);
const port = ctx.lookupNamed('port', uint16);
const conn = ctx.lookupRecord([
  { name: '_path', type: TypeString },
  { name: 'ts', type: time },
  { name: 'uid', type: TypeString },
  {
    name: 'id',
    type: ctx.lookupRecord([
      { name: 'orig_h', type: ip },
      { name: 'orig_p', type: port },
      { name: 'resp_h', type: ip },
      { name: 'resp_p', type: port },
    ]),
  },
  { name: 'proto', type: TypeString },
  { name: 'service', type: TypeString },
  { name: 'duration', type: duration },
  { name: 'orig_bytes', type: uint64 },
  { name: 'resp_bytes', type: uint64 },
  { name: 'conn_state', type: TypeString },
  { name: 'local_orig', type: primitivesById[23] },
  { name: 'history', type: TypeString },
  { name: 'orig_pkts', type: uint64 },
  { name: 'orig_ip_bytes', type: uint64 },
]);

const values = [];
let ndjsonBytes = 0;
const start = Date.UTC(2018, 2, 24);
const b = new Builder(512);
for (let i = 0; i < n; i++) {
  const proto = pick(protos);
  const service = pick(services[proto]);
  const h = Math.floor(rand() * 131072);
  const origH = `10.${(h >> 14) & 0xff}.${(h >> 7) & 0x7f}.${h & 0x7f}`;
  const respH = `172.16.${Math.floor(rand() * 256)}.${Math.floor(rand() * 256)}`;
  const ms = start + Math.floor((i / n) * 86_400_000);
  const us = Math.floor(rand() * 1000);
  const ts = new Date(ms).toISOString().replace('Z', `${String(us).padStart(3, '0')}Z`);
  let uid = 'C';
  for (let k = 0; k < 17; k++) uid += alpha[Math.floor(rand() * alpha.length)];
  const origP = 1024 + Math.floor(rand() * 64000);
  const respP = pick(respPorts);
  const state = rand() < 0.01 ? 'RSTOS0' : pick(states);
  const dur = rand() < 0.1 ? null : Math.round(rand() * 100000) / 1000;
  const ob = Math.floor(rand() * 100000);
  const rb = Math.floor(rand() * 1000000);
  const history = pick(histories);
  const pkts = 1 + Math.floor(rand() * 100);
  const rec = {
    _path: 'conn', ts, uid, id: { orig_h: origH, orig_p: origP, resp_h: respH, resp_p: respP }, proto, service,
    duration: dur, orig_bytes: ob, resp_bytes: rb, conn_state: state, local_orig: false, history, orig_pkts: pkts,
    orig_ip_bytes: ob + 40,
  };
  ndjsonBytes += JSON.stringify(rec).length + 1;
  b.reset();
  b.beginContainer();
  b.append(utf8.encode('conn'));
  b.append(encodeInt(BigInt(ms) * 1_000_000n + BigInt(us) * 1000n));
  b.append(utf8.encode(uid));
  b.beginContainer();
  b.append(parseIP(origH));
  b.append(encodeUint(origP));
  b.append(parseIP(respH));
  b.append(encodeUint(respP));
  b.endContainer();
  b.append(utf8.encode(proto));
  b.append(service === null ? null : utf8.encode(service));
  b.append(dur === null ? null : encodeInt(BigInt(Math.round(dur * 1e6)) * 1000n));
  b.append(encodeUint(ob));
  b.append(encodeUint(rb));
  b.append(utf8.encode(state));
  b.append(encodeBool(false));
  b.append(utf8.encode(history));
  b.append(encodeUint(pkts));
  b.append(encodeUint(ob + 40));
  b.endContainer();
  values.push(new Value(conn, b.body()));
}

const mb = ndjsonBytes / 1e6;
console.log(`${n} records, NDJSON equivalent ${mb.toFixed(1)} MB`);

function best(label, runs, fn) {
  let secs = Infinity;
  let result;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    result = fn();
    secs = Math.min(secs, (performance.now() - t0) / 1000);
  }
  console.log(
    `${label.padEnd(40)} ${(secs * 1000).toFixed(0).padStart(6)} ms ${(mb / secs).toFixed(0).padStart(6)} MB/s ` +
      `${(n / secs / 1e6).toFixed(2).padStart(6)} M records/s`,
  );
  return result;
}

const zng = best('encode, LZ4', 3, () => encodeZng(values));
const plain = best('encode, uncompressed', 3, () => encodeZng(values, { compress: false }));
console.log(`ZNG: ${(zng.length / 1e6).toFixed(1)} MB compressed, ${(plain.length / 1e6).toFixed(1)} MB uncompressed`);

function check(vals) {
  if (vals.length !== n || vals[n - 1].bytes.length !== values[n - 1].bytes.length) throw new Error('bad decode');
}
function chunked(bytes) {
  const d = new ZngDecoder(new TypeContext());
  let count = 0;
  let last;
  for (let off = 0; off < bytes.length; off += 65536) {
    const vals = d.push(bytes.slice(off, off + 65536));
    count += vals.length;
    if (vals.length) last = vals[vals.length - 1];
  }
  d.end();
  if (count !== n || last.bytes.length !== values[n - 1].bytes.length) throw new Error('bad decode');
}
check(best('decode, LZ4, whole buffer', 7, () => decodeZng(zng, new TypeContext())));
best('decode, LZ4, 64 KiB chunks', 7, () => chunked(zng));
check(best('decode, uncompressed, whole buffer', 7, () => decodeZng(plain, new TypeContext())));
best('decode, uncompressed, 64 KiB chunks', 7, () => chunked(plain));
