// Comparing values by sort keys as Zed's expr.Comparator does, and the sort
// key Zed guesses when none is given (sort.GuessSortKey).

import { compareBodies, ID, isFloat, isInteger, underlying, type RecordType, type Value, type ValueComparator } from '../../zed/index.js';
import type { FieldPath } from './paths.js';
import type { Evaluator, Order, SortKey } from './types.js';
import { isMissing, recordTypeOf } from './values.js';

/**
 * Zed's Comparator.Compare: key by key, a desc key with its operands
 * swapped, nulls above everything when nullsMax; with missingAsNull,
 * error("missing") is a null.
 */
export function keysComparator(keys: readonly SortKey[], nullsMax: boolean, missingNull = true): ValueComparator {
  const exprs: Evaluator[] = keys.map((k) => k.expr);
  const desc: boolean[] = keys.map((k) => k.order === 'desc');
  const n = keys.length;
  return (a, b) => {
    for (let k = 0; k < n; k++) {
      const e = exprs[k]!;
      let x = e(a);
      let y = e(b);
      if (desc[k]) {
        const t = x;
        x = y;
        y = t;
      }
      const c = compareKeyValues(x, y, nullsMax, missingNull);
      if (c !== 0) return c;
    }
    return 0;
  };
}

/** Two key values as Zed's sort compareValues, missing read as null when asked. */
export function compareKeyValues(x: Value, y: Value, nullsMax: boolean, missingNull: boolean): number {
  const xb = missingNull && x.type.kind === 'error' && isMissing(x) ? null : x.bytes;
  const yb = missingNull && y.type.kind === 'error' && isMissing(y) ? null : y.bytes;
  return compareBodies(x.type, xb, y.type, yb, nullsMax);
}

export interface SortSpec {
  readonly keys: readonly SortKey[];
  readonly nullsMax: boolean;
}

/**
 * The comparator setup of Zed's sort (sort.go setComparator): -r flips every
 * key, and nulls go last (first with -nulls first) in the direction of the
 * first key, which decides for all keys.
 */
export function sortSpec(keys: readonly SortKey[], nullsFirst: boolean, reverse: boolean): SortSpec {
  let ks = keys;
  if (reverse) ks = keys.map((k) => ({ expr: k.expr, order: flip(k.order) }));
  let nullsMax = !nullsFirst;
  if (ks[0]?.order === 'desc') nullsMax = !nullsMax;
  return { keys: ks, nullsMax };
}

function flip(o: Order): Order {
  return o === 'asc' ? 'desc' : 'asc';
}

/**
 * Zed's GuessSortKey for the first value: for records the first field, depth
 * first, that is an integer, else a float, else not a time; ["ts"] when none
 * is; null (meaning `this`) for other values.
 */
export function guessSortKey(v: Value): FieldPath | null {
  const rec = recordTypeOf(v.type);
  if (rec === null) return null;
  return (
    firstMatching(rec, (id) => isInteger(id)) ??
    firstMatching(rec, (id) => isFloat(id)) ??
    firstMatching(rec, (id) => id !== ID.time) ?? ['ts']
  );
}

function firstMatching(t: RecordType, pred: (id: number) => boolean): string[] | null {
  for (const f of t.fields) {
    // Zed gives a named type its underlying type's ID.
    if (pred(underlying(f.type).id)) return [f.name];
    const inner = recordTypeOf(f.type);
    if (inner !== null) {
      const p = firstMatching(inner, pred);
      if (p !== null) return [f.name, ...p];
    }
  }
  return null;
}
