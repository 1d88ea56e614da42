#!/usr/bin/env node
// Generates N Zeek-conn-like NDJSON records (default 1,000,000, about 300 MB)
// deterministically, for the benchmarks. Usage: node bench/gen.mjs [N] [out]
// Shape: 128k distinct id.orig_h values; conn_state "RSTOS0" in ~1% of records
// (the full-text search needle); ts ascending over one day.
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { once } from 'node:events';

const n = Number(process.argv[2] ?? 1_000_000);
const out = process.argv[3] ?? 'bench/data/conn.ndjson';
mkdirSync(dirname(out), { recursive: true });

let seed = 0x2f6b1d3;
function rand() {
  // mulberry32
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
function uid() {
  let s = 'C';
  for (let i = 0; i < 17; i++) s += alpha[Math.floor(rand() * alpha.length)];
  return s;
}
const start = Date.UTC(2018, 2, 24, 0, 0, 0);
const ws = createWriteStream(out, { highWaterMark: 1 << 22 });
let buf = '';
for (let i = 0; i < n; i++) {
  const proto = pick(protos);
  const service = pick(services[proto]);
  const h = Math.floor(rand() * 131072);
  const origH = `10.${(h >> 14) & 0xff}.${(h >> 7) & 0x7f}.${h & 0x7f}`;
  const ms = start + Math.floor((i / n) * 86_400_000);
  const us = String(Math.floor(rand() * 1000)).padStart(3, '0');
  const ts = new Date(ms).toISOString().replace('Z', `${us}Z`);
  const state = rand() < 0.01 ? 'RSTOS0' : pick(states);
  const dur = rand() < 0.1 ? null : Math.round(rand() * 100000) / 1000;
  const ob = Math.floor(rand() * 100000);
  const rec = {
    _path: 'conn',
    ts,
    uid: uid(),
    id: { orig_h: origH, orig_p: 1024 + Math.floor(rand() * 64000), resp_h: `172.16.${Math.floor(rand() * 256)}.${Math.floor(rand() * 256)}`, resp_p: pick(respPorts) },
    proto,
    service,
    duration: dur,
    orig_bytes: ob,
    resp_bytes: Math.floor(rand() * 1000000),
    conn_state: state,
    history: pick(histories),
    orig_pkts: 1 + Math.floor(rand() * 100),
    orig_ip_bytes: ob + 40,
  };
  buf += JSON.stringify(rec) + '\n';
  if (buf.length > 1 << 20) {
    if (!ws.write(buf)) await once(ws, 'drain');
    buf = '';
  }
}
ws.write(buf);
ws.end();
await once(ws, 'finish');
console.log(`wrote ${n} records to ${out}`);
