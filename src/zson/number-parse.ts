// Decimal text to numbers with Go's strconv rules, as Zed parses ZSON and
// ZJSON numbers: ParseInt (optional sign), ParseUint (no sign) and ParseFloat
// (decimal with optional fraction and exponent, or Inf/Infinity/NaN).

import { toFloat16 } from '../zed/index.js';

const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);
const MAX_UINT64 = (1n << 64n) - 1n;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** True when `s` is [+-]?[0-9]+ (strconv.ParseInt's base-10 syntax). */
export function isIntText(s: string): boolean {
  const n = s.length;
  let i = 0;
  const c = s.charCodeAt(0);
  if (c === 43 || c === 45) i++;
  if (i >= n) return false;
  for (; i < n; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

/** True when `s` is [0-9]+ (strconv.ParseUint's base-10 syntax). */
export function isUintText(s: string): boolean {
  const n = s.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

/**
 * The integer value of `s` (syntax checked by the caller) as a number when
 * it is small enough to be exact, else as a bigint.
 */
export function intTextValue(s: string): number | bigint {
  if (s.length <= 15) {
    const v = Number(s);
    return v === 0 ? 0 : v;
  }
  return BigInt(s);
}

/** Inclusive bounds of the integer types by primitive ID (uint8..int64). */
const INT_BOUNDS: readonly (readonly [bigint, bigint] | undefined)[] = [
  [0n, 255n],
  [0n, 65535n],
  [0n, 4294967295n],
  [0n, MAX_UINT64],
  undefined,
  undefined,
  [-128n, 127n],
  [-32768n, 32767n],
  [-2147483648n, 2147483647n],
  [MIN_INT64, MAX_INT64],
];

/**
 * The value of integer text for the integer type with primitive `id`
 * (unsigned types take no sign), or null when the text is not an integer or
 * is out of the type's range.
 */
export function parseIntFor(id: number, s: string): number | bigint | null {
  const bounds = INT_BOUNDS[id];
  if (bounds === undefined) return null;
  const unsigned = id <= 3;
  if (unsigned ? !isUintText(s) : !isIntText(s)) return null;
  const v = intTextValue(s);
  if (typeof v === 'number') {
    if (v < Number(bounds[0]) || v > Number(bounds[1])) return null;
    return v;
  }
  if (v < bounds[0] || v > bounds[1]) return null;
  return v;
}

/**
 * True when `s` is a decimal float in strconv.ParseFloat's syntax:
 * [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?.
 */
export function isDecimalFloatText(s: string): boolean {
  const n = s.length;
  let i = 0;
  let c = s.charCodeAt(0);
  if (c === 43 || c === 45) i++;
  let mant = 0;
  while (i < n && isDigit(s.charCodeAt(i))) {
    i++;
    mant++;
  }
  if (s.charCodeAt(i) === 46) {
    i++;
    while (i < n && isDigit(s.charCodeAt(i))) {
      i++;
      mant++;
    }
  }
  if (mant === 0) return false;
  c = s.charCodeAt(i);
  if (c === 101 || c === 69) {
    i++;
    c = s.charCodeAt(i);
    if (c === 43 || c === 45) i++;
    let exp = 0;
    while (i < n && isDigit(s.charCodeAt(i))) {
      i++;
      exp++;
    }
    if (exp === 0) return false;
  }
  return i === n;
}

/** The value of Inf/Infinity (any case, optional sign) or NaN (any case), else undefined. */
export function specialFloat(s: string): number | undefined {
  const n = s.length;
  if (n < 3 || n > 9) return undefined;
  const lower = s.toLowerCase();
  switch (lower) {
    case 'nan':
      return NaN;
    case 'inf':
    case '+inf':
    case 'infinity':
    case '+infinity':
      return Infinity;
    case '-inf':
    case '-infinity':
      return -Infinity;
  }
  return undefined;
}

/**
 * Parses float text for a float type of `bits` bits, as strconv.ParseFloat
 * (float16 goes through float32, as Zed converts). Null when the text is not
 * a float or overflows the type (float32/64; float16 overflows to Inf as Zed's
 * conversion does).
 */
export function parseFloatFor(bits: 16 | 32 | 64, s: string): number | null {
  let v: number;
  if (isDecimalFloatText(s)) {
    v = Number(s);
    if (!Number.isFinite(v)) return null;
  } else {
    const sp = specialFloat(s);
    if (sp === undefined) return null;
    return sp;
  }
  if (bits === 64) return v;
  const f = Math.fround(v);
  if (!Number.isFinite(f)) return null;
  return bits === 32 ? f : toFloat16(f);
}
