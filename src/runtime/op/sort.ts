// sort: reads all input, then emits it ordered by the keys (runtime/sam/op/
// sort). Stable. With no keys, the key is guessed from the first value.
// In memory it sorts an index array: the first key is evaluated once per
// value (into a Float64Array when all are integers), later keys only for
// ties. Past the memory limit, with a spill store, sorted runs are written
// out and merged at the end.

import { decodeUtf8 } from '../../util/utf8.js';
import { ID, TypeString, decodeFloat, decodeInt, decodeIntNumber, decodeUint, decodeUintNumber, underlying, type Value } from '../../zed/index.js';
import type { SpillFile } from '../agg/index.js';
import { compareKeyValues, guessSortKey, sortSpec, type SortSpec } from './compare.js';
import { Heap } from './heap.js';
import { fieldGetter } from './paths.js';
import { ValueRunReader, writeRun } from './spill.js';
import { checkAbort, type Batch, type OpContext, type SortKey, type Stream } from './types.js';
import { ErrorValues, isMissing } from './values.js';

export interface SortOptions {
  /** Nulls before other values (`-nulls first`). */
  readonly nullsFirst?: boolean;
  /** Every key in the opposite order (`-r`). */
  readonly reverse?: boolean;
}

/** Zed's sort.MemMaxBytes. */
export const SORT_MEMORY_LIMIT = 128 * 1024 * 1024;
/** Bytes charged per value beyond its body (object, view, slot). */
const VALUE_OVERHEAD = 64;
const OUT_LEN = 1024;
const MAX_SAFE = 2 ** 53;

export async function* sortOp(ctx: OpContext, parent: Stream, keys: readonly SortKey[], opts: SortOptions = {}): AsyncGenerator<Batch> {
  const limit = ctx.memoryLimit ?? SORT_MEMORY_LIMIT;
  const store = ctx.spillStore;
  const runs: SpillFile[] = [];
  let spec: SortSpec | null = null;
  let vals: Value[] = [];
  let bytes = 0;
  try {
    for await (const batch of parent) {
      checkAbort(ctx);
      for (let i = 0; i < batch.length; i++) {
        const v = batch[i]!;
        vals.push(v);
        bytes += (v.bytes?.length ?? 0) + VALUE_OVERHEAD;
      }
      if (spec === null && vals.length > 0) spec = makeSpec(ctx, keys, vals[0]!, opts);
      if (bytes >= limit && store !== undefined && spec !== null) {
        runs.push(await writeRun(store, ctx.zctx, vals, sortIndices(vals, spec)));
        vals = [];
        bytes = 0;
      }
    }
    if (spec === null) return;
    if (runs.length === 0) {
      const order = sortIndices(vals, spec);
      for (let i = 0; i < order.length; i += OUT_LEN) {
        const end = Math.min(order.length, i + OUT_LEN);
        const out = new Array<Value>(end - i);
        for (let j = i; j < end; j++) out[j - i] = vals[order[j]!]!;
        yield out;
      }
      return;
    }
    if (vals.length > 0) runs.push(await writeRun(store!, ctx.zctx, vals, sortIndices(vals, spec)));
    vals = [];
    yield* mergeRuns(ctx, runs, spec);
  } finally {
    await Promise.all(runs.map((f) => f.remove()));
  }
}

export function makeSpec(ctx: OpContext, keys: readonly SortKey[], first: Value, opts: SortOptions): SortSpec {
  let ks = keys;
  if (ks.length === 0) {
    const path = guessSortKey(first) ?? [];
    ks = [{ expr: fieldGetter(new ErrorValues(ctx.zctx), path), order: 'asc' }];
  }
  return sortSpec(ks, opts.nullsFirst ?? false, opts.reverse ?? false);
}

/**
 * The stable sorted order of `vals`. The first key is evaluated once per
 * value; when every first key is a number or a null (Zed's order compares
 * all numbers as numbers) they go into a Float64Array, when every one is a
 * string or a null into JS strings (UTF-16 order is UTF-8 byte order unless
 * a string has surrogates); otherwise they compare as Zed values. Later
 * keys are evaluated only for ties. The index breaks the remaining ties.
 */
export function sortIndices(vals: readonly Value[], spec: SortSpec): Uint32Array {
  const n = vals.length;
  const { keys, nullsMax } = spec;
  const e0 = keys[0]!.expr;
  const desc0 = keys[0]!.order === 'desc';
  const k0 = new Array<Value>(n);
  for (let i = 0; i < n; i++) k0[i] = e0(vals[i]!);
  const nums = numericKeys(k0, nullsMax);
  const strs = nums === null ? stringKeys(k0) : null;
  const nullSign = nullsMax ? 1 : -1;
  const rest = keys.slice(1);
  const cache: (Value | undefined)[][] = rest.map(() => []);
  const keyAt = (k: number, i: number): Value => {
    const c = cache[k]!;
    let v = c[i];
    if (v === undefined) {
      v = rest[k]!.expr(vals[i]!);
      c[i] = v;
    }
    return v;
  };
  const cmp = (i: number, j: number): number => {
    const x = desc0 ? j : i;
    const y = desc0 ? i : j;
    if (nums !== null) {
      const a = nums[x]!;
      const b = nums[y]!;
      if (a < b) return -1;
      if (a > b) return 1;
      // Infinities share the null sentinel's value.
      if (a === Infinity || a === -Infinity) {
        const c = compareKeyValues(k0[x]!, k0[y]!, nullsMax, true);
        if (c !== 0) return c;
      }
    } else if (strs !== null) {
      const a = strs[x]!;
      const b = strs[y]!;
      if (a !== b) {
        if (a === null) return nullSign;
        if (b === null) return -nullSign;
        return a < b ? -1 : 1;
      }
    } else {
      const c = compareKeyValues(k0[x]!, k0[y]!, nullsMax, true);
      if (c !== 0) return c;
    }
    for (let k = 0; k < rest.length; k++) {
      const a = keyAt(k, i);
      const b = keyAt(k, j);
      const c = rest[k]!.order === 'desc' ? compareKeyValues(b, a, nullsMax, true) : compareKeyValues(a, b, nullsMax, true);
      if (c !== 0) return c;
    }
    return i - j;
  };
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order.sort(cmp);
}

/** The keys as float64s (nulls and missing as ±Infinity), or null when one is not an exact non-NaN number. */
function numericKeys(k0: readonly Value[], nullsMax: boolean): Float64Array | null {
  const n = k0.length;
  const nums = new Float64Array(n);
  const sentinel = nullsMax ? Infinity : -Infinity;
  for (let i = 0; i < n; i++) {
    const v = k0[i]!;
    const b = v.bytes;
    if (b === null || (v.type.kind === 'error' && isMissing(v))) {
      nums[i] = sentinel;
      continue;
    }
    const id = underlying(v.type).id;
    if (id > ID.float64) return null;
    let x: number;
    if (id >= ID.float16) {
      x = decodeFloat(b);
      if (x !== x) return null;
    } else if (b.length <= 6) {
      x = id >= ID.int8 ? decodeIntNumber(b) : decodeUintNumber(b);
    } else {
      const big = id >= ID.int8 ? decodeInt(b) : decodeUint(b);
      if (big > MAX_SAFE || big < -MAX_SAFE) return null;
      x = Number(big);
    }
    nums[i] = x;
  }
  return nums;
}

// Strings whose UTF-16 order may differ from their UTF-8 byte order, or that
// did not decode cleanly.
const UNSAFE = /[\uD800-\uDFFF\uFFFD]/;

/** The keys as JS strings (null for nulls and missing), or null when one is not a plain string. */
function stringKeys(k0: readonly Value[]): (string | null)[] | null {
  const n = k0.length;
  const out = new Array<string | null>(n);
  for (let i = 0; i < n; i++) {
    const v = k0[i]!;
    const b = v.bytes;
    if (b === null || (v.type.kind === 'error' && isMissing(v))) {
      out[i] = null;
      continue;
    }
    if (underlying(v.type) !== TypeString) return null;
    const s = decodeUtf8(b);
    if (UNSAFE.test(s)) return null;
    out[i] = s;
  }
  return out;
}

interface Cursor {
  readonly reader: ValueRunReader;
  readonly run: number;
  buf: Value[];
  pos: number;
  keys: Value[];
}

/** Merges sorted runs; equal values come out in run order, so the sort stays stable. */
async function* mergeRuns(ctx: OpContext, runs: readonly SpillFile[], spec: SortSpec): AsyncGenerator<Batch> {
  const { keys, nullsMax } = spec;
  const desc = keys.map((k) => k.order === 'desc');
  const load = (c: Cursor): void => {
    const v = c.buf[c.pos]!;
    c.keys = keys.map((k) => k.expr(v));
  };
  const less = (a: Cursor, b: Cursor): boolean => {
    for (let k = 0; k < keys.length; k++) {
      const x = a.keys[k]!;
      const y = b.keys[k]!;
      const c = desc[k] ? compareKeyValues(y, x, nullsMax, true) : compareKeyValues(x, y, nullsMax, true);
      if (c !== 0) return c < 0;
    }
    return a.run < b.run;
  };
  const heap = new Heap<Cursor>(less);
  for (let r = 0; r < runs.length; r++) {
    const reader = new ValueRunReader(runs[r]!, ctx.zctx);
    const buf = await reader.next();
    if (buf.length === 0) continue;
    const c: Cursor = { reader, run: r, buf, pos: 0, keys: [] };
    load(c);
    heap.push(c);
  }
  let out: Value[] = [];
  while (heap.size > 0) {
    const c = heap.peek()!;
    out.push(c.buf[c.pos++]!);
    if (c.pos >= c.buf.length) {
      c.buf = await c.reader.next();
      c.pos = 0;
      if (c.buf.length === 0) {
        heap.pop();
        continue;
      }
    }
    load(c);
    heap.fix(0);
    if (out.length >= OUT_LEN) {
      checkAbort(ctx);
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
}
