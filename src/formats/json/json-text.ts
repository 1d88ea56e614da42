// Text helpers for the JSON reader: Zed's string unquoting rules (zio/jsonio
// decode.go semantics: Go-style UTF-8 coercion, lone surrogates to U+FFFD),
// NFC normalization of string values, and Go's %q quoting for error messages.

import type { ByteWriter } from '../../util/byte-writer.js';
import { utf8Encoder } from '../../util/utf8.js';
import { lazyRegExp } from '../../util/lazy-regexp.js';

const lenient = new TextDecoder('utf-8');

/** Length of the valid UTF-8 sequence at `i` (Go's utf8.DecodeRune), or 0 when invalid. */
export function utf8SeqLen(b: Uint8Array, i: number, end: number): number {
  const c = b[i]!;
  if (c < 0x80) return 1;
  let n: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (c >= 0xc2 && c <= 0xdf) n = 2;
  else if (c >= 0xe0 && c <= 0xef) {
    n = 3;
    if (c === 0xe0) lo = 0xa0;
    else if (c === 0xed) hi = 0x9f;
  } else if (c >= 0xf0 && c <= 0xf4) {
    n = 4;
    if (c === 0xf0) lo = 0x90;
    else if (c === 0xf4) hi = 0x8f;
  } else return 0;
  if (i + n > end) return 0;
  const c1 = b[i + 1]!;
  if (c1 < lo || c1 > hi) return 0;
  for (let k = 2; k < n; k++) {
    const ck = b[i + k]!;
    if (ck < 0x80 || ck > 0xbf) return 0;
  }
  return n;
}

/** True when `b[start:end]` is well-formed UTF-8. */
export function isValidUtf8(b: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; ) {
    if (b[i]! < 0x80) {
      i++;
      continue;
    }
    const n = utf8SeqLen(b, i, end);
    if (n === 0) return false;
    i += n;
  }
  return true;
}

/**
 * NFC-normalized form of `s`, or null when `s` is already NFC. Code points
 * below U+0300 never change under NFC nor combine with what precedes them,
 * so most text skips String.prototype.normalize.
 */
export function nfcIfChanged(s: string): string | null {
  let i = 0;
  while (i < s.length && s.charCodeAt(i) < 0x300) i++;
  if (i === s.length) return null;
  const n = s.normalize('NFC');
  return n === s ? null : n;
}

function hex4(b: Uint8Array, i: number): number {
  let r = 0;
  for (let k = 0; k < 4; k++) {
    const c = b[i + k];
    let d: number;
    if (c === undefined) return -1;
    if (c >= 0x30 && c <= 0x39) d = c - 0x30;
    else if (c >= 0x61 && c <= 0x66) d = c - 0x61 + 10;
    else if (c >= 0x41 && c <= 0x46) d = c - 0x41 + 10;
    else return -1;
    r = r * 16 + d;
  }
  return r;
}

/** The \uXXXX escape at `b[i]` (which must start with a backslash), or -1. */
function escapeU(b: Uint8Array, i: number, end: number): number {
  if (i + 6 > end || b[i] !== 0x5c || b[i + 1] !== 0x75) return -1;
  return hex4(b, i + 2);
}

function putRune(w: ByteWriter, r: number): void {
  if (r < 0x80) w.byte(r);
  else if (r < 0x800) {
    w.byte(0xc0 | (r >> 6));
    w.byte(0x80 | (r & 0x3f));
  } else if (r < 0x10000) {
    w.byte(0xe0 | (r >> 12));
    w.byte(0x80 | ((r >> 6) & 0x3f));
    w.byte(0x80 | (r & 0x3f));
  } else {
    w.byte(0xf0 | (r >> 18));
    w.byte(0x80 | ((r >> 12) & 0x3f));
    w.byte(0x80 | ((r >> 6) & 0x3f));
    w.byte(0x80 | (r & 0x3f));
  }
}

/**
 * Unquotes the content of a JSON string token (`b[start:end]`, between the
 * quotes) into `w` by Zed's rules: the JSON escapes plus \' ; a surrogate
 * escape not followed by its partner becomes U+FFFD; malformed UTF-8 is
 * coerced. Returns false on a bad escape or a raw control character.
 */
export function unquoteInto(b: Uint8Array, start: number, end: number, w: ByteWriter): boolean {
  let i = start;
  while (i < end) {
    const c = b[i]!;
    if (c === 0x5c) {
      const e = b[i + 1];
      switch (e) {
        case 0x22: // "
        case 0x5c: // \
        case 0x2f: // /
        case 0x27: // '
          w.byte(e);
          i += 2;
          break;
        case 0x62: // b
          w.byte(8);
          i += 2;
          break;
        case 0x66: // f
          w.byte(12);
          i += 2;
          break;
        case 0x6e: // n
          w.byte(10);
          i += 2;
          break;
        case 0x72: // r
          w.byte(13);
          i += 2;
          break;
        case 0x74: // t
          w.byte(9);
          i += 2;
          break;
        case 0x75: {
          // u
          let r = escapeU(b, i, end);
          if (r < 0) return false;
          i += 6;
          if (r >= 0xd800 && r < 0xe000) {
            const r2 = escapeU(b, i, end);
            if (r < 0xdc00 && r2 >= 0xdc00 && r2 < 0xe000) {
              r = 0x10000 + ((r - 0xd800) << 10) + (r2 - 0xdc00);
              i += 6;
            } else {
              r = 0xfffd;
            }
          }
          putRune(w, r);
          break;
        }
        default:
          return false;
      }
    } else if (c < 0x20 || c === 0x22) {
      return false;
    } else if (c < 0x80) {
      w.byte(c);
      i++;
    } else {
      const n = utf8SeqLen(b, i, end);
      if (n === 0) {
        putRune(w, 0xfffd);
        i++;
      } else {
        for (let k = 0; k < n; k++) w.byte(b[i + k]!);
        i += n;
      }
    }
  }
  return true;
}

/** Encodes a string into `w` as UTF-8. */
export function writeUtf8(w: ByteWriter, s: string): void {
  w.reserve(s.length * 3);
  const r = utf8Encoder.encodeInto(s, w.buf.subarray(w.len));
  w.len += r.written;
}

// --- Go's %q, for error messages that match zq's ---

const nonPrint = lazyRegExp(String.raw`[\p{C}\p{Z}]`, 'u');

function isGoPrint(cp: number): boolean {
  if (cp === 0x20) return true;
  if (cp < 0x20 || cp === 0x7f) return false;
  if (cp < 0x7f) return true;
  return !nonPrint().test(String.fromCodePoint(cp));
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

function quoteRuneBody(cp: number, quote: number): string {
  if (cp === quote || cp === 0x5c) return '\\' + String.fromCharCode(cp);
  if (isGoPrint(cp)) return String.fromCodePoint(cp);
  switch (cp) {
    case 7:
      return '\\a';
    case 8:
      return '\\b';
    case 12:
      return '\\f';
    case 10:
      return '\\n';
    case 13:
      return '\\r';
    case 9:
      return '\\t';
    case 11:
      return '\\v';
  }
  if (cp < 0x20 || cp === 0x7f) return '\\x' + hex(cp, 2);
  if (cp < 0x10000) return '\\u' + hex(cp, 4);
  return '\\U' + hex(cp, 8);
}

/** Go's fmt %q of a byte: a character literal of the rune with that value ('x', '\n', 'é'). */
export function goQuoteByte(c: number): string {
  return "'" + quoteRuneBody(c, 0x27) + "'";
}

/** Go's fmt %q of a byte slice: a double-quoted Go string literal (bad UTF-8 as \xNN). */
export function goQuoteBytes(b: Uint8Array): string {
  let s = '"';
  for (let i = 0; i < b.length; ) {
    const c = b[i]!;
    if (c < 0x80) {
      s += quoteRuneBody(c, 0x22);
      i++;
      continue;
    }
    const n = utf8SeqLen(b, i, b.length);
    if (n === 0) {
      s += '\\x' + hex(c, 2);
      i++;
      continue;
    }
    const cp = lenient.decode(b.subarray(i, i + n)).codePointAt(0)!;
    s += quoteRuneBody(cp, 0x22);
    i += n;
  }
  return s + '"';
}
