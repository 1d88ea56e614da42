// How the page writes sizes, times and ids.

import { abbrevBytes } from '../../src/util/units.js';
import { parseDuration } from '../../src/zson/index.js';

/** Bytes in decimal units as Zed abbreviates them (pkg/units: 85B, 12.34KB, 300MB). */
export const bytes = abbrevBytes;

/** A count with thousands separators. */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** An RFC 3339 time as the page shows it (UTC, to the second). */
export function time(text: string): string {
  const d = new Date(text);
  if (Number.isNaN(d.getTime())) return text;
  return d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z').replace(/Z$/, ' UTC');
}

/** A pool's span, from its first to its last key (`dur` is a Zed duration: last - first + 1ns). */
export function span(s: { ts: string; dur: string | number } | null): string {
  if (s === null) return '—';
  const start = new Date(s.ts);
  const ns = typeof s.dur === 'number' ? BigInt(Math.round(s.dur)) : parseDuration(s.dur);
  if (Number.isNaN(start.getTime()) || ns === null) return `${s.ts} + ${s.dur}`;
  const end = new Date(start.getTime() + Number((ns > 0n ? ns - 1n : 0n) / 1_000_000n));
  if (Number.isNaN(end.getTime())) return `${time(s.ts)} + ${s.dur}`;
  return `${time(s.ts)} – ${time(end.toISOString())}`;
}

/** The first characters of an id, enough to tell commits apart on screen. */
export function shortId(id: string): string {
  return id.startsWith('0x') ? id.slice(0, 14) : id.slice(0, 12);
}

/** Elapsed time of a query's stats. */
export function elapsed(a: { sec: number; ns: number }, b: { sec: number; ns: number }): string {
  const ms = (b.sec - a.sec) * 1000 + (b.ns - a.ns) / 1e6;
  return ms < 1000 ? `${Math.max(0, Math.round(ms))} ms` : `${(ms / 1000).toFixed(2)} s`;
}
