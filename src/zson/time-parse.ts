// Text to time and duration: RFC 3339 date-times as Go's time.Parse with
// time.RFC3339Nano reads them, and Zed duration strings as nano.ParseDuration
// (pkg/nano/duration.go) reads them. Both yield int64 nanoseconds as bigint.

import { daysFromCivil, daysInMonth } from '../util/calendar.js';

const NS_PER_SEC = 1_000_000_000n;
const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);

/** The text Zed prints for the largest time (nano.MaxTs) in overflow errors. */
export const MAX_TIME_TEXT = '2262-04-11T23:47:16Z';

function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/** The two-digit number at s[i], or -1. */
function two(s: string, i: number): number {
  const a = digit(s, i);
  const b = digit(s, i + 1);
  return a < 0 || b < 0 ? -1 : a * 10 + b;
}

/**
 * Nanoseconds since the epoch of an RFC 3339 date-time
 * (YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)), not limited to int64; null when
 * the text is not one. As in Go, fields are range-checked, fraction digits
 * past the ninth are dropped, and a comma may stand for the decimal point.
 */
export function parseTimeUnbounded(s: string): bigint | null {
  const n = s.length;
  if (n < 20) return null;
  const y0 = two(s, 0);
  const y1 = two(s, 2);
  const month = two(s, 5);
  const day = two(s, 8);
  const hour = two(s, 11);
  const min = two(s, 14);
  const sec = two(s, 17);
  if (y0 < 0 || y1 < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23) return null;
  if (min < 0 || min > 59 || sec < 0 || sec > 59) return null;
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84) return null;
  if (s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return null;
  const year = y0 * 100 + y1;
  if (day > daysInMonth(month, year)) return null;
  let i = 19;
  let nsec = 0;
  const sep = s.charCodeAt(i);
  if ((sep === 46 || sep === 44) && digit(s, i + 1) >= 0) {
    i++;
    let scale = 100_000_000;
    for (; i < n; i++) {
      const d = digit(s, i);
      if (d < 0) break;
      nsec += d * scale;
      scale /= 10;
      if (scale < 1) scale = 0;
    }
  }
  let offset = 0;
  if (i === n - 1 && s.charCodeAt(i) === 90) {
    offset = 0;
  } else if (i === n - 6 && s.charCodeAt(i + 3) === 58) {
    const sign = s.charCodeAt(i);
    const hh = two(s, i + 1);
    const mm = two(s, i + 4);
    if ((sign !== 43 && sign !== 45) || hh < 0 || hh > 23 || mm < 0 || mm > 59) return null;
    offset = (hh * 60 + mm) * 60 * (sign === 45 ? -1 : 1);
  } else {
    return null;
  }
  const secs = daysFromCivil(year, month, day) * 86400 + hour * 3600 + min * 60 + sec - offset;
  return BigInt(secs) * NS_PER_SEC + BigInt(nsec);
}

/** Nanoseconds since the epoch of an RFC 3339 date-time; null when invalid or outside int64. */
export function parseTime(s: string): bigint | null {
  const ns = parseTimeUnbounded(s);
  if (ns === null || ns > MAX_INT64 || ns < MIN_INT64) return null;
  return ns;
}

/** Nanoseconds per duration unit (nano.ParseDuration's scale table). */
function unitAt(s: string, i: number): { size: bigint; len: number } | null {
  const c = s.charCodeAt(i);
  const next = s.charCodeAt(i + 1);
  if (next === 115 /* s */) {
    if (c === 110) return NS;
    if (c === 117) return US;
    if (c === 109) return MS;
  }
  switch (c) {
    case 115:
      return SEC;
    case 109:
      return MIN;
    case 104:
      return HOUR;
    case 100:
      return DAY;
    case 119:
      return WEEK;
    case 121:
      return YEAR;
  }
  return null;
}

const NS = { size: 1n, len: 2 };
const US = { size: 1000n, len: 2 };
const MS = { size: 1_000_000n, len: 2 };
const SEC = { size: NS_PER_SEC, len: 1 };
const MIN = { size: 60n * NS_PER_SEC, len: 1 };
const HOUR = { size: 3600n * NS_PER_SEC, len: 1 };
const DAY = { size: 86400n * NS_PER_SEC, len: 1 };
const WEEK = { size: 7n * 86400n * NS_PER_SEC, len: 1 };
const YEAR = { size: 365n * 86400n * NS_PER_SEC, len: 1 };

function isDecimal(s: string, start: number, end: number): boolean {
  if (start >= end) return false;
  for (let i = start; i < end; i++) if (digit(s, i) < 0) return false;
  return true;
}

/**
 * Nanoseconds of a Zed duration: an optionally signed concatenation of
 * decimal numbers with optional fractions, each with a unit (ns us ms s m h
 * d w y), e.g. "300ms", "-1.5h", "2h45m"; null when invalid. As in Zed,
 * fractions are rounded to the nearest nanosecond of their unit's tenths and
 * the sum wraps at 64 bits.
 */
export function parseDuration(s: string): bigint | null {
  const n = s.length;
  let i = 0;
  const negative = s.charCodeAt(0) === 45;
  if (negative) i++;
  // Zed's syntax check tolerates (and then ignores) a second minus sign.
  if (s.charCodeAt(i) === 45) i++;
  if (i >= n) return null;
  let total = 0n;
  while (i < n) {
    const start = i;
    let dot = -1;
    let dots = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c === 46) {
        dot = i;
        dots++;
      } else if (c < 48 || c > 57) break;
    }
    if (i === start) return null;
    const unit = unitAt(s, i);
    if (unit === null) return null;
    const end = i;
    i += unit.len;
    if (dots === 0) {
      if (end - start > 19) return null;
      const whole = BigInt(s.slice(start, end));
      if (whole > MAX_INT64) return null;
      total += whole * unit.size;
      continue;
    }
    if (dots > 1) return null;
    if (dot > start) {
      if (dot - start > 19 || !isDecimal(s, start, dot)) return null;
      const whole = BigInt(s.slice(start, dot));
      if (whole > MAX_INT64) return null;
      total += whole * unit.size;
    }
    // Zed divides the unit by ten per fraction digit (integer division) and
    // rounds the tenths it accumulates.
    let fracEnd = end;
    while (fracEnd > dot + 1 && s.charCodeAt(fracEnd - 1) === 48) fracEnd--;
    let extra = 0n;
    let size = unit.size;
    for (let k = dot + 1; k < fracEnd; k++) {
      extra += BigInt(s.charCodeAt(k) - 48) * size;
      size /= 10n;
    }
    total += (extra + 5n) / 10n;
  }
  return BigInt.asIntN(64, negative ? -total : total);
}
