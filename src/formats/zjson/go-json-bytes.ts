// Go's JSON string literal for UTF-8 bytes (ZJSON writes string and bytes
// bodies this way), over the one goJsonQuote in src/util/go-json.ts.

import { goJsonQuote } from '../../util/go-json.js';
import { isValidUtf8, utf8SeqLen } from '../json/json-decoder.js';

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
