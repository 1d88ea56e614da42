// JSON string literals exactly as Go's encoding/json (Go 1.21, which built
// zq v1.18.0) writes them: HTML-sensitive <, > and & escaped, \n \r \t as
// short escapes, other control characters and U+2028/U+2029 as \u00XX /
// \u2028, and no other escaping.

import { isValidUtf8, utf8SeqLen } from '../json/json-decoder.js';

const HEX = '0123456789abcdef';

// Printable ASCII that needs no escape.
const plain = /^[\x20\x21\x23-\x25\x27-\x3b\x3d\x3f-\x5b\x5d-\x7e]*$/;

export function goJsonQuote(s: string): string {
  if (plain.test(s)) return '"' + s + '"';
  let out = '"';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let esc: string | null = null;
    if (c < 0x80) {
      if (c >= 0x20 && c !== 0x22 && c !== 0x5c && c !== 0x3c && c !== 0x3e && c !== 0x26) continue;
      if (c === 0x22) esc = '\\"';
      else if (c === 0x5c) esc = '\\\\';
      else if (c === 0x0a) esc = '\\n';
      else if (c === 0x0d) esc = '\\r';
      else if (c === 0x09) esc = '\\t';
      else esc = '\\u00' + HEX[c >> 4]! + HEX[c & 0xf]!;
    } else if (c === 0x2028 || c === 0x2029) {
      esc = '\\u202' + HEX[c & 0xf]!;
    } else if (c >= 0xd800 && c < 0xe000) {
      // A well-formed pair passes; a lone surrogate is not text Go could hold.
      const d = s.charCodeAt(i + 1);
      if (c < 0xdc00 && d >= 0xdc00 && d < 0xe000) {
        i++;
        continue;
      }
      esc = '\\ufffd';
    } else {
      continue;
    }
    out += s.slice(from, i) + esc;
    from = i + 1;
  }
  return out + s.slice(from) + '"';
}

const lenient = new TextDecoder('utf-8');

/**
 * Go's JSON string literal for UTF-8 bytes buf[start:end]: as goJsonQuote,
 * except that each byte of malformed UTF-8 becomes the escape \ufffd (a
 * real U+FFFD stays a literal character).
 */
export function goJsonQuoteBytes(buf: Uint8Array, start: number, end: number): string {
  let ascii = true;
  for (let i = start; i < end; i++) {
    if (buf[i]! >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    let s = '';
    for (let i = start; i < end; i++) s += String.fromCharCode(buf[i]!);
    return goJsonQuote(s);
  }
  if (isValidUtf8(buf, start, end)) return goJsonQuote(lenient.decode(buf.subarray(start, end)));
  let out = '"';
  let run = start;
  for (let i = start; i < end; ) {
    const n = utf8SeqLen(buf, i, end);
    if (n > 0) {
      i += n;
      continue;
    }
    out += goJsonQuote(lenient.decode(buf.subarray(run, i))).slice(1, -1) + '\\ufffd';
    run = ++i;
  }
  return out + goJsonQuote(lenient.decode(buf.subarray(run, end))).slice(1, -1) + '"';
}
