// The pool key: one field path and an order. Extracts a value's key (missing
// counts as null) and orders keys and values as Zed's lake does (spec
// lake-api.md §8: nulls after every value, so first in a desc pool).

import { compareBytes } from '../util/utf8.js';
import { compareValues, NullValue, readElement, TypeNull, underlying, Value, type RecordType, type Type } from '../zed/index.js';
import type { PoolConfig, SortOrder } from '../storage/index.js';

export interface PoolKey {
  readonly path: readonly string[];
  readonly order: SortOrder;
}

/**
 * A key range in value order (not pool order); an absent end is unbounded.
 * Ends are inclusive unless marked exclusive (the filter's `<` or `>`).
 */
export interface KeySpan {
  readonly lower?: Value;
  readonly upper?: Value;
  readonly lowerExclusive?: boolean;
  readonly upperExclusive?: boolean;
}

/** The pool's key: Zed uses only keys[0]; an empty list means `ts`. */
export function poolKeyOf(config: PoolConfig): PoolKey {
  return { path: config.layout.keys[0] ?? ['ts'], order: config.layout.order };
}

const el = { start: 0, end: 0 };

/** The value at `path` in `v`, or null (Zed's MissingAsNull) when it is absent. */
export function keyOf(v: Value, path: readonly string[]): Value {
  let type = v.type;
  let body = v.bytes;
  for (const name of path) {
    const u = underlying(type);
    if (u.kind !== 'record' || body === null) return NullValue;
    const idx = u.indexOf(name);
    if (idx < 0) return NullValue;
    let off = 0;
    for (let i = 0; i <= idx; i++) off = readElement(body, off, body.length, el);
    type = u.fields[idx]!.type;
    body = el.start < 0 ? null : body.subarray(el.start, el.end);
  }
  return new Value(type, body);
}

/** Where a key lies: its type and the bounds of its body in some buffer (start -1 for null). */
export interface KeyLocation {
  type: Type;
  start: number;
  end: number;
}

/**
 * Finds the key at `path` in the value of type `type` whose body is
 * `buf[start:end]` (start -1 for a null value), without allocating: the
 * result's bounds index `buf`. A missing key is a null of type null.
 */
export function locateKey(type: Type, buf: Uint8Array, start: number, end: number, path: readonly string[], out: KeyLocation): void {
  let t = type;
  let s = start;
  let e = end;
  for (const name of path) {
    const u = underlying(t);
    const idx = u.kind === 'record' && s >= 0 ? u.indexOf(name) : -1;
    if (idx < 0) {
      out.type = TypeNull;
      out.start = -1;
      out.end = -1;
      return;
    }
    let off = s;
    for (let i = 0; i <= idx; i++) off = readElement(buf, off, e, el);
    t = (u as RecordType).fields[idx]!.type;
    s = el.start;
    e = el.end;
  }
  out.type = t;
  out.start = s;
  out.end = e;
}

/** Compares keys in value order with nulls last (the order of min and max). */
export function compareKeys(a: Value, b: Value): number {
  return compareValues(a, b);
}

/** Compares keys in pool order: value order for asc, its reverse for desc. */
export function keyComparator(order: SortOrder): (a: Value, b: Value) => number {
  return order === 'asc' ? compareValues : (a, b) => compareValues(b, a);
}

/**
 * Orders (key, value) pairs for writing an object: by key in pool order, ties
 * broken by the raw value bytes in the same direction (spec lake-api.md §8).
 */
export function entryComparator(order: SortOrder): (a: KeyedValue, b: KeyedValue) => number {
  const sign = order === 'asc' ? 1 : -1;
  return (a, b) => {
    const c = compareValues(a.key, b.key);
    if (c !== 0) return sign * c;
    return sign * Math.sign(compareBytes(a.value.bytes ?? EMPTY, b.value.bytes ?? EMPTY));
  };
}

const EMPTY = new Uint8Array(0);

export interface KeyedValue {
  readonly key: Value;
  readonly value: Value;
}

/** Whether `key` lies in `span`; a null key lies in none (a comparison with null is never true). */
export function keyInSpan(key: Value, span: KeySpan): boolean {
  if (key.bytes === null) return false;
  if (span.lower !== undefined) {
    const c = compareKeys(key, span.lower);
    if (c < 0 || (c === 0 && span.lowerExclusive === true)) return false;
  }
  if (span.upper !== undefined) {
    const c = compareKeys(key, span.upper);
    if (c > 0 || (c === 0 && span.upperExclusive === true)) return false;
  }
  return true;
}

/** Whether an object holding keys from `min` to `max` may hold a key in `span`. */
export function spanOverlaps(min: Value, max: Value, span: KeySpan): boolean {
  if (span.lower !== undefined) {
    const c = compareKeys(max, span.lower);
    if (c < 0 || (c === 0 && span.lowerExclusive === true)) return false;
  }
  if (span.upper !== undefined) {
    const c = compareKeys(min, span.upper);
    if (c > 0 || (c === 0 && span.upperExclusive === true)) return false;
  }
  return true;
}
