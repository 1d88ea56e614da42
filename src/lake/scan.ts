// Scan: reads a snapshot's data objects as one stream in pool-key order. Each
// object is sorted, so a k-way merge suffices; objects are opened only when the
// merge reaches their first key, so disjoint objects are read one at a time.
// Objects whose [min,max] cannot meet the key span are not read at all.

import { NotFoundError } from '../errors/index.js';
import { ZngDecoder } from '../formats/zng/index.js';
import type { BlobStore } from '../storage/index.js';
import { ksuidHexToBase62, type KsuidHex } from '../util/ksuid.js';
import type { TypeContext, Value } from '../zed/index.js';
import { objectKey, type DataObject } from './data-object.js';
import { entryComparator, keyComparator, keyOf, spanOverlaps, type KeySpan, type PoolKey } from './pool-key.js';

const BATCH_SIZE = 1024;

/** The objects overlapping `span`, in pool order of their first key (then id). */
export function planObjects(objects: readonly DataObject[], key: PoolKey, span?: KeySpan): DataObject[] {
  const kept = span === undefined ? objects.slice() : objects.filter((o) => spanOverlaps(o.min, o.max, span));
  const cmp = keyComparator(key.order);
  const first = (o: DataObject): Value => (key.order === 'asc' ? o.min : o.max);
  const last = (o: DataObject): Value => (key.order === 'asc' ? o.max : o.min);
  return kept.sort((a, b) => cmp(first(a), first(b)) || cmp(last(a), last(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** One open object: decoded values not yet merged, refilled a chunk at a time. */
class Cursor {
  values: Value[] = [];
  i = 0;
  key!: Value;
  readonly #decoder: ZngDecoder;
  constructor(
    readonly order: number,
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    ctx: TypeContext,
    private readonly path: readonly string[],
  ) {
    this.#decoder = new ZngDecoder(ctx);
  }

  get value(): Value {
    return this.values[this.i]!;
  }

  /** Moves to the next value; false at the end of the object. */
  async advance(): Promise<boolean> {
    this.i++;
    while (this.i >= this.values.length) {
      const r = await this.reader.read();
      this.i = 0;
      this.values = r.done ? this.#decoder.end() : this.#decoder.push(r.value);
      if (r.done && this.values.length === 0) return false;
    }
    this.key = keyOf(this.values[this.i]!, this.path);
    return true;
  }

  close(): void {
    this.reader.cancel().catch(() => undefined);
  }
}

/** A binary min-heap of cursors. */
class Heap {
  readonly items: Cursor[] = [];
  constructor(private readonly less: (a: Cursor, b: Cursor) => boolean) {}
  push(c: Cursor): void {
    const a = this.items;
    a.push(c);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }
  /** Restores the order after the top changed or was removed. */
  fixTop(): void {
    const a = this.items;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < a.length && this.less(a[l]!, a[m]!)) m = l;
      if (r < a.length && this.less(a[r]!, a[m]!)) m = r;
      if (m === i) return;
      [a[i], a[m]] = [a[m]!, a[i]!];
      i = m;
    }
  }
  pop(): void {
    const a = this.items;
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      this.fixTop();
    }
  }
}

export interface ScanDeps {
  readonly blobs: BlobStore;
}

/** Merges `objects` (already planned) in pool-key order, in batches. */
export async function* mergeObjects(
  deps: ScanDeps,
  poolId: KsuidHex,
  objects: readonly DataObject[],
  key: PoolKey,
  ctx: TypeContext,
): AsyncGenerator<Value[]> {
  const entryCmp = entryComparator(key.order);
  const keyCmp = keyComparator(key.order);
  const heap = new Heap((a, b) => {
    const c = entryCmp({ key: a.key, value: a.value }, { key: b.key, value: b.value });
    return c !== 0 ? c < 0 : a.order < b.order;
  });
  const first = (o: DataObject): Value => (key.order === 'asc' ? o.min : o.max);
  let next = 0;
  const open = async (): Promise<void> => {
    const o = objects[next]!;
    const stream = await deps.blobs.getStream(objectKey(poolId, o.id));
    if (stream === null) throw new NotFoundError(`object ${ksuidHexToBase62(o.id)}: file does not exist`);
    const c = new Cursor(next++, stream.getReader(), ctx, key.path);
    c.i = -1;
    if (await c.advance()) heap.push(c);
  };
  try {
    let batch: Value[] = [];
    for (;;) {
      // Open every object that may hold a value at or before the heap's top.
      while (next < objects.length && (heap.items.length === 0 || keyCmp(first(objects[next]!), heap.items[0]!.key) <= 0)) {
        await open();
      }
      const top = heap.items[0];
      if (top === undefined) break;
      batch.push(top.value);
      if (top.i + 1 < top.values.length) {
        // Synchronous step within the decoded chunk.
        top.i++;
        top.key = keyOf(top.values[top.i]!, key.path);
        heap.fixTop();
      } else if (await top.advance()) {
        heap.fixTop();
      } else {
        heap.pop();
      }
      if (batch.length >= BATCH_SIZE) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    for (const c of heap.items) c.close();
  }
}
