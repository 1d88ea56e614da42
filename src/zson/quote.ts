// Quoting for ZSON (and, with a flag, JSON) strings, field names and type
// names, byte-exact with Zed's zson/escape.go and zson/name.go: invalid UTF-8
// becomes the escape text \ufffd one byte at a time, as Go's utf8.DecodeRune.

import { lazyRegExp } from '../util/lazy-regexp.js';

const HEX = '0123456789abcdef';
const shared = new TextDecoder('utf-8');

/**
 * Length of the valid UTF-8 sequence at `buf[i]` (a byte >= 0x80), or 0 when
 * it is invalid by Go's rules (overlongs, surrogates and > U+10FFFF rejected).
 */
export function utf8SequenceLength(buf: Uint8Array, i: number, end: number): number {
  const c = buf[i]!;
  if (c < 0xc2) return 0;
  if (c < 0xe0) return i + 1 < end && (buf[i + 1]! & 0xc0) === 0x80 ? 2 : 0;
  if (c < 0xf0) {
    if (i + 2 >= end) return 0;
    const c1 = buf[i + 1]!;
    const lo = c === 0xe0 ? 0xa0 : 0x80;
    const hi = c === 0xed ? 0x9f : 0xbf;
    return c1 >= lo && c1 <= hi && (buf[i + 2]! & 0xc0) === 0x80 ? 3 : 0;
  }
  if (c < 0xf5) {
    if (i + 3 >= end) return 0;
    const c1 = buf[i + 1]!;
    const lo = c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xf4 ? 0x8f : 0xbf;
    return c1 >= lo && c1 <= hi && (buf[i + 2]! & 0xc0) === 0x80 && (buf[i + 3]! & 0xc0) === 0x80 ? 4 : 0;
  }
  return 0;
}

/** Decodes bytes known to be ASCII (or valid UTF-8 when long). */
function plain(buf: Uint8Array, start: number, end: number): string {
  if (end - start > 24) return shared.decode(buf.subarray(start, end));
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(buf[i]!);
  return s;
}

function escapeAscii(c: number, json: boolean): string {
  switch (c) {
    case 0x22:
      return '\\"';
    case 0x5c:
      return '\\\\';
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x09:
      return '\\t';
    // Go 1.21's encoding/json (Zed's toolchain) writes \b and \f as \u00XX.
    case 0x08:
      if (!json) return '\\b';
      break;
    case 0x0c:
      if (!json) return '\\f';
      break;
  }
  return '\\u00' + HEX[c >> 4]! + HEX[c & 15]!;
}

/**
 * Quotes the UTF-8 bytes `buf[start:end]` as a ZSON string (zson.QuotedString),
 * or, when `json` is set, as Go's encoding/json does with HTML escaping off
 * (control characters as \u00XX except \n \r \t, U+2028 and U+2029 escaped).
 */
export function quoteUtf8(buf: Uint8Array, start: number, end: number, json = false): string {
  let i = start;
  while (i < end) {
    const c = buf[i]!;
    if (c < 0x20 || c === 0x22 || c === 0x5c || c >= 0x80) break;
    i++;
  }
  if (i === end) return '"' + plain(buf, start, end) + '"';
  let out = '"';
  let seg = start; // start of the pending run of bytes that need no escaping
  while (i < end) {
    const c = buf[i]!;
    if (c < 0x80) {
      if (c < 0x20 || c === 0x22 || c === 0x5c) {
        if (seg < i) out += shared.decode(buf.subarray(seg, i));
        out += escapeAscii(c, json);
        seg = i + 1;
      }
      i++;
      continue;
    }
    const n = utf8SequenceLength(buf, i, end);
    if (n === 0) {
      if (seg < i) out += shared.decode(buf.subarray(seg, i));
      out += '\\ufffd';
      i++;
      seg = i;
      continue;
    }
    if (json && n === 3 && c === 0xe2 && buf[i + 1] === 0x80 && (buf[i + 2] === 0xa8 || buf[i + 2] === 0xa9)) {
      if (seg < i) out += shared.decode(buf.subarray(seg, i));
      out += buf[i + 2] === 0xa8 ? '\\u2028' : '\\u2029';
      seg = i + 3;
    }
    i += n;
  }
  if (seg < end) out += shared.decode(buf.subarray(seg, end));
  return out + '"';
}

/** Quotes a string as a ZSON string literal (zson.QuotedString). */
export function quoteString(s: string): string {
  return quoteText(s, false);
}

/** Quotes a string as Go's encoding/json does with HTML escaping off. */
export function quoteJsonString(s: string): string {
  return quoteText(s, true);
}

function quoteText(s: string, json: boolean): string {
  let i = 0;
  const n = s.length;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff) || c === 0x2028 || c === 0x2029) break;
  }
  if (i === n) return '"' + s + '"';
  let out = '"' + s.slice(0, i);
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c) {
      out += escapeAscii(c, json);
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      out += s[i]! + s[i + 1]!;
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      // A lone surrogate has no UTF-8 form; TextEncoder makes it U+FFFD.
      out += '\ufffd';
    } else if (json && (c === 0x2028 || c === 0x2029)) {
      out += c === 0x2028 ? '\\u2028' : '\\u2029';
    } else {
      out += s[i]!;
    }
  }
  return out + '"';
}

// unicode.IsLetter for code points beyond ASCII; compiled once per module.
const letter = lazyRegExp(String.raw`^\p{L}$`, 'u');

function isLetter(c: number, s: string, i: number): boolean {
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
  const cp = s.codePointAt(i)!;
  return letter().test(String.fromCodePoint(cp));
}

/** True when `s` is a ZSON identifier: a letter, _ or $, then those or digits. */
export function isIdentifier(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ok = c === 0x5f || c === 0x24 || isLetter(c, s, i) || (i > 0 && c >= 0x30 && c <= 0x39);
    if (!ok) return false;
    if (c >= 0xd800 && c <= 0xdbff) i++;
  }
  return true;
}

/** True when `s` may be written unquoted as a type name (the empty name may). */
export function isTypeName(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const digit = c >= 0x30 && c <= 0x39;
    if (i === 0 && digit) return false;
    if (!(digit || c === 0x2e || c === 0x5f || c === 0x24 || isLetter(c, s, i))) return false;
    if (c >= 0xd800 && c <= 0xdbff) i++;
  }
  return true;
}

/** A field name or enum symbol as ZSON writes it: bare when an identifier. */
export function quoteName(s: string): string {
  return isIdentifier(s) ? s : quoteString(s);
}

/** A type name as ZSON decorators write it: bare when a valid type name. */
export function quoteTypeName(s: string): string {
  return isTypeName(s) ? s : quoteString(s);
}
