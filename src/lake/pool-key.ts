// The pool key: one field path and an order. Extracts a value's key (missing
// counts as null) and orders keys and values as Zed's lake does (spec
// lake-api.md §8: nulls after every value, so first in a desc pool).

import { compareBytes } from '../util/utf8.js';
import { compareValues, NullValue, readElement, underlying, Value } from '../zed/index.js';
import type { PoolConfig, SortOrder } from '../storage/index.js';

export interface PoolKey {
  readonly path: readonly string[];
  readonly order: SortOrder;
}

/** A key range, both ends inclusive and in value order (not pool order); an absent end is open. */
export interface KeySpan {
  readonly lower?: Value;
  readonly upper?: Value;
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

/** Whether an object holding keys from `min` to `max` may hold a key in `span`. */
export function spanOverlaps(min: Value, max: Value, span: KeySpan): boolean {
  if (span.lower !== undefined && compareKeys(max, span.lower) < 0) return false;
  if (span.upper !== undefined && compareKeys(min, span.upper) > 0) return false;
  return true;
}
