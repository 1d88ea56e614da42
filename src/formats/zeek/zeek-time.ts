// Zeek time and interval text: decimal seconds since the epoch. Parsing and
// formatting are exact to the nanosecond, as Zed's zio/zeekio time.go is:
// six fractional digits unless that would round, then nine.

import { parseGoFloat } from '../../util/strconv.js';
import { goQuoteBytes } from '../json/json-text.js';

/** Parsed time parts: |ns| = sec * 1e9 + frac, or a bigint when out of the fast range. */
export interface TimeParts {
  neg: boolean;
  sec: number;
  frac: number;
  big: bigint | null;
}

const TWO33 = 2 ** 33;

/**
 * Parses a Zeek time into `out`. Throws on text that is not a number. As in
 * Zed, more than nine fractional digits scale to zero and digits beyond
 * int64 wrap.
 */
export function parseZeekTime(b: Uint8Array, start: number, end: number, out: TimeParts): void {
  out.big = null;
  if (parseDecimal(b, start, end, out)) return;
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(b[i]!);
  const f = parseGoFloat(s);
  if (f !== undefined) {
    // Zed's slow path for exponent forms: round to seconds, add the remainder.
    // Go's int64() of Inf or NaN is MinInt64 on amd64, and so is the sum.
    if (!Number.isFinite(f)) {
      setBig(out, -(1n << 63n));
      return;
    }
    const sec = Math.round(f);
    const ns = BigInt(Math.trunc((f - sec) * 1e9));
    setBig(out, BigInt.asIntN(64, BigInt(sec) * 1_000_000_000n + ns));
    return;
  }
  throw new Error(`invalid time format: ${goQuoteBytes(b.subarray(start, end))}`);
}

function setBig(out: TimeParts, v: bigint): void {
  out.big = v;
  out.neg = v < 0n;
  out.sec = 0;
  out.frac = 0;
}

function parseDecimal(b: Uint8Array, start: number, end: number, out: TimeParts): boolean {
  let k = start;
  if (k >= end) return false;
  let neg = false;
  if (b[k] === 0x2d) {
    if (end - k === 1) return false;
    neg = true;
    k++;
  }
  let sec = 0;
  let intDigits = 0;
  let frac = 0;
  let fracDigits = 0;
  for (; k < end; k++) {
    const c = b[k]!;
    if (c === 0x2e) {
      for (k++; k < end; k++) {
        const d = b[k]!;
        if (d < 0x30 || d > 0x39) return false;
        if (fracDigits < 9) frac = frac * 10 + (d - 0x30);
        fracDigits++;
      }
      break;
    }
    if (c < 0x30 || c > 0x39) return false;
    sec = sec * 10 + (c - 0x30);
    intDigits++;
  }
  if (fracDigits > 9 || intDigits > 10 || sec >= TWO33) {
    setBig(out, wrapDecimal(b, start, end, neg));
    return true;
  }
  for (let i = fracDigits; i < 9; i++) frac *= 10;
  out.neg = neg && (sec > 0 || frac > 0);
  out.sec = sec;
  out.frac = frac;
  return true;
}

/** Zed's int64 arithmetic on all the digits, for inputs out of the fast range. */
function wrapDecimal(b: Uint8Array, start: number, end: number, neg: boolean): bigint {
  let v = 0n;
  let scale = 1_000_000_000n;
  let inFrac = false;
  for (let k = neg ? start + 1 : start; k < end; k++) {
    const c = b[k]!;
    if (c === 0x2e) {
      inFrac = true;
      continue;
    }
    v = BigInt.asIntN(64, v * 10n + BigInt(c - 0x30));
    if (inFrac) scale /= 10n;
  }
  return BigInt.asIntN(64, (neg ? -v : v) * scale);
}

/** Formats signed nanoseconds as Zeek seconds ("1.000000", "-0.000000010"). */
export function formatZeekTime(ns: bigint | number): string {
  let sec: string;
  let frac: number;
  let neg: boolean;
  if (typeof ns === 'number') {
    neg = ns < 0;
    const a = neg ? -ns : ns;
    sec = String(Math.floor(a / 1e9));
    frac = a % 1e9;
  } else {
    neg = ns < 0n;
    const a = neg ? -ns : ns;
    sec = (a / 1_000_000_000n).toString();
    frac = Number(a % 1_000_000_000n);
  }
  const f = frac % 1000 === 0 ? String(frac / 1000).padStart(6, '0') : String(frac).padStart(9, '0');
  return (neg ? '-' : '') + sec + '.' + f;
}
