// Values as Zeek TSV text (zio/zeekio/format.go FormatValue), which zq's text
// and table writers use: "-" for null, T/F for bools, times and durations as
// seconds, containers comma-separated with "(empty)" for none, union members
// prefixed by their tag, and Zeek's escapes in strings.

import {
  ID,
  Value,
  ZIter,
  decodeFloat,
  decodeInt,
  decodeIntNumber,
  decodeUint,
  formatIP,
  formatNet,
  readElement,
  underlying,
  type PrimitiveType,
  type Type,
} from '../../zed/index.js';
import { formatPrimitive, formatValue } from '../../zson/index.js';
import { decodeUtf8 } from '../../util/utf8.js';
import { formatFloatFixed } from './go-float.js';
import { lazyRegExp } from '../../util/lazy-regexp.js';

/** zeekio.FormatValue: the Zeek text of a value of type `t` with body `bytes`. */
export function formatZeekValue(t: Type, bytes: Uint8Array | null): string {
  return bytes === null ? '-' : formatAny(t, bytes, false);
}

function formatAny(t: Type, b: Uint8Array, inContainer: boolean): string {
  const u = underlying(t);
  switch (u.kind) {
    case 'primitive':
      return formatPrim(u, b, inContainer);
    case 'array':
    case 'set':
      return formatList(u.elem, b);
    case 'map': {
      let s = '[';
      const it = new ZIter(b);
      while (!it.done()) {
        s += formatElem(u.key, it.next(), true);
        s += it.done() ? '' : formatElem(u.value, it.next(), true);
      }
      return s + ']';
    }
    case 'record': {
      const parts: string[] = [];
      const it = new ZIter(b);
      for (const f of u.fields) {
        const el = it.done() ? null : it.next();
        parts.push(el === null ? '-' : formatAny(f.type, el, false));
      }
      return parts.join(',');
    }
    case 'union': {
      const el = { start: 0, end: 0 };
      const off = readElement(b, 0, b.length, el);
      const tag = el.start < 0 ? 0 : decodeIntNumber(b, el.start, el.end);
      readElement(b, off, b.length, el);
      const m = u.types[tag];
      const inner = el.start < 0 || m === undefined ? '-' : formatAny(m, b.subarray(el.start, el.end), false);
      return `${tag}:${inner}`;
    }
    case 'enum':
      return decodeUint(b).toString();
    case 'error':
      if (isString(u.type)) return decodeUtf8(b);
      return formatValue(new Value(u, b));
  }
}

function isString(t: Type): boolean {
  const u = underlying(t);
  return u.kind === 'primitive' && u.id === ID.string;
}

/** Elements of a container: a null prints as "-" (formatArray). */
function formatElem(t: Type, el: Uint8Array | null, inContainer: boolean): string {
  return el === null ? '-' : formatAny(t, el, inContainer);
}

function formatList(elem: Type, b: Uint8Array): string {
  if (b.length === 0) return '(empty)';
  let s = '';
  const it = new ZIter(b);
  let first = true;
  while (!it.done()) {
    if (!first) s += ',';
    first = false;
    s += formatElem(elem, it.next(), true);
  }
  return s;
}

function formatPrim(t: PrimitiveType, b: Uint8Array, inContainer: boolean): string {
  switch (t.id) {
    case ID.bool:
      return b.length > 0 && b[0] !== 0 ? 'T' : 'F';
    case ID.bytes:
      return base64(b);
    case ID.time:
    case ID.duration:
      return formatZeekTime(decodeInt(b));
    case ID.float16:
    case ID.float32:
      return formatFloatFixed(decodeFloat(b), 32);
    case ID.float64:
      return formatFloatFixed(decodeFloat(b), 64);
    case ID.int8:
    case ID.int16:
    case ID.int32:
    case ID.int64:
      return decodeInt(b).toString();
    case ID.uint8:
    case ID.uint16:
    case ID.uint32:
    case ID.uint64:
      return decodeUint(b).toString();
    case ID.ip:
      return formatIP(b);
    case ID.net:
      return formatNet(b);
    case ID.null:
      return '-';
    case ID.string:
      return formatZeekString(decodeUtf8(b), inContainer);
    case ID.type:
      return formatPrimitive(t, b);
    default:
      return `zeekio.StringOf(): unknown type: ${t.name}`;
  }
}

function base64(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s);
}

const NS = 1_000_000_000n;

/** Zeek time: seconds with 6 decimals, or 9 when that would lose precision (zeekio/time.go). */
export function formatZeekTime(ts: bigint): string {
  let sec = ts / NS;
  let ns = ts - sec * NS;
  const exact6 = ns % 1000n === 0n;
  const neg = sec < 0n || ns < 0n;
  if (sec < 0n) sec = -sec;
  if (ns < 0n) ns = -ns;
  const frac = exact6 ? (ns / 1000n).toString().padStart(6, '0') : ns.toString().padStart(9, '0');
  return (neg ? '-' : '') + sec.toString() + '.' + frac;
}

const PRINT = lazyRegExp(String.raw`[\p{L}\p{M}\p{N}\p{P}\p{S}]`, 'u');

/** unicode.IsPrint. */
function isPrint(cp: number): boolean {
  if (cp < 0x7f) return cp >= 0x20;
  if (cp < 0xa0) return false;
  return PRINT().test(String.fromCodePoint(cp));
}

/** Zeek's string escapes (formatString): "\\" doubled; tab, non-printables and, in containers, commas as \xNN. */
export function formatZeekString(s: string, inContainer: boolean): string {
  if (s === '-') return '\\x2d';
  if (s === '(empty)') return '\\x28empty)';
  let out = '';
  let start = 0;
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const l = cp > 0xffff ? 2 : 1;
    if (cp === 0x5c) {
      out += s.slice(start, i) + '\\\\';
      i += l;
      start = i;
    } else if (cp === 0x09 || (inContainer && cp === 0x2c) || !isPrint(cp)) {
      out += s.slice(start, i) + hexEscape(cp);
      i += l;
      start = i;
    } else {
      i += l;
    }
  }
  return start === 0 ? s : out + s.slice(start);
}

/** zeekio unescape: the code point in hex, padded to whole bytes, each byte as \xNN. */
function hexEscape(cp: number): string {
  let code = cp.toString(16);
  if (code.length % 2 !== 0) code = '0' + code;
  let s = '';
  for (let k = 0; k < code.length; k += 2) s += '\\x' + code.slice(k, k + 2);
  return s;
}
