// Zed values as Zeek TSV fields (zio/zeekio format.go): T/F booleans, times
// and intervals as decimal seconds, floats without exponents, vectors and
// sets comma-separated with "(empty)" for no elements, "-" for unset.

import {
  ID,
  decodeFloat,
  decodeInt,
  decodeIntNumber,
  formatIP,
  formatNet,
  readElement,
  underlying,
  type Type,
} from '../../zed/index.js';
import { formatFloat, formatIntBody, formatUintBody } from '../../zson/index.js';
import { decodeUtf8 } from '../../util/utf8.js';
import { formatZeekString } from './zeek-escape.js';
import { formatZeekTime } from './zeek-time.js';

const EMPTY_BODY = new Uint8Array(0);

/** A field value; `start < 0` is unset. Set elements that are null print as an empty body, as in Zed. */
export function formatZeekField(t: Type, buf: Uint8Array, start: number, end: number, inContainer: boolean): string {
  if (start < 0) return '-';
  const u = underlying(t);
  switch (u.kind) {
    case 'array':
    case 'set':
      return formatContainer(u.elem, u.kind === 'set', buf, start, end);
    case 'primitive':
      return formatPrimitiveField(u.id, buf, start, end, inContainer);
    default:
      // The writer's header check rejects every other type first.
      throw new Error(`zeek: cannot format a ${u.kind} value`);
  }
}

const el = { start: 0, end: 0 };

function formatContainer(elem: Type, isSet: boolean, buf: Uint8Array, start: number, end: number): string {
  if (start === end) return '(empty)';
  let s = '';
  let sep = false;
  for (let off = start; off < end; ) {
    off = readElement(buf, off, end, el);
    // el is shared with nested containers, so read it before recursing.
    const es = el.start;
    const ee = el.end;
    if (sep) s += ',';
    sep = true;
    if (es < 0) s += isSet ? formatZeekField(elem, EMPTY_BODY, 0, 0, true) : '-';
    else s += formatZeekField(elem, buf, es, ee, true);
  }
  return s;
}

function formatPrimitiveField(id: number, buf: Uint8Array, start: number, end: number, inContainer: boolean): string {
  switch (id) {
    case ID.bool:
      return end > start && buf[start] !== 0 ? 'T' : 'F';
    case ID.int8:
    case ID.int16:
    case ID.int32:
    case ID.int64:
      return formatIntBody(buf, start, end);
    case ID.uint8:
    case ID.uint16:
    case ID.uint32:
    case ID.uint64:
      return formatUintBody(buf, start, end);
    case ID.float16:
    case ID.float32:
      return fixedFloat(decodeFloat(buf, start, end), 32);
    case ID.float64:
      return fixedFloat(decodeFloat(buf, start, end), 64);
    case ID.time:
    case ID.duration:
      return formatZeekTime(end - start <= 6 ? decodeIntNumber(buf, start, end) : decodeInt(buf, start, end));
    case ID.ip:
      return end === start ? 'invalid IP' : formatIP(buf.subarray(start, end));
    case ID.net:
      return end === start ? 'invalid Prefix' : formatNet(buf.subarray(start, end));
    case ID.string:
      return formatZeekString(decodeUtf8(buf.subarray(start, end)), inContainer);
  }
  throw new Error(`zeek: cannot format primitive type ID ${id}`);
}

/** Go's strconv.FormatFloat(x, 'f', -1, bits): shortest digits, never an exponent. */
export function fixedFloat(x: number, bits: 32 | 64): string {
  if (x !== x) return 'NaN';
  if (x === Infinity) return '+Inf';
  if (x === -Infinity) return '-Inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  let s = bits === 64 ? String(x) : formatFloat(x, 32);
  if (s.endsWith('.')) s = s.slice(0, -1);
  const e = s.search(/e/i);
  if (e < 0) return s;
  const neg = s.charCodeAt(0) === 0x2d;
  const mant = s.slice(neg ? 1 : 0, e);
  const exp = Number(s.slice(e + 1));
  const dot = mant.indexOf('.');
  const digits = dot < 0 ? mant : mant.slice(0, dot) + mant.slice(dot + 1);
  const point = (dot < 0 ? mant.length : dot) + exp;
  let out: string;
  if (point <= 0) out = '0.' + '0'.repeat(-point) + digits;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = digits.slice(0, point) + '.' + digits.slice(point);
  return neg ? '-' + out : out;
}
