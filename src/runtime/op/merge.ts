// merge: combines inputs sorted by a key into one sorted output (runtime/
// sam/op/merge). Nulls and missing keys sort last, ties go to the earlier
// input. When the rest of the least input's batch is no greater than every
// other input's next value, the batch is passed on whole.

import type { Value } from '../../zed/index.js';
import { compareKeyValues } from './compare.js';
import { Heap } from './heap.js';
import { BATCH_LEN, checkAbort, type Batch, type Evaluator, type OpContext, type Order, type Stream } from './types.js';

interface Cursor {
  readonly it: AsyncIterator<Batch>;
  readonly idx: number;
  buf: Batch;
  pos: number;
  key: Value;
  done: boolean;
}

export async function* mergeOp(ctx: OpContext, parents: readonly Stream[], key: Evaluator, order: Order = 'asc'): AsyncGenerator<Batch> {
  const desc = order === 'desc';
  const cmpKeys = (x: Value, y: Value): number => (desc ? compareKeyValues(y, x, true, true) : compareKeyValues(x, y, true, true));
  const less = (a: Cursor, b: Cursor): boolean => {
    const c = cmpKeys(a.key, b.key);
    return c < 0 || (c === 0 && a.idx < b.idx);
  };
  const cursors: Cursor[] = parents.map((p, idx) => ({
    it: p[Symbol.asyncIterator](),
    idx,
    buf: [],
    pos: 0,
    key: undefined as unknown as Value,
    done: false,
  }));
  // Loads the cursor's next non-empty batch; false at the end of its input.
  const refill = async (c: Cursor): Promise<boolean> => {
    for (;;) {
      const r = await c.it.next();
      if (r.done === true) {
        c.done = true;
        return false;
      }
      if (r.value.length > 0) {
        c.buf = r.value;
        c.pos = 0;
        c.key = key(c.buf[0]!);
        return true;
      }
    }
  };
  const heap = new Heap<Cursor>(less);
  try {
    const ok = await Promise.all(cursors.map(refill));
    cursors.forEach((c, i) => {
      if (ok[i]) heap.push(c);
    });
    let out: Value[] = [];
    while (heap.size > 0) {
      const c = heap.peek()!;
      const h = heap.items;
      const next = h.length < 2 ? null : h.length < 3 || less(h[1]!, h[2]!) ? h[1]! : h[2]!;
      const last = next === null ? -1 : cmpKeys(key(c.buf[c.buf.length - 1]!), next.key);
      if (last < 0 || (last === 0 && c.idx < next!.idx)) {
        // The rest of this batch comes before anything else.
        if (out.length > 0) {
          yield out;
          out = [];
        }
        checkAbort(ctx);
        yield c.pos === 0 ? c.buf : c.buf.slice(c.pos);
        if (await refill(c)) heap.fix(0);
        else heap.pop();
        continue;
      }
      out.push(c.buf[c.pos++]!);
      if (c.pos < c.buf.length) {
        c.key = key(c.buf[c.pos]!);
        heap.fix(0);
      } else if (await refill(c)) heap.fix(0);
      else heap.pop();
      if (out.length >= BATCH_LEN) {
        checkAbort(ctx);
        yield out;
        out = [];
      }
    }
    if (out.length > 0) yield out;
  } finally {
    await Promise.allSettled(cursors.filter((c) => !c.done).map((c) => c.it.return?.()));
  }
}
