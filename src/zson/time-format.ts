// Time and duration text as Zed writes them: times as Go's RFC3339Nano in UTC
// (fraction trimmed of trailing zeros, omitted when zero); durations as
// pkg/nano Duration.String (units y=365d, d, h, m, then s, ms, us or ns with a
// trimmed decimal fraction, e.g. "1h2m3.5s", "1.5ms", "-3us").

import { civilFromDays, type CivilDate } from '../util/calendar.js';

const NS_PER_SEC = 1_000_000_000n;
const date: CivilDate = { year: 0, month: 0, day: 0 };

function pad2(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

function pad4(n: number): string {
  if (n < 0) return '-' + pad4(-n);
  return n < 10 ? '000' + n : n < 100 ? '00' + n : n < 1000 ? '0' + n : String(n);
}

/** Fraction digits of `ns` (0 < ns < 1e9) without trailing zeros. */
function fraction9(ns: number): string {
  let s = String(ns);
  s = '000000000'.slice(s.length) + s;
  let end = 9;
  while (s.charCodeAt(end - 1) === 48) end--;
  return s.slice(0, end);
}

/** RFC3339 with nanoseconds, UTC, for nanoseconds since the Unix epoch. */
export function formatTime(ns: bigint): string {
  let sec = ns / NS_PER_SEC;
  let frac = Number(ns - sec * NS_PER_SEC);
  if (frac < 0) {
    frac += 1e9;
    sec -= 1n;
  }
  const secs = Number(sec);
  const days = Math.floor(secs / 86400);
  const sod = secs - days * 86400;
  const { year, month, day } = civilFromDays(days, date);
  const h = Math.floor(sod / 3600);
  const m = Math.floor((sod % 3600) / 60);
  const s = sod % 60;
  let out = pad4(year) + '-' + pad2(month) + '-' + pad2(day) + 'T' + pad2(h) + ':' + pad2(m) + ':' + pad2(s);
  if (frac !== 0) out += '.' + fraction9(frac);
  return out + 'Z';
}

const UNITS: readonly (readonly [string, number])[] = [
  ['y', 365 * 86400e9],
  ['d', 86400e9],
  ['h', 3600e9],
  ['m', 60e9],
];
const BIG_UNITS: readonly (readonly [string, bigint])[] = UNITS.map(([u, n]) => [u, BigInt(n)] as const);

const MIN_INT64 = -(1n << 63n);

/** nano.Duration.String for a duration in nanoseconds. */
export function formatDuration(ns: bigint): string {
  if (ns === MIN_INT64) return '-292y171d23h47m16.854775808s';
  if (ns === 0n) return '0s';
  let out = '';
  if (ns < 0n) {
    out = '-';
    ns = -ns;
  }
  let rest: number;
  if (ns <= BigInt(Number.MAX_SAFE_INTEGER)) {
    rest = Number(ns);
    for (const [unit, size] of UNITS) {
      if (rest < size) continue;
      const r = rest % size;
      out += String((rest - r) / size) + unit;
      if (r === 0) return out;
      rest = r;
    }
  } else {
    let big = ns;
    for (const [unit, size] of BIG_UNITS) {
      if (big < size) continue;
      out += String(big / size) + unit;
      big %= size;
      if (big === 0n) return out;
    }
    rest = Number(big);
  }
  // rest < 60s here.
  if (rest % 1e9 === 0) return out + String(rest / 1e9) + 's';
  if (rest > 1e9) return out + fixed(rest, 1e9) + 's';
  if (rest % 1e6 === 0) return out + String(rest / 1e6) + 'ms';
  if (rest > 1e6) return out + fixed(rest, 1e6) + 'ms';
  if (rest % 1e3 === 0) return out + String(rest / 1e3) + 'us';
  if (rest > 1e3) return out + fixed(rest, 1e3) + 'us';
  return out + String(rest) + 'ns';
}

/** `ns / scale` as a decimal with the fraction's trailing zeros dropped. */
function fixed(ns: number, scale: number): string {
  const r = ns % scale;
  let frac = String(r);
  frac = '0'.repeat(String(scale).length - 1 - frac.length) + frac;
  let end = frac.length;
  while (frac.charCodeAt(end - 1) === 48) end--;
  return String((ns - r) / scale) + '.' + frac.slice(0, end);
}
