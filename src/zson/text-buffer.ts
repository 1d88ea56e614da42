// A growable UTF-8 output buffer for the ZSON and JSON writers. Writing bytes
// straight into one buffer per batch avoids building (and later flattening
// and encoding) a rope of many small JS strings, which dominated the cost.

import { ByteWriter } from '../util/byte-writer.js';
import { utf8SequenceLength } from './quote.js';

const HEX = '0123456789abcdef';
const utf8 = new TextEncoder();
const decoder = new TextDecoder('utf-8');

/** Writes "u00XX" (after a backslash) for an ASCII control code; returns the new end. */
function unicodeEscape(b: Uint8Array, at: number, c: number): number {
  b[at++] = 0x75;
  b[at++] = 0x30;
  b[at++] = 0x30;
  b[at++] = HEX.charCodeAt(c >> 4);
  b[at++] = HEX.charCodeAt(c & 15);
  return at;
}

export class TextBuffer extends ByteWriter {
  constructor(capacity = 1 << 16) {
    super(capacity);
  }

  /** Appends a string known to be ASCII. */
  ascii(s: string): void {
    const n = s.length;
    if (this.len + n > this.buf.length) this.reserve(n);
    const b = this.buf;
    let at = this.len;
    for (let i = 0; i < n; i++) b[at++] = s.charCodeAt(i);
    this.len = at;
  }

  /** Appends any string as UTF-8. */
  text(s: string): void {
    const n = s.length;
    let i = 0;
    if (this.len + n > this.buf.length) this.reserve(n);
    const b = this.buf;
    let at = this.len;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) break;
      b[at++] = c;
    }
    this.len = at;
    if (i === n) return;
    const rest = s.length - i;
    this.reserve(rest * 3);
    const r = utf8.encodeInto(i === 0 ? s : s.slice(i), this.buf.subarray(this.len));
    this.len += r.written;
  }

  /** Appends the decimal digits of a safe integer. */
  int(n: number): void {
    if (n < 0) {
      this.byte(0x2d);
      n = -n;
    }
    let digits = 1;
    for (let x = n; x >= 10; x = Math.floor(x / 10)) digits++;
    this.reserve(digits);
    const b = this.buf;
    let at = this.len + digits;
    this.len = at;
    do {
      const r = n % 10;
      b[--at] = 0x30 + r;
      n = (n - r) / 10;
    } while (n > 0);
  }

  spaces(n: number): void {
    if (n <= 0) return;
    this.reserve(n);
    this.buf.fill(0x20, this.len, this.len + n);
    this.len += n;
  }

  /** "0x" and lower-case hex of `src[s:e]`. */
  hex(src: Uint8Array, s: number, e: number): void {
    this.reserve(2 + 2 * (e - s));
    const b = this.buf;
    let at = this.len;
    b[at++] = 0x30;
    b[at++] = 0x78;
    for (let i = s; i < e; i++) {
      const c = src[i]!;
      b[at++] = HEX.charCodeAt(c >> 4);
      b[at++] = HEX.charCodeAt(c & 15);
    }
    this.len = at;
  }

  /**
   * Appends the UTF-8 bytes `src[s:e]` as a quoted string, escaped as ZSON
   * (zson.QuotedString) or, with `json`, as Go's encoding/json without HTML
   * escaping (with `html` too, as its Marshal: <, > and & as \u003c, \u003e
   * and \u0026). Invalid UTF-8 becomes the escape \ufffd, one per bad byte.
   */
  quoted(src: Uint8Array, s: number, e: number, json: boolean, html = false): void {
    this.reserve(e - s + 2);
    let b = this.buf;
    let at = this.len;
    b[at++] = 0x22;
    for (let i = s; i < e; ) {
      const c = src[i]!;
      if (c >= 0x20 && c !== 0x22 && c !== 0x5c && c < 0x80 && !(html && (c === 0x3c || c === 0x3e || c === 0x26))) {
        b[at++] = c;
        i++;
        continue;
      }
      if (c < 0x80) {
        // An escape is at most 6 bytes where 1 was reserved.
        this.len = at;
        this.reserve(e - i + 6);
        b = this.buf;
        b[at++] = 0x5c;
        switch (c) {
          case 0x22:
          case 0x5c:
            b[at++] = c;
            break;
          case 0x0a:
            b[at++] = 0x6e;
            break;
          case 0x0d:
            b[at++] = 0x72;
            break;
          case 0x09:
            b[at++] = 0x74;
            break;
          case 0x08:
            // Go 1.21's encoding/json (Zed's toolchain) has no \b or \f.
            at = json ? unicodeEscape(b, at, c) : ((b[at++] = 0x62), at);
            break;
          case 0x0c:
            at = json ? unicodeEscape(b, at, c) : ((b[at++] = 0x66), at);
            break;
          default:
            at = unicodeEscape(b, at, c);
        }
        i++;
        continue;
      }
      const n = utf8SequenceLength(src, i, e);
      if (n === 0 || (json && n === 3 && c === 0xe2 && src[i + 1] === 0x80 && (src[i + 2]! & 0xfe) === 0xa8)) {
        this.len = at;
        this.reserve(e - i + 6);
        b = this.buf;
        const tail = n === 0 ? 'fffd' : src[i + 2] === 0xa8 ? '2028' : '2029';
        b[at++] = 0x5c;
        b[at++] = 0x75;
        for (let k = 0; k < 4; k++) b[at++] = tail.charCodeAt(k);
        i += n === 0 ? 1 : 3;
        continue;
      }
      for (let k = 0; k < n; k++) b[at++] = src[i + k]!;
      i += n;
    }
    b[at++] = 0x22;
    this.len = at;
  }

  /** What was written, decoded. */
  override toString(): string {
    return decoder.decode(this.buf.subarray(0, this.len));
  }
}
