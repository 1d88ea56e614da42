// Parses one Zeek field (a byte range of a log line) as a Zed primitive and
// appends its zcode straight into a Builder, without a string or body array
// per value on the common paths. Errors read as Go's strconv/netip ones, as
// zio/zeekio builder.go reports them.

import { ByteWriter } from '../../util/byte-writer.js';
import { goFloatError, parseGoBool, parseGoFloat } from '../../util/strconv.js';
import { encodeUtf8, decodeUtf8 } from '../../util/utf8.js';
import { ID, encodeInt, encodeUint, parseIP, parseNet, type Builder } from '../../zed/index.js';
import { goQuoteBytes, isValidUtf8, nfcIfChanged } from '../json/json-text.js';
import { escapeZeekHex, unescapeZeek } from './zeek-escape.js';
import { parseZeekTime, type TimeParts } from './zeek-time.js';

const TWO32 = 2 ** 32;
const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);
const MAX_UINT64 = (1n << 64n) - 1n;

function latin1(b: Uint8Array, s: number, e: number): string {
  let out = '';
  for (let i = s; i < e; i++) out += String.fromCharCode(b[i]!);
  return out;
}

function syntaxError(fn: string, b: Uint8Array, s: number, e: number, why = 'invalid syntax'): Error {
  return new Error(`strconv.${fn}: parsing ${goQuoteBytes(b.subarray(s, e))}: ${why}`);
}

/** Appends minimal little-endian bytes of `n` (0 <= n < 2^53) as one element. */
function appendUint(zb: Builder, n: number): void {
  let len = 0;
  for (let x = n; x > 0; x = Math.floor(x / 256)) len++;
  const at = zb.appendBody(len);
  const buf = zb.buf;
  for (let i = 0, x = n; i < len; i++, x = Math.floor(x / 256)) buf[at + i] = x % 256;
}

/** Appends the 64-bit unsigned hi * 2^32 + lo (both < 2^32) as one element. */
function appendUint64(zb: Builder, hi: number, lo: number): void {
  if (hi === 0) {
    appendUint(zb, lo);
    return;
  }
  let len = 4;
  for (let x = hi; x > 0; x = Math.floor(x / 256)) len++;
  const at = zb.appendBody(len);
  const buf = zb.buf;
  for (let i = 0, x = lo; i < 4; i++, x = Math.floor(x / 256)) buf[at + i] = x % 256;
  for (let i = 4, x = hi; i < len; i++, x = Math.floor(x / 256)) buf[at + i] = x % 256;
}

/**
 * Appends signed nanoseconds (|ns| = sec * 1e9 + frac, sec < 2^33) in zcode's
 * sign-magnitude form u = 2|ns| + sign, computed in two 32-bit halves so no
 * bigint is needed: u = q * 2e9 * 2^21 + (r * 2e9 + 2 frac + sign), sec = q 2^21 + r.
 */
function appendNs(zb: Builder, neg: boolean, sec: number, frac: number): void {
  const q = Math.floor(sec / 2097152);
  const r = sec - q * 2097152;
  const low = r * 2e9 + 2 * frac + (neg ? 1 : 0);
  const high = q * 2e9;
  const hh = Math.floor(high / 2048);
  const hl = high - hh * 2048;
  let lo = (low % TWO32) + hl * 2097152;
  let hi = Math.floor(low / TWO32) + hh;
  if (lo >= TWO32) {
    lo -= TWO32;
    hi += 1;
  }
  appendUint64(zb, hi, lo);
}

function digitsOnly(b: Uint8Array, s: number, e: number): boolean {
  if (s >= e) return false;
  for (let i = s; i < e; i++) {
    const c = b[i]!;
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

function digitsValue(b: Uint8Array, s: number, e: number): number {
  let n = 0;
  for (let i = s; i < e; i++) n = n * 10 + (b[i]! - 0x30);
  return n;
}

function appendInt64(zb: Builder, b: Uint8Array, s: number, e: number): void {
  const sign = b[s] === 0x2d || b[s] === 0x2b ? 1 : 0;
  if (!digitsOnly(b, s + sign, e)) throw syntaxError('ParseInt', b, s, e);
  if (e - s - sign <= 15) {
    const n = digitsValue(b, s + sign, e);
    const neg = b[s] === 0x2d && n !== 0;
    appendUint(zb, neg ? n * 2 + 1 : n * 2);
    return;
  }
  const v = BigInt(latin1(b, s, e));
  if (v > MAX_INT64 || v < MIN_INT64) throw syntaxError('ParseInt', b, s, e, 'value out of range');
  zb.append(encodeInt(v));
}

function appendUintText(zb: Builder, b: Uint8Array, s: number, e: number, max: bigint): void {
  if (!digitsOnly(b, s, e)) throw syntaxError('ParseUint', b, s, e);
  if (e - s <= 15) {
    const n = digitsValue(b, s, e);
    if (n > Number(max)) throw syntaxError('ParseUint', b, s, e, 'value out of range');
    appendUint(zb, n);
    return;
  }
  const v = BigInt(latin1(b, s, e));
  if (v > max) throw syntaxError('ParseUint', b, s, e, 'value out of range');
  zb.append(encodeUint(v));
}

const f64 = new Float64Array(1);
const f64b = new Uint8Array(f64.buffer);

function appendFloat64(zb: Builder, b: Uint8Array, s: number, e: number): void {
  const text = latin1(b, s, e);
  const x = parseGoFloat(text);
  if (x === undefined) throw syntaxError('ParseFloat', b, s, e, goFloatError(text));
  f64[0] = x;
  const at = zb.appendBody(8);
  zb.buf.set(f64b, at);
}

function appendBool(zb: Builder, b: Uint8Array, s: number, e: number): void {
  const v = parseGoBool(latin1(b, s, e));
  if (v === undefined) throw syntaxError('ParseBool', b, s, e);
  const at = zb.appendBody(1);
  zb.buf[at] = v ? 1 : 0;
}

/** Parses Zeek fields into a Builder; reuses its scratch buffers across values. */
export class PrimitiveParser {
  private readonly unescaped = new ByteWriter(256);
  private readonly escaped = new ByteWriter(256);
  private readonly time: TimeParts = { neg: false, sec: 0, frac: 0, big: null };

  /** Appends field `b[s:e]` as a value of the primitive type `id`; "-" is null. */
  append(zb: Builder, id: number, b: Uint8Array, s: number, e: number): void {
    if (e - s === 1 && b[s] === 0x2d) {
      zb.append(null);
      return;
    }
    switch (id) {
      case ID.int64:
        appendInt64(zb, b, s, e);
        return;
      case ID.uint16:
        appendUintText(zb, b, s, e, 0xffffn);
        return;
      case ID.uint64:
        appendUintText(zb, b, s, e, MAX_UINT64);
        return;
      case ID.time:
      case ID.duration: {
        const t = this.time;
        parseZeekTime(b, s, e, t);
        if (t.big !== null) zb.append(encodeInt(t.big));
        else appendNs(zb, t.neg, t.sec, t.frac);
        return;
      }
      case ID.float64:
        appendFloat64(zb, b, s, e);
        return;
      case ID.bool:
        appendBool(zb, b, s, e);
        return;
      case ID.string:
        this.appendString(zb, b, s, e);
        return;
      case ID.ip: {
        const ip = parseIP(latin1(b, s, e));
        if (ip === null) throw new Error(`ParseAddr(${goQuoteBytes(b.subarray(s, e))}): unable to parse IP`);
        zb.append(ip);
        return;
      }
      case ID.net: {
        const net = parseNet(latin1(b, s, e));
        if (net === null) throw new Error(`netip.ParsePrefix(${goQuoteBytes(b.subarray(s, e))}): invalid prefix`);
        zb.append(net);
        return;
      }
    }
    throw new Error(`zeek: no parser for type ID ${id}`);
  }

  /**
   * Strings: escapes resolved; text that is then not valid UTF-8 gets Zeek's
   * \xhh treatment (as Zeek does for JSON); the result is NFC-normalized.
   */
  private appendString(zb: Builder, b: Uint8Array, s: number, e: number): void {
    let plain = true;
    let high = false;
    for (let i = s; i < e; i++) {
      const c = b[i]!;
      if (c === 0x5c) plain = false;
      else if (c >= 0x80) high = true;
    }
    if (plain && (!high || (isValidUtf8(b, s, e) && !mayDenormalize(b, s, e)))) {
      zb.appendRange(b, s, e);
      return;
    }
    let src = b;
    let ss = s;
    let se = e;
    if (!plain) {
      const u = this.unescaped;
      u.len = 0;
      unescapeZeek(b, s, e, u);
      src = u.buf;
      ss = 0;
      se = u.len;
    }
    if (!isValidUtf8(src, ss, se)) {
      const w = this.escaped;
      w.len = 0;
      escapeZeekHex(src, ss, se, w);
      src = w.buf;
      ss = 0;
      se = w.len;
    }
    if (mayDenormalize(src, ss, se)) {
      const nfc = nfcIfChanged(decodeUtf8(src.subarray(ss, se)));
      if (nfc !== null) {
        zb.append(encodeUtf8(nfc));
        return;
      }
    }
    zb.appendRange(src, ss, se);
  }
}

/** Code points below U+0300 (lead bytes below 0xCC) are unchanged by NFC. */
function mayDenormalize(b: Uint8Array, s: number, e: number): boolean {
  for (let i = s; i < e; i++) if (b[i]! >= 0xcc) return true;
  return false;
}
