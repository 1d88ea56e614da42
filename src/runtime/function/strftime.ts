// strftime formatting of UTC times, as github.com/lestrrat-go/strftime
// v1.0.6 (which Zed's strftime uses) defines its directives: %A %a %B %b
// %C %c %D %d %e %F %H %h %I %j %k %l %M %m %n %p %R %r %S %T %t %U %u %V
// %v %W %w %X %x %Y %y %Z %z %%. A pattern compiles once into parts.

import { civilFromDays, dayOfYear, isLeapYear } from '../../util/calendar.js';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/** A UTC calendar breakdown of a time. */
export interface Civil {
  year: number;
  month: number; // 1-12
  day: number; // 1-31
  hour: number;
  min: number;
  sec: number;
  weekday: number; // 0 = Sunday
  yday: number; // 1-366
}

/** The UTC calendar fields of `ns` nanoseconds since the epoch. */
export function civil(ns: bigint): Civil {
  let secs = ns / 1_000_000_000n;
  if (ns < 0n && secs * 1_000_000_000n !== ns) secs -= 1n;
  const s = Number(secs);
  const days = Math.floor(s / 86400);
  const rem = s - days * 86400;
  const { year, month, day } = civilFromDays(days, { year: 0, month: 0, day: 0 });
  return {
    year,
    month,
    day,
    hour: Math.floor(rem / 3600),
    min: Math.floor((rem % 3600) / 60),
    sec: rem % 60,
    weekday: (((days + 4) % 7) + 7) % 7,
    yday: dayOfYear(year, month, day),
  };
}

/** Go's time.ISOWeek. */
function isoWeek(c: Civil): [number, number] {
  // Move to the Thursday of this ISO week: weekday Monday=1..Sunday=7.
  const wd = c.weekday === 0 ? 7 : c.weekday;
  let yday = c.yday + (4 - wd);
  let year = c.year;
  if (yday < 1) {
    year--;
    yday += isLeapYear(year) ? 366 : 365;
  } else if (yday > (isLeapYear(year) ? 366 : 365)) {
    yday -= isLeapYear(year) ? 366 : 365;
    year++;
  }
  return [year, Math.floor((yday - 1) / 7) + 1];
}

function pad(n: number, width: number, ch = '0'): string {
  const s = String(Math.abs(n));
  return (n < 0 ? '-' : '') + (s.length < width ? ch.repeat(width - s.length) + s : s);
}

function hour12(h: number): number {
  return h % 12 === 0 ? 12 : h % 12;
}

type Part = string | ((c: Civil) => string);

const DIRECTIVES: Readonly<Record<string, Part>> = {
  A: (c) => DAYS[c.weekday]!,
  a: (c) => DAYS[c.weekday]!.slice(0, 3),
  B: (c) => MONTHS[c.month - 1]!,
  b: (c) => MONTHS[c.month - 1]!.slice(0, 3),
  h: (c) => MONTHS[c.month - 1]!.slice(0, 3),
  C: (c) => pad(Math.trunc(c.year / 100), 2),
  c: (c) =>
    `${DAYS[c.weekday]!.slice(0, 3)} ${MONTHS[c.month - 1]!.slice(0, 3)} ${pad(c.day, 2, ' ')} ` +
    `${pad(c.hour, 2)}:${pad(c.min, 2)}:${pad(c.sec, 2)} ${pad(c.year, 4)}`,
  D: (c) => `${pad(c.month, 2)}/${pad(c.day, 2)}/${pad(c.year % 100, 2)}`,
  d: (c) => pad(c.day, 2),
  e: (c) => pad(c.day, 2, ' '),
  F: (c) => `${pad(c.year, 4)}-${pad(c.month, 2)}-${pad(c.day, 2)}`,
  H: (c) => pad(c.hour, 2),
  I: (c) => pad(hour12(c.hour), 2),
  j: (c) => pad(c.yday, 3),
  k: (c) => pad(c.hour, 2, ' '),
  l: (c) => pad(hour12(c.hour), 2, ' '),
  M: (c) => pad(c.min, 2),
  m: (c) => pad(c.month, 2),
  n: '\n',
  p: (c) => (c.hour < 12 ? 'AM' : 'PM'),
  R: (c) => `${pad(c.hour, 2)}:${pad(c.min, 2)}`,
  r: (c) => `${pad(hour12(c.hour), 2)}:${pad(c.min, 2)}:${pad(c.sec, 2)} ${c.hour < 12 ? 'AM' : 'PM'}`,
  S: (c) => pad(c.sec, 2),
  T: (c) => `${pad(c.hour, 2)}:${pad(c.min, 2)}:${pad(c.sec, 2)}`,
  t: '\t',
  U: (c) => pad(Math.floor((c.yday + 6 - c.weekday) / 7), 2),
  u: (c) => String(c.weekday === 0 ? 7 : c.weekday),
  V: (c) => pad(isoWeek(c)[1], 2),
  v: (c) => `${pad(c.day, 2, ' ')}-${MONTHS[c.month - 1]!.slice(0, 3)}-${pad(c.year, 4)}`,
  W: (c) => pad(Math.floor((c.yday + (c.weekday === 0 ? 0 : 7 - c.weekday)) / 7), 2),
  w: (c) => String(c.weekday),
  X: (c) => `${pad(c.hour, 2)}:${pad(c.min, 2)}:${pad(c.sec, 2)}`,
  x: (c) => `${pad(c.month, 2)}/${pad(c.day, 2)}/${pad(c.year % 100, 2)}`,
  Y: (c) => pad(c.year, 4),
  y: (c) => pad(c.year % 100, 2),
  Z: 'UTC',
  z: '+0000',
  '%': '%',
};

/** A compiled pattern: format(ns) gives the text. */
export interface Strftime {
  readonly pattern: string;
  format(ns: bigint): string;
}

/** Compiles `pattern`, or returns the error text lestrrat-go/strftime gives. */
export function compileStrftime(pattern: string): Strftime | string {
  const parts: Part[] = [];
  let p = pattern;
  while (p.length > 0) {
    const i = p.indexOf('%');
    if (i < 0) {
      parts.push(p);
      break;
    }
    if (i === p.length - 1) return 'failed to compile format: stray % at the end of pattern';
    if (i > 0) parts.push(p.slice(0, i));
    const d = DIRECTIVES[p[i + 1]!];
    if (d === undefined) {
      return `failed to compile format: pattern compilation failed: lookup failed: '%${p[i + 1]}' was not found in specification set`;
    }
    parts.push(d);
    p = p.slice(i + 2);
  }
  return {
    pattern,
    format(ns) {
      const c = civil(ns);
      let s = '';
      for (const part of parts) s += typeof part === 'string' ? part : part(c);
      return s;
    },
  };
}
