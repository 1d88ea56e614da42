// ZSON text of non-null primitive values, without decorators, byte-exact
// with Zed's zson.FormatPrimitive. The range form works on a view of a
// larger buffer so container formatters need no subarray per value.

import {
  ID,
  decodeFloat,
  decodeInt,
  decodeIntNumber,
  decodeUint,
  decodeUintNumber,
  formatIP,
  formatNet,
  type PrimitiveType,
} from '../zed/index.js';
import { encodeHex } from '../util/hex.js';
import { formatFloat } from './float-format.js';
import { quoteUtf8 } from './quote.js';
import { formatDuration, formatTime } from './time-format.js';
import { formatTypeValue } from './type-format.js';
import type { TextBuffer } from './text-buffer.js';

export { formatFloat } from './float-format.js';
export { formatDuration, formatTime } from './time-format.js';
export { quoteString } from './quote.js';

/** "0x" and lower-case hex, as Zed writes bytes values. */
export function formatBytes(buf: Uint8Array, start = 0, end = buf.length): string {
  return '0x' + encodeHex(buf, start, end);
}

/** Decimal text of a signed integer body. */
export function formatIntBody(buf: Uint8Array, start: number, end: number): string {
  // The one-byte body 0x01 is MinInt64, which a number cannot print exactly.
  const small = end - start <= 6 && !(end - start === 1 && buf[start] === 1);
  return small ? String(decodeIntNumber(buf, start, end)) : decodeInt(buf, start, end).toString();
}

/** Decimal text of an unsigned integer body. */
export function formatUintBody(buf: Uint8Array, start: number, end: number): string {
  return end - start <= 6 ? String(decodeUintNumber(buf, start, end)) : decodeUint(buf, start, end).toString();
}

/**
 * ZSON text of the primitive body `buf[start:end]` of the primitive type with
 * ID `id`. Type values are written on one line.
 */
export function formatPrimitiveBody(id: number, buf: Uint8Array, start: number, end: number): string {
  switch (id) {
    case ID.string:
      return quoteUtf8(buf, start, end);
    case ID.int64:
    case ID.int32:
    case ID.int16:
    case ID.int8:
      return formatIntBody(buf, start, end);
    case ID.uint64:
    case ID.uint32:
    case ID.uint16:
    case ID.uint8:
      return formatUintBody(buf, start, end);
    case ID.float64:
      return formatFloat(decodeFloat(buf, start, end), 64);
    case ID.float32:
      return formatFloat(decodeFloat(buf, start, end), 32);
    case ID.float16:
      return formatFloat(decodeFloat(buf, start, end), 16);
    case ID.bool:
      return start < end && buf[start] !== 0 ? 'true' : 'false';
    case ID.time:
      return formatTime(decodeInt(buf, start, end));
    case ID.duration:
      return formatDuration(decodeInt(buf, start, end));
    case ID.bytes:
      return formatBytes(buf, start, end);
    case ID.ip:
      return formatIP(buf.subarray(start, end));
    case ID.net:
      return formatNet(buf.subarray(start, end));
    case ID.type:
      return '<' + formatTypeValue(buf, start, end) + '>';
    case ID.null:
      return 'null';
    default:
      return `<ZSON unknown primitive: ${id}>`;
  }
}

/**
 * Appends what formatPrimitiveBody returns to `out`, without building
 * strings for the common types (the writers' hot path).
 */
export function appendPrimitive(out: TextBuffer, id: number, buf: Uint8Array, start: number, end: number): void {
  switch (id) {
    case ID.string:
      out.quoted(buf, start, end, false);
      return;
    case ID.int64:
    case ID.int32:
    case ID.int16:
    case ID.int8:
      if (end - start <= 6 && !(end - start === 1 && buf[start] === 1)) out.int(decodeIntNumber(buf, start, end));
      else out.ascii(decodeInt(buf, start, end).toString());
      return;
    case ID.uint64:
    case ID.uint32:
    case ID.uint16:
    case ID.uint8:
      if (end - start <= 6) out.int(decodeUintNumber(buf, start, end));
      else out.ascii(decodeUint(buf, start, end).toString());
      return;
    case ID.bool:
      out.ascii(start < end && buf[start] !== 0 ? 'true' : 'false');
      return;
    case ID.bytes:
      out.hex(buf, start, end);
      return;
    case ID.type:
      out.text(formatPrimitiveBody(id, buf, start, end));
      return;
    default:
      out.ascii(formatPrimitiveBody(id, buf, start, end));
  }
}

/** ZSON text of a non-null primitive value (no decorator). */
export function formatPrimitive(t: PrimitiveType, body: Uint8Array): string {
  return formatPrimitiveBody(t.id, body, 0, body.length);
}
