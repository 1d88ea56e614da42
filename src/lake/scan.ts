// Scan: reads a snapshot's data objects as one stream in pool-key order. Each
// object is sorted, so a k-way merge suffices; objects are opened only when the
// merge reaches their first key, so disjoint objects are read one at a time.
// Objects whose [min,max] cannot meet the key span are not read at all, and of
// the others only the seek streams that may meet it are read.

import { NotFoundError } from '../errors/index.js';
import { ZngDecoder } from '../formats/zng/index.js';
import type { BlobStore } from '../storage/index.js';
import { ksuidHexToBase62, type KsuidHex } from '../util/ksuid.js';
import type { TypeContext, Value } from '../zed/index.js';
import { objectKey, type DataObject } from './data-object.js';
import { entryComparator, keyComparator, keyOf, spanOverlaps, type KeySpan, type PoolKey } from './pool-key.js';
import { seekRanges, type SeekEntry, type SeekRange } from './seek-index.js';

const BATCH_SIZE = 1024;

/** The objects overlapping `span`, in pool order of their first key (then id). */
export function planObjects(objects: readonly DataObject[], key: PoolKey, span?: KeySpan): DataObject[] {
  const kept = span === undefined ? objects.slice() : objects.filter((o) => spanOverlaps(o.min, o.max, span));
  const cmp = keyComparator(key.order);
  const first = (o: DataObject): Value => (key.order === 'asc' ? o.min : o.max);
  const last = (o: DataObject): Value => (key.order === 'asc' ? o.max : o.min);
  return kept.sort((a, b) => cmp(first(a), first(b)) || cmp(last(a), last(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Counts decoded values as read (Zed's records_read, and their bodies' bytes as bytes_read). */
export function tallyRead(stats: ScanStats | undefined, values: readonly Value[]): void {
  if (stats === undefined) return;
  let n = 0;
  for (let i = 0; i < values.length; i++) n += values[i]!.bytes?.length ?? 0;
  stats.recordsRead += values.length;
  stats.bytesRead += n;
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
    private readonly stats: ScanStats | undefined,
  ) {
    this.#decoder = new ZngDecoder(ctx);
  }

  #decode(r: ReadableStreamReadResult<Uint8Array>): Value[] {
    const values = r.done ? this.#decoder.end() : this.#decoder.push(r.value);
    tallyRead(this.stats, values);
    return values;
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
      this.values = this.#decode(r);
      if (r.done && this.values.length === 0) return false;
    }
    this.key = keyOf(this.values[this.i]!, this.path);
    return true;
  }

  /** The values from the current one to the end of the object, as they decode. */
  async *drain(): AsyncGenerator<Value[]> {
    if (this.i < this.values.length) yield this.i === 0 ? this.values : this.values.slice(this.i);
    for (;;) {
      const r = await this.reader.read();
      const values = this.#decode(r);
      if (values.length > 0) yield values;
      if (r.done) return;
    }
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

/**
 * What the scans of a query read, for its statistics. Zed's figures count
 * values as its scanner decodes them from data objects: records_read and
 * bytes_read (the values' body bytes) for every value of the seek streams
 * read, records_matched and bytes_matched for those a pushed filter keeps.
 */
export interface ScanStats {
  /** Stored bytes taken from storage (data objects, column copies). */
  storedBytes: number;
  /** Data objects opened. */
  objectsRead: number;
  /** Values decoded, or counted or aggregated from metadata and columns as if decoded, and their body bytes. */
  recordsRead: number;
  bytesRead: number;
  /**
   * Values counted or aggregated in the lake (never handed to the query),
   * that the pushed filter kept; the values a scan yields are counted as
   * matched where the query takes them.
   */
  recordsMatched: number;
  bytesMatched: number;
  /** What went wrong without failing the scan (a column copy that did not read, its object read as values instead). */
  warnings: string[];
}

export function newScanStats(): ScanStats {
  return { storedBytes: 0, objectsRead: 0, recordsRead: 0, bytesRead: 0, recordsMatched: 0, bytesMatched: 0, warnings: [] };
}

export interface ScanDeps {
  readonly blobs: BlobStore;
  /** The object's seek index, or null when it has none. */
  seekIndex(poolId: KsuidHex, id: KsuidHex): Promise<readonly SeekEntry[] | null>;
}

const RANGE_CHUNK = 1 << 20;

/** Opens object `o` whole, or only its streams that may meet `span`. */
export async function openObject(
  deps: ScanDeps,
  poolId: KsuidHex,
  o: DataObject,
  span: KeySpan | undefined,
  stats: ScanStats | undefined,
): Promise<ReadableStream<Uint8Array>> {
  const key = objectKey(poolId, o.id);
  let ranges: SeekRange[] | null = null;
  if (span !== undefined) {
    const entries = await deps.seekIndex(poolId, o.id);
    if (entries !== null) ranges = seekRanges(entries, span);
  }
  if (stats !== undefined) stats.objectsRead++;
  if (ranges === null) {
    const stream = await deps.blobs.getStream(key);
    if (stream === null) throw missingObject(deps.blobs, key, o.id);
    return stats === undefined ? stream : stream.pipeThrough(counter(stats));
  }
  return rangeStream(deps.blobs, key, o.id, ranges, stats);
}

/** Reads byte ranges of a blob a chunk at a time. */
function rangeStream(blobs: BlobStore, key: string, id: KsuidHex, ranges: readonly SeekRange[], stats: ScanStats | undefined): ReadableStream<Uint8Array> {
  let r = 0;
  let at = ranges[0]?.offset ?? 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const range = ranges[r];
      if (range === undefined) {
        controller.close();
        return;
      }
      const end = range.offset + range.length;
      const n = Math.min(RANGE_CHUNK, end - at);
      const chunk = await blobs.getRange(key, at, n);
      if (chunk === null) throw missingObject(blobs, key, id);
      if (stats !== undefined) stats.storedBytes += chunk.length;
      at += chunk.length;
      if (chunk.length < n || at >= end) {
        r++;
        at = ranges[r]?.offset ?? 0;
      }
      if (chunk.length > 0) controller.enqueue(chunk);
    },
  });
}

function counter(stats: ScanStats): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    transform(chunk, controller) {
      stats.storedBytes += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

/** Zed's words for a data object gone from storage: its location, where the store has one. */
export function missingObject(blobs: BlobStore, key: string, id: KsuidHex): NotFoundError {
  return new NotFoundError(`${blobs.uri?.(key) ?? `object ${ksuidHexToBase62(id)}`}: file does not exist`);
}

/** Merges `objects` (already planned) in pool-key order, in batches. */
export async function* mergeObjects(
  deps: ScanDeps,
  poolId: KsuidHex,
  objects: readonly DataObject[],
  key: PoolKey,
  ctx: TypeContext,
  span?: KeySpan,
  stats?: ScanStats,
): AsyncGenerator<Value[]> {
  const entryCmp = entryComparator(key.order);
  const keyCmp = keyComparator(key.order);
  const heap = new Heap((a, b) => {
    const c = entryCmp({ key: a.key, value: a.value }, { key: b.key, value: b.value });
    return c !== 0 ? c < 0 : a.order < b.order;
  });
  const first = (o: DataObject): Value => (key.order === 'asc' ? o.min : o.max);
  const last = (o: DataObject): Value => (key.order === 'asc' ? o.max : o.min);
  let next = 0;
  // The next object's open runs one ahead, so its store request overlaps
  // the current object's reading; and a missing object fails the scan before
  // the values of the object before it go out (as Zed's scanners, which
  // open objects in parallel, fail).
  let ahead = null as { readonly at: number; readonly stream: Promise<ReadableStream<Uint8Array>> } | null;
  const start = (at: number) => {
    const stream = openObject(deps, poolId, objects[at]!, span, stats);
    stream.catch(() => undefined);
    return { at, stream };
  };
  const open = async (): Promise<void> => {
    const at = next++;
    const mine = ahead !== null && ahead.at === at ? ahead.stream : start(at).stream;
    ahead = at + 1 < objects.length ? start(at + 1) : null;
    const stream = await mine;
    if (ahead !== null) {
      try {
        await ahead.stream;
      } catch (e) {
        stream.cancel().catch(() => undefined);
        throw e;
      }
    }
    const c = new Cursor(at, stream.getReader(), ctx, key.path, stats);
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
      if (heap.items.length === 1 && (next >= objects.length || keyCmp(first(objects[next]!), last(objects[top.order]!)) > 0)) {
        // The only open object, and none to open before its end: pass its values through.
        if (batch.length > 0) {
          yield batch;
          batch = [];
        }
        yield* top.drain();
        heap.pop();
        continue;
      }
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
    // An object opened ahead that the merge never reached.
    const left = ahead;
    if (left !== null && left.at >= next) left.stream.then((s) => s.cancel()).catch(() => undefined);
  }
}
