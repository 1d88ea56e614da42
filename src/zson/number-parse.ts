// Decimal text to numbers with Go's strconv rules, as Zed parses ZSON and
// ZJSON numbers: ParseInt (optional sign), ParseUint (no sign) and, by type,
// ParseFloat (src/util/strconv.ts).

import { parseGoFloat } from '../util/strconv.js';
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
 * Parses float text for a float type of `bits` bits, as strconv.ParseFloat
 * (float16 goes through float32, as Zed converts). Null when the text is not
 * a float or overflows the type (float32/64; float16 overflows to Inf as Zed's
 * conversion does).
 */
export function parseFloatFor(bits: 16 | 32 | 64, s: string): number | null {
  const v = parseGoFloat(s, bits === 64 ? 64 : 32);
  if (v === undefined) return null;
  return bits === 16 ? toFloat16(v) : v;
}
