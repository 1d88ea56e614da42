// Zeek TSV string escaping: the reader's \x.. unescaping with Zeek's
// hex-escape fallback for invalid UTF-8, and the writer's escaping of
// syntactically significant and unprintable characters (zio/zeekio escape.go,
// format.go formatString).

import type { ByteWriter } from '../../util/byte-writer.js';
import { utf8SeqLen } from '../json/json-text.js';

const HEX = '0123456789abcdef';

function unhex(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return 0xff;
}

function unesc(c: number): number {
  switch (c) {
    case 0x5c:
      return 0x5c;
    case 0x22:
      return 0x22;
    case 0x62:
      return 0x08;
    case 0x66:
      return 0x0c;
    case 0x6e:
      return 0x0a;
    case 0x72:
      return 0x0d;
    case 0x74:
      return 0x09;
  }
  return 0;
}

/**
 * Appends `b[start:end]` to `out` with Zeek escapes resolved: \xhh, and the
 * C-style \\ \" \b \f \n \r \t. Anything else is kept as is. As Zed's
 * parseZeekEscape does, \xhh is taken when either digit is hex (the other
 * then counts as 0xff, truncated to a byte).
 */
export function unescapeZeek(b: Uint8Array, start: number, end: number, out: ByteWriter): void {
  out.reserve(end - start);
  for (let i = start; i < end; ) {
    const c = b[i]!;
    if (c !== 0x5c || end - i < 2) {
      out.buf[out.len++] = c;
      i++;
      continue;
    }
    if (end - i >= 4 && b[i + 1] === 0x78) {
      const v1 = unhex(b[i + 2]!);
      const v2 = unhex(b[i + 3]!);
      if (v1 <= 0xf || v2 <= 0xf) {
        out.buf[out.len++] = ((v1 << 4) | v2) & 0xff;
        i += 4;
        continue;
      }
    } else {
      const u = unesc(b[i + 1]!);
      if (u !== 0) {
        out.buf[out.len++] = u;
        i += 2;
        continue;
      }
    }
    out.buf[out.len++] = c;
    i++;
  }
}

// Go's unicode.IsPrint beyond ASCII: letters, marks, numbers, punctuation and symbols.
// (Made on first use, as the other patterns here: building a Unicode
// property class takes a few hundred microseconds, at every CLI start
// if made on import.)
let printable: RegExp | null = null;

/** Go's unicode.IsPrint for a code point. */
export function isPrint(cp: number): boolean {
  if (cp < 0x80) return cp >= 0x20 && cp < 0x7f;
  printable ??= /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
  return printable.test(String.fromCodePoint(cp));
}

function decodeRune(b: Uint8Array, i: number, n: number): number {
  const c = b[i]!;
  if (n === 2) return ((c & 0x1f) << 6) | (b[i + 1]! & 0x3f);
  if (n === 3) return ((c & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f);
  return ((c & 0x07) << 18) | ((b[i + 1]! & 0x3f) << 12) | ((b[i + 2]! & 0x3f) << 6) | (b[i + 3]! & 0x3f);
}

/**
 * Zeek's JSON treatment of a string that is not valid UTF-8 (Zed's
 * EscapeZeekHex): each byte of an invalid or unprintable sequence (U+FFFD
 * included) becomes the text \xhh, so the result is valid UTF-8.
 */
export function escapeZeekHex(b: Uint8Array, start: number, end: number, out: ByteWriter): void {
  for (let i = start; i < end; ) {
    const c = b[i]!;
    if (c >= 0x20 && c < 0x7f) {
      out.byte(c);
      i++;
      continue;
    }
    const n = c < 0x80 ? 1 : utf8SeqLen(b, i, end);
    if (n > 1) {
      const cp = decodeRune(b, i, n);
      if (cp !== 0xfffd && isPrint(cp)) {
        out.bytes(b.subarray(i, i + n));
        i += n;
        continue;
      }
    }
    out.reserve(4);
    out.buf[out.len++] = 0x5c;
    out.buf[out.len++] = 0x78;
    out.buf[out.len++] = HEX.charCodeAt(c >> 4);
    out.buf[out.len++] = HEX.charCodeAt(c & 0xf);
    i++;
  }
}

// Characters the writer escapes: backslash, unprintables (tab among them)
// and, inside a set or vector, the set separator.
interface EscapePatterns {
  readonly needsEscape: RegExp;
  readonly needsEscapeInContainer: RegExp;
  readonly escapeAll: RegExp;
  readonly escapeAllInContainer: RegExp;
}
let patterns: EscapePatterns | null = null;

function escapePatterns(): EscapePatterns {
  patterns ??= {
    needsEscape: /[^\p{L}\p{M}\p{N}\p{P}\p{S} ]|\\/u,
    needsEscapeInContainer: /[^\p{L}\p{M}\p{N}\p{P}\p{S} ]|[\\,]/u,
    escapeAll: /[^\p{L}\p{M}\p{N}\p{P}\p{S} ]|\\/gu,
    escapeAllInContainer: /[^\p{L}\p{M}\p{N}\p{P}\p{S} ]|[\\,]/gu,
  };
  return patterns;
}

/** A code point as Zed writes it: its hex digits, padded to even length, in \x pairs. */
function hexRune(ch: string): string {
  if (ch === '\\') return '\\\\';
  let code = ch.codePointAt(0)!.toString(16);
  if (code.length % 2 !== 0) code = '0' + code;
  let s = '';
  for (let k = 0; k < code.length; k += 2) s += '\\x' + code.slice(k, k + 2);
  return s;
}

/**
 * A string value as a Zeek field. "-" and "(empty)" are escaped so they do
 * not read back as unset or empty; a comma is escaped only in a container.
 */
export function formatZeekString(s: string, inContainer: boolean): string {
  if (s === '-') return '\\x2d';
  if (s === '(empty)') return '\\x28empty)';
  const p = escapePatterns();
  if (inContainer) {
    return p.needsEscapeInContainer.test(s) ? s.replace(p.escapeAllInContainer, hexRune) : s;
  }
  return p.needsEscape.test(s) ? s.replace(p.escapeAll, hexRune) : s;
}
