// Unquoted ZSON primitive literals ("words" such as 12, 1.5, true, 10.0.0.1,
// 1h30m, 2024-01-02T03:04:05Z, 0xff): recognizing the implied type and
// encoding the body. Types are tried in Zed's order (zson/parser-values.go
// matchPrimitive): bool, null, int64, uint64, float64, time, duration, net,
// ip, bytes.

import {
  parseIP,
  parseNet,
  TypeBool,
  TypeBytes,
  TypeDuration,
  TypeFloat64,
  TypeInt64,
  TypeIP,
  TypeNet,
  TypeNull,
  TypeTime,
  TypeUint64,
  type PrimitiveType,
} from '../zed/index.js';
import { isDecimalFloatText, parseGoSpecialFloat } from '../util/strconv.js';
import { isIntText, intTextValue } from './number-parse.js';
import { parseDuration, parseTimeUnbounded } from './time-parse.js';
import type { ZcodeBuilder } from './zcode-builder.js';

/** Returned for a date-time outside the int64 nanosecond range. */
export const TIME_OVERFLOW = 'time-overflow';

const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);
const MAX_UINT64 = (1n << 64n) - 1n;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** The bytes of "0x" followed by an even number of hex digits, or null. */
export function parseHexBytes(w: string): Uint8Array | null {
  if (w.length < 2 || w.charCodeAt(0) !== 48 || w.charCodeAt(1) !== 120) return null;
  const n = w.length - 2;
  if (n % 2 !== 0) return null;
  const out = new Uint8Array(n / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = hexValue(w.charCodeAt(2 + i * 2));
    const lo = hexValue(w.charCodeAt(3 + i * 2));
    if (hi < 0 || lo < 0) return null;
    out[i] = hi * 16 + lo;
  }
  return out;
}

function isDurationUnit(c: number): boolean {
  // s m h d w y (ns, us and ms end in s)
  return c === 115 || c === 109 || c === 104 || c === 100 || c === 119 || c === 121;
}

/**
 * Appends the body of literal `w` with its implied type and returns that
 * type; returns null (appending nothing) when `w` is not a literal and
 * TIME_OVERFLOW for a date-time beyond int64 nanoseconds.
 */
export function appendLiteral(b: ZcodeBuilder, w: string): PrimitiveType | typeof TIME_OVERFLOW | null {
  const n = w.length;
  if (n === 0) return null;
  const c = w.charCodeAt(0);
  if (isDigit(c) || c === 45 || c === 43 || c === 46) {
    if (isIntText(w)) {
      const v = intTextValue(w);
      if (typeof v === 'number') {
        b.appendIntNumber(v);
        return TypeInt64;
      }
      if (v >= MIN_INT64 && v <= MAX_INT64) {
        b.appendIntBig(v);
        return TypeInt64;
      }
      if (c !== 45 && c !== 43 && v <= MAX_UINT64) {
        b.appendUintBig(v);
        return TypeUint64;
      }
      // Too big for 64 bits: strconv.ParseFloat still reads it.
      const f = Number(w);
      if (!Number.isFinite(f)) return null;
      b.appendFloat64(f);
      return TypeFloat64;
    }
    if (isDecimalFloatText(w)) {
      const f = Number(w);
      if (!Number.isFinite(f)) return null;
      b.appendFloat64(f);
      return TypeFloat64;
    }
    if (c === 45 || c === 43) {
      const sp = parseGoSpecialFloat(w);
      if (sp !== undefined) {
        b.appendFloat64(sp);
        return TypeFloat64;
      }
    }
    if (n >= 20 && w.charCodeAt(4) === 45) {
      const ns = parseTimeUnbounded(w);
      if (ns !== null) {
        if (ns > MAX_INT64 || ns < MIN_INT64) return TIME_OVERFLOW;
        b.appendIntBig(ns);
        return TypeTime;
      }
    }
    if (isDurationUnit(w.charCodeAt(n - 1))) {
      const d = parseDuration(w);
      if (d !== null) {
        b.appendIntBig(d);
        return TypeDuration;
      }
    }
  } else {
    switch (w) {
      case 'true':
        b.appendBool(true);
        return TypeBool;
      case 'false':
        b.appendBool(false);
        return TypeBool;
      case 'null':
        b.appendNull();
        return TypeNull;
      case 'NaN':
      case 'nan':
      case 'Inf':
      case 'inf':
        b.appendFloat64(parseGoSpecialFloat(w)!);
        return TypeFloat64;
    }
  }
  if (w.indexOf('/') >= 0) {
    const net = parseNet(w);
    if (net !== null) {
      b.appendBytes(net);
      return TypeNet;
    }
    return null;
  }
  if (c === 48 && w.charCodeAt(1) === 120) {
    const bytes = parseHexBytes(w);
    if (bytes === null) return null;
    b.appendBytes(bytes);
    return TypeBytes;
  }
  const ip = parseIP(w);
  if (ip !== null) {
    b.appendBytes(ip);
    return TypeIP;
  }
  return null;
}
