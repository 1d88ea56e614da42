// `e[i]` and `e[from:to]` (Zed's Index and Slice, eval.go and slice.go):
// arrays and sets by 0-based integer (negative counts from the end),
// records by field name, maps by key; out of range is error("missing").
// Slices take arrays, sets, bytes and strings (by code point).

import {
  Builder,
  ID,
  Value,
  decodeInt,
  decodeIntNumber,
  decodeUint,
  encodeInt,
  isFloat,
  isInteger,
  isSigned,
  readElement,
  underlying,
  type MapType,
  type RecordType,
  type Type,
} from '../../zed/index.js';
import { bytesEqual } from '../../util/utf8.js';
import type { EvalContext } from '../../runtime/index.js';
import { isMissing } from '../../runtime/index.js';
import type { Evaluator } from './env.js';

const el = { start: 0, end: 0 };

/** A value of element type `t` with body `b`, untagging a union (Zed's deunion). */
function deunion(t: Type, b: Uint8Array | null): Value {
  if (t.kind !== 'union' || b === null) return new Value(t, b);
  let off = readElement(b, 0, b.length, el);
  const tag = el.start < 0 ? 0 : decodeIntNumber(b, el.start, el.end);
  off = readElement(b, off, b.length, el);
  const member = t.types[tag] ?? t;
  return new Value(member, el.start < 0 ? null : b.subarray(el.start, el.end));
}

/** The body of the i-th element of a container body, or null (also when out of range). */
export function nthElement(body: Uint8Array, i: number): Uint8Array | null {
  let off = 0;
  for (let k = 0; off < body.length; k++) {
    off = readElement(body, off, body.length, el);
    if (k === i) return el.start < 0 ? null : body.subarray(el.start, el.end);
  }
  return null;
}

function count(body: Uint8Array): number {
  let n = 0;
  for (let off = 0; off < body.length; n++) off = readElement(body, off, body.length, el);
  return n;
}

/** The value for `key` in a map, or error("missing") (Zed's indexMap). */
export function lookupMapKey(ectx: EvalContext, t: MapType, body: Uint8Array | null, key: Value): Value {
  const missing = ectx.errors.missing();
  if (isMissing(key) || body === null) return missing;
  let target = key.bytes;
  if (key.type !== t.key) {
    const ku = underlying(t.key);
    if (ku.kind !== 'union') return missing;
    const tag = ku.selectorOf(key.type);
    if (tag < 0) return missing;
    if (target !== null) {
      const b = new Builder(target.length + 12);
      b.append(encodeInt(tag));
      b.append(target);
      target = b.bytes();
    }
  }
  for (let off = 0; off < body.length; ) {
    off = readElement(body, off, body.length, el);
    const ks = el.start;
    const ke = el.end;
    off = readElement(body, off, body.length, el);
    const match = target === null ? ks < 0 : ks >= 0 && bytesEqual(body.subarray(ks, ke), target);
    if (match) return deunion(t.value, el.start < 0 ? null : body.subarray(el.start, el.end));
  }
  return missing;
}

function indexVector(ectx: EvalContext, inner: Type, body: Uint8Array | null, index: Value): Value {
  const id = underlying(index.type).id;
  if (!isInteger(id) || index.type.kind === 'union') return ectx.errors.wrap('index is not an integer', index);
  if (index.bytes === null || body === null) return ectx.errors.missing();
  let i = isSigned(id) ? Number(decodeInt(index.bytes)) : Number(decodeUint(index.bytes));
  if (i < 0) {
    i += count(body);
    if (i < 0) return ectx.errors.missing();
  }
  let off = 0;
  for (let k = 0; off < body.length; k++) {
    off = readElement(body, off, body.length, el);
    if (k === i) return deunion(inner, el.start < 0 ? null : body.subarray(el.start, el.end));
  }
  return ectx.errors.missing();
}

function indexRecord(ectx: EvalContext, t: RecordType, body: Uint8Array | null, index: Value): Value {
  if (underlying(index.type).id !== ID.string || index.type.kind === 'union') {
    return ectx.errors.wrap('record index is not a string', index);
  }
  const i = t.indexOf(index.asString());
  if (i < 0) return ectx.errors.missing();
  return new Value(t.fields[i]!.type, body === null ? null : nthElement(body, i));
}

export function makeIndex(ectx: EvalContext, container: Evaluator, index: Evaluator): Evaluator {
  return (self) => {
    const c = container(self);
    const i = index(self);
    const t = underlying(c.type);
    switch (t.kind) {
      case 'array':
      case 'set':
        return indexVector(ectx, t.elem, c.bytes, i);
      case 'record':
        return indexRecord(ectx, t, c.bytes, i);
      case 'map':
        return lookupMapKey(ectx, t, c.bytes, i);
      default:
        return ectx.errors.missing();
    }
  };
}

const SLICE_INDEX = 'slice index is not a number';

/** Zed's sliceIndex: the clamped position, or null when the bound is not a number. */
function sliceIndex(v: Value, length: number): number | null {
  let u = v;
  while (u.type.kind === 'named') u = new Value(u.type.type, u.bytes);
  const id = u.type.id;
  let n: number;
  if (isInteger(id)) {
    n = u.bytes === null ? 0 : isSigned(id) ? Number(decodeInt(u.bytes)) : Number(decodeUint(u.bytes));
  } else if (isFloat(id)) {
    n = Math.trunc(u.asFloat());
  } else {
    return null;
  }
  if (n < 0) n += length;
  if (n < 0) return 0;
  return n > length ? length : n;
}

/** Byte offset after the first `runes` code points of UTF-8 `b`. */
function utf8Prefix(b: Uint8Array, runes: number): number {
  let i = 0;
  for (let r = 0; r < runes && i < b.length; r++) {
    const c = b[i]!;
    i += c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
  }
  return Math.min(i, b.length);
}

function runeCount(b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < b.length; i++) if ((b[i]! & 0xc0) !== 0x80) n++;
  return n;
}

export function makeSlice(ectx: EvalContext, elem: Evaluator, from: Evaluator | null, to: Evaluator | null): Evaluator {
  return (self) => {
    const v = elem(self);
    if (v.isError()) return v;
    const t = underlying(v.type);
    const b = v.bytes;
    let length: number;
    if (t.id === ID.bytes) length = b === null ? 0 : b.length;
    else if (t.id === ID.string) length = b === null ? 0 : runeCount(b);
    else if (t.kind === 'array' || t.kind === 'set') length = b === null ? 0 : count(b);
    else return ectx.errors.wrap('sliced value is not array, set, bytes, or string', v);
    if (b === null) return v;
    let lo = 0;
    if (from !== null) {
      const x = sliceIndex(from(self), length);
      if (x === null) return ectx.errors.message(SLICE_INDEX);
      lo = x;
    }
    let hi = length;
    if (to !== null) {
      const x = sliceIndex(to(self), length);
      if (x === null) return ectx.errors.message(SLICE_INDEX);
      hi = x;
    }
    if (t.id === ID.bytes) return new Value(v.type, b.subarray(lo, Math.max(lo, hi)));
    if (t.id === ID.string) {
      const start = utf8Prefix(b, lo);
      const rest = b.subarray(start);
      return new Value(v.type, rest.subarray(0, utf8Prefix(rest, hi - lo)));
    }
    // As Zed's loop does: elements [lo, hi), or the first hi when lo >= hi.
    let start = 0;
    let off = 0;
    for (let k = 0; k < hi && off < b.length; k++) {
      if (k === lo) start = off;
      off = readElement(b, off, b.length, el);
    }
    return new Value(v.type, b.subarray(lo < hi ? start : 0, off));
  };
}
