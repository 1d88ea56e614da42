// Number tokens off the JSON reader's fast path, read as Zed does (zio/jsonio
// reader.go): Go's ParseInt first (an int64), then ParseFloat (a float64);
// integers beyond int64 become floats; a float overflow is an error.

import { goQuoteBytes } from './json-text.js';
import { JsonSyntaxError } from './syntax.js';

export const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/**
 * The number token buf[p:q]: a bigint when it is an int64, else a float64.
 * `integer` says the token is an optional minus and digits only.
 */
export function numberToken(buf: Uint8Array, p: number, q: number, integer: boolean): bigint | number {
  const neg = buf[p] === 0x2d;
  if (!integer) {
    const x = fastFloat(buf, neg ? p + 1 : p, q);
    if (x !== undefined) return neg ? -x : x;
  }
  let text = '';
  for (let i = p; i < q; i++) text += String.fromCharCode(buf[i]!);
  if (integer) {
    const big = BigInt(text);
    if (big >= INT64_MIN && big <= INT64_MAX) return big;
  }
  // Number() and Go's ParseFloat accept the same texts made of the lexer's
  // number bytes, and both round correctly.
  const x = Number(text);
  if (Number.isNaN(x)) throw new JsonSyntaxError(`strconv.ParseFloat: parsing ${goQuoteBytes(buf.subarray(p, q))}: invalid syntax`, p);
  if (!Number.isFinite(x)) {
    throw new JsonSyntaxError(`strconv.ParseFloat: parsing ${goQuoteBytes(buf.subarray(p, q))}: value out of range`, p);
  }
  return x;
}

/**
 * Exact decimal-to-double for short numerals (Clinger's fast path): digits
 * forming an integer below 2^53 and a decimal exponent within ±22 make one
 * correctly rounded multiply or divide. Undefined when it does not apply.
 */
function fastFloat(b: Uint8Array, i: number, end: number): number | undefined {
  let m = 0;
  let frac = 0;
  let sawDigit = false;
  while (i < end) {
    const d = b[i]! - 0x30;
    if (d < 0 || d > 9) break;
    sawDigit = true;
    m = m * 10 + d;
    i++;
  }
  if (i < end && b[i] === 0x2e) {
    i++;
    while (i < end) {
      const d = b[i]! - 0x30;
      if (d < 0 || d > 9) break;
      sawDigit = true;
      m = m * 10 + d;
      frac++;
      i++;
    }
  }
  if (!sawDigit || m >= 2 ** 53) return undefined;
  let exp = 0;
  if (i < end && (b[i] === 0x65 || b[i] === 0x45)) {
    i++;
    let eneg = false;
    if (b[i] === 0x2b || b[i] === 0x2d) {
      eneg = b[i] === 0x2d;
      i++;
    }
    const es = i;
    while (i < end) {
      const d = b[i]! - 0x30;
      if (d < 0 || d > 9) break;
      exp = exp * 10 + d;
      if (exp > 1000) return undefined;
      i++;
    }
    if (i === es) return undefined;
    if (eneg) exp = -exp;
  }
  if (i !== end) return undefined;
  if (m === 0) return 0;
  exp -= frac;
  if (exp < -22 || exp > 22) return undefined;
  return exp < 0 ? m / POW10[-exp]! : m * POW10[exp]!;
}
