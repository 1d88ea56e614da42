// Date text of unknown layout to int64 nanoseconds, for casts to time. Zed
// uses github.com/araddon/dateparse (ParseAny); this covers the layouts it
// documents that data commonly holds: RFC 3339 and ISO forms with a space or
// T, slashed US dates (month first), dotted dates, month names with or
// without weekdays (RFC 1123, ANSIC, "Jan 2, 2006", "2 Jan 2006"), 12-hour
// times, numeric zone offsets and zone abbreviations (read as UTC, as Go's
// time.Parse does for zones it does not know), and all-digit timestamps
// chosen by length as dateparse does (19 ns, 16 us, 13 ms, 10 s, 14
// yyyyMMddhhmmss, 8 yyyymmdd, 4 yyyy).

import { daysFromCivil, daysInMonth } from '../../util/calendar.js';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const FULL_MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
];
const WEEKDAY = /^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?$/i;

function monthOf(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, '');
  let i = FULL_MONTHS.indexOf(w);
  if (i >= 0) return i + 1;
  if (w === 'sept') return 9;
  i = MONTHS.indexOf(w);
  return i >= 0 ? i + 1 : 0;
}

interface Clock {
  h: number;
  m: number;
  s: number;
  ns: number;
  /** Seconds east of UTC. */
  offset: number;
}

function year2(y: string): number {
  const n = Number(y);
  // Go's two-digit years: 69-99 are 19xx, 00-68 are 20xx.
  return y.length === 2 ? (n >= 69 ? 1900 + n : 2000 + n) : n;
}

const TIME =
  /^(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:[.,](\d+))?)?\s*(?:(am|pm|a\.m\.|p\.m\.)\b)?\s*(Z|[+-]\d{2}:?\d{2}|[+-]\d{2}(?!\d))?\s*(?:\(?([A-Za-z]{1,5})([+-]\d{2}:?\d{2})?\)?)?\s*(?:\([^)]*\))?$/i;

/** The time of day (with zone) in `s`, which may be empty; null if malformed. */
function parseClock(s: string): Clock | null {
  const c: Clock = { h: 0, m: 0, s: 0, ns: 0, offset: 0 };
  s = s.trim();
  if (s === '') return c;
  const m = TIME.exec(s);
  if (m === null) return null;
  c.h = Number(m[1]);
  c.m = Number(m[2]);
  c.s = m[3] === undefined ? 0 : Number(m[3]);
  if (m[4] !== undefined) c.ns = Number((m[4] + '00000000').slice(0, 9));
  const ampm = m[5]?.toLowerCase();
  if (ampm !== undefined) {
    if (c.h < 1 || c.h > 12) return null;
    if (ampm[0] === 'a') c.h = c.h === 12 ? 0 : c.h;
    else c.h = c.h === 12 ? 12 : c.h + 12;
  }
  if (c.h > 23 || c.m > 59 || c.s > 59) return null;
  const off = m[6] ?? m[8];
  if (off !== undefined && off !== 'Z' && off !== 'z') {
    const digits = off.replace(':', '');
    const hh = Number(digits.slice(1, 3));
    const mm = digits.length > 3 ? Number(digits.slice(3, 5)) : 0;
    c.offset = (digits[0] === '-' ? -1 : 1) * (hh * 3600 + mm * 60);
  }
  return c;
}

function assemble(year: number, month: number, day: number, clock: Clock | null): bigint | null {
  if (clock === null || month < 1 || month > 12 || day < 1 || day > daysInMonth(month, year)) return null;
  const secs = daysFromCivil(year, month, day) * 86400 + clock.h * 3600 + clock.m * 60 + clock.s - clock.offset;
  return BigInt(secs) * 1_000_000_000n + BigInt(clock.ns);
}

function digitsOnly(s: string): bigint | null {
  const n = BigInt(s);
  switch (s.length) {
    case 19:
      return n;
    case 16:
      return n * 1000n;
    case 13:
      return n * 1_000_000n;
    case 10:
      return n * 1_000_000_000n;
    case 14:
      return assemble(+s.slice(0, 4), +s.slice(4, 6), +s.slice(6, 8), parseClock(`${s.slice(8, 10)}:${s.slice(10, 12)}:${s.slice(12)}`));
    case 8:
      return assemble(+s.slice(0, 4), +s.slice(4, 6), +s.slice(6, 8), parseClock(''));
    case 4:
      return assemble(+s, 1, 1, parseClock(''));
  }
  return null;
}

const ISO = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?(?:[T ](.*))?$/;
const ISO_MONTH_NAME = /^(\d{4})-([A-Za-z]{3,9})-(\d{1,2})(?:\s+(.*))?$/;
const SLASH = /^(\d{1,4})\/(\d{1,2})\/(\d{1,4})(?:\s+(.*))?$/;
const DOT = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})(?:\s+(.*))?$/;
const DAY_MON_YEAR = /^(\d{1,2})[ -]([A-Za-z]{3,9}\.?)[ -](\d{2}|\d{4}),?(?:\s+(.*))?$/;
const MON_DAY_YEAR = /^([A-Za-z]{3,9}\.?)\s+(\d{1,2}),?\s+'?(\d{2}|\d{4})(?:,?\s+(?:at\s+)?(.*))?$/;
// ANSIC and Unix date: "Mon Jan _2 15:04:05 [MST] 2006", "Fri Jul 03 2015 18:04:07 GMT+0100".
const ANSIC = /^([A-Za-z]{3,9})\s+(\d{1,2})\s+(\d{1,2}:\d{1,2}(?::\d{1,2}(?:\.\d+)?)?)\s*(.*?)\s+(\d{4})$/;
const MON_DAY_YEAR_TIME = /^([A-Za-z]{3,9})\s+(\d{1,2})\s+(\d{4})\s+(.*)$/;

/** Nanoseconds since the epoch of `text` in any supported layout, or null. */
export function parseDateAny(text: string): bigint | null {
  let s = text.trim();
  if (s === '') return null;
  if (/^[0-9]+$/.test(s)) return digitsOnly(s);
  let m = ISO.exec(s);
  if (m !== null) {
    let rest = m[4];
    if (m[3] === undefined && rest !== undefined) return null;
    // "2006-01-02 15:04:05 +0000 UTC m=+0.000000001" as Go prints times.
    if (rest !== undefined) rest = rest.replace(/\s+m=[+-][0-9.]+$/, '');
    return assemble(+m[1]!, +m[2]!, m[3] === undefined ? 1 : +m[3], parseClock(rest ?? ''));
  }
  m = ISO_MONTH_NAME.exec(s);
  if (m !== null) return assemble(+m[1]!, monthOf(m[2]!), +m[3]!, parseClock(m[4] ?? ''));
  m = SLASH.exec(s);
  if (m !== null) {
    if (m[1]!.length === 4) return assemble(+m[1]!, +m[2]!, +m[3]!, parseClock(m[4] ?? ''));
    return assemble(year2(m[3]!), +m[1]!, +m[2]!, parseClock(m[4] ?? ''));
  }
  m = DOT.exec(s);
  if (m !== null) return assemble(year2(m[3]!), +m[1]!, +m[2]!, parseClock(m[4] ?? ''));
  // Drop a leading weekday ("Mon, ", "Monday ").
  const words = s.split(/\s+/);
  if (words.length > 1 && WEEKDAY.test(words[0]!) && monthOf(words[0]!.replace(/,$/, '')) === 0) {
    s = words.slice(1).join(' ');
  }
  m = DAY_MON_YEAR.exec(s);
  if (m !== null) return assemble(year2(m[3]!), monthOf(m[2]!), +m[1]!, parseClock(m[4] ?? ''));
  m = MON_DAY_YEAR.exec(s);
  if (m !== null) return assemble(year2(m[3]!), monthOf(m[1]!), +m[2]!, parseClock(m[4] ?? ''));
  m = ANSIC.exec(s);
  if (m !== null) return assemble(+m[5]!, monthOf(m[1]!), +m[2]!, parseClock(`${m[3]} ${m[4]}`));
  m = MON_DAY_YEAR_TIME.exec(s);
  if (m !== null) return assemble(+m[3]!, monthOf(m[1]!), +m[2]!, parseClock(m[4]!));
  return null;
}
