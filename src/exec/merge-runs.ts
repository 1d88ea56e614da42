// Objects of a pool whose key ranges overlap, as a column path reads them:
// in runs of objects that touch one another (a scan merges each run), and
// the values read of each object of a run merged as the scan merges the
// objects' values (lake/scan.ts): by key in pool order, then by the values'
// bytes, then by object. Each object is written in that order, so merging
// the values a filter or a search keeps of each object gives the values it
// keeps of the scan.

import { entryComparator, keyComparator, keyOf, type ColumnObject, type PoolKey } from '../lake/index.js';
import { Heap } from '../runtime/op/index.js';
import { NullValue, type Value } from '../zed/index.js';

/** The objects (in pool order) in runs whose key ranges touch one another, as a scan merges them. */
export function overlapping(objects: readonly ColumnObject[], order: 'asc' | 'desc'): ColumnObject[][] {
  const cmp = keyComparator(order);
  const runs: ColumnObject[][] = [];
  let end: Value | null = null;
  for (const o of objects) {
    const first = order === 'asc' ? o.object.min : o.object.max;
    const last = order === 'asc' ? o.object.max : o.object.min;
    const run = runs[runs.length - 1];
    if (run !== undefined && end !== null && cmp(first, end) <= 0) {
      run.push(o);
      if (cmp(last, end) > 0) end = last;
    } else {
      runs.push([o]);
      end = last;
    }
  }
  return runs;
}

/** Values per batch of a merge. */
const MERGE_BATCH = 1024;

/** One object's values in a merge. */
interface MergeCursor {
  readonly at: number;
  readonly it: AsyncIterator<Value[]>;
  batch: Value[];
  i: number;
  key: Value;
}

/**
 * Merges streams of values (each in pool order, by key then value) as a
 * scan merges its objects' values: by key in pool order, then by the
 * values' bytes, then by stream.
 */
export async function* mergeValues(streams: readonly AsyncIterable<Value[]>[], key: PoolKey): AsyncGenerator<Value[]> {
  const cmp = entryComparator(key.order);
  const heap = new Heap<MergeCursor>((a, b) => {
    const c = cmp({ key: a.key, value: a.batch[a.i]! }, { key: b.key, value: b.batch[b.i]! });
    return c !== 0 ? c < 0 : a.at < b.at;
  });
  /** Moves a cursor to its next value; false at its end. */
  const advance = async (c: MergeCursor): Promise<boolean> => {
    if (++c.i >= c.batch.length) {
      let r = await c.it.next();
      while (r.done !== true && r.value.length === 0) r = await c.it.next();
      if (r.done === true) return false;
      c.batch = r.value;
      c.i = 0;
    }
    c.key = keyOf(c.batch[c.i]!, key.path);
    return true;
  };
  const cursors = streams.map((s, at): MergeCursor => ({ at, it: s[Symbol.asyncIterator](), batch: [], i: -1, key: NullValue }));
  try {
    for (const c of cursors) if (await advance(c)) heap.push(c);
    let out: Value[] = [];
    for (let top = heap.peek(); top !== undefined; top = heap.peek()) {
      out.push(top.batch[top.i]!);
      if (await advance(top)) heap.fix(0);
      else heap.pop();
      if (out.length >= MERGE_BATCH) {
        yield out;
        out = [];
      }
    }
    if (out.length > 0) yield out;
  } finally {
    for (const c of cursors) await c.it.return?.();
  }
}
