// Writes one data object: values already in pool-key order go out as ZNG
// streams cut every `seekStride` bytes of keys, with the seek index beside
// them (Zed's lake/data.Writer). The object's bytes are produced as the blob
// store pulls them, so an object is never held whole in memory. Its column
// copy (data-object.ts) is built from the same values; VNG puts its
// metadata before the data, so that copy is built whole, first, and stored
// while the rows are (writeObjectWithCopy).
import { InvalidError, UnsupportedError } from '../errors/index.js';
import { VngEncoder, type SpanRef } from '../formats/vng/index.js';
import { ZngEncoder } from '../formats/zng/index.js';
import type { BlobStore } from '../storage/index.js';
import { allDone } from '../util/all-done.js';
import { streamOf } from '../util/stream.js';
import { newKsuidHex, type KsuidHex } from '../util/ksuid.js';
import { TypeNull, type Value } from '../zed/index.js';
import { columnCopyKey, objectKey, seekIndexKey, type DataObject } from './data-object.js';
import { compareKeys } from './pool-key.js';
import { encodeSeekIndex, type SeekEntry } from './seek-index.js';
import type { ObjectEncoder } from './object-encoder.js';

const EMPTY = new Uint8Array(0);

export interface ObjectWriterDeps {
  readonly blobs: BlobStore;
  now(): bigint;
  /** LZ4-compress the frames of data objects (default false; see LakeDeps). */
  readonly compressObjects?: boolean;
  /** Write the object's column copy too (default true; see LakeDeps). */
  readonly columnCopies?: boolean;
  /** Write an object while the next run fills (default false; see LakeDeps). */
  readonly writeBehind?: boolean;
  /** Write full runs in other threads (see LakeDeps). */
  readonly objectEncoder?: ObjectEncoder;
}

/** Where one value lies: its type and body buf[start:end] (start -1 for a null). */
export type RowRef = SpanRef;

/** Values in pool-key order, read by position. */
export interface SortedRun {
  readonly length: number;
  /** The i-th value (it may be a view valid only while the object is written). */
  value(i: number): Value;
  /** Where the i-th value lies, written to `ref` (valid only while the object is written): no object made per value. */
  at(i: number, ref: RowRef): void;
  /** Body length of the i-th value's key (0 for a null key). */
  keyLength(i: number): number;
  /** The i-th value's key, owning its bytes. */
  key(i: number): Value;
}

/** Writes `run` as a new data object, its seek index and its column copy; returns the object's metadata. */
export async function writeDataObject(
  deps: ObjectWriterDeps,
  poolId: KsuidHex,
  seekStride: number,
  run: SortedRun,
): Promise<DataObject> {
  return writeObjectWithCopy(deps, poolId, newKsuidHex(deps.now()), seekStride, run, deps.columnCopies !== false);
}

/**
 * Writes `run` as data object `id`, its seek index and (with `withCopy`)
 * its column copy; returns the object's metadata. The copy, held whole
 * anyway, is built first: the object's rows are then encoded while the
 * copy is stored, and while each of their own chunks is, so that the
 * thread computes through the store's waits (file writes and syncs)
 * instead of sitting in them.
 */
export async function writeObjectWithCopy(
  deps: Pick<ObjectWriterDeps, 'blobs' | 'compressObjects'>,
  poolId: KsuidHex,
  id: KsuidHex,
  seekStride: number,
  run: SortedRun,
  withCopy: boolean,
): Promise<DataObject> {
  const copy = withCopy ? columnCopy(run) : null;
  // (A failure of both reports the object's own.)
  const rows = writeObjectRows(deps, poolId, id, seekStride, run);
  await allDone<unknown>([rows, copy !== null ? deps.blobs.put(columnCopyKey(poolId, id), streamOf(copy)) : null]);
  return rows;
}

/**
 * Writes `run` as data object `id` and its seek index, without its column
 * copy (writeColumnCopy, which may run beside it); returns its metadata.
 */
export async function writeObjectRows(
  deps: Pick<ObjectWriterDeps, 'blobs' | 'compressObjects'>,
  poolId: KsuidHex,
  id: KsuidHex,
  seekStride: number,
  run: SortedRun,
): Promise<DataObject> {
  const n = run.length;
  const enc = new ZngEncoder({ compress: deps.compressObjects !== false });
  const entries: SeekEntry[] = [];
  const stride = Math.max(1, seekStride);
  let i = 0;
  let offset = 0;
  const ref: RowRef = { type: TypeNull, buf: EMPTY, start: -1, end: -1 };
  const stream = { end: 0 };
  const rows = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i >= n) {
        controller.close();
        return;
      }
      // One seek stream: values until their keys add up to the stride.
      const first = i;
      const valBytes = appendStream(run, enc, ref, stream, i, stride);
      i = stream.end;
      const body = enc.take();
      const tail = enc.endStream();
      const a = run.key(first);
      const b = run.key(i - 1);
      const [min, max] = compareKeys(a, b) <= 0 ? [a, b] : [b, a];
      const length = body.length + tail.length;
      entries.push({ min, max, valOff: first, valCnt: i - first, offset, length, valBytes });
      offset += length;
      if (body.length > 0) controller.enqueue(body);
      if (tail.length > 0) controller.enqueue(tail);
    },
  });
  await deps.blobs.put(objectKey(poolId, id), rows);
  await deps.blobs.put(seekIndexKey(poolId, id), encodeSeekIndex(entries));
  const a = run.key(0);
  const b = run.key(n - 1);
  const [min, max] = compareKeys(a, b) <= 0 ? [a, b] : [b, a];
  return { id, min, max, count: n, size: offset };
}

/**
 * Encodes the values of one seek stream from `from` (until their keys add
 * up to `stride`, or the run ends) into `enc`; sets `stream.end` past the
 * last and returns their value bytes. (A function of its own: the loop,
 * inside the stream's pull, was compiled again on stack at every object.)
 */
function appendStream(run: SortedRun, enc: ZngEncoder, ref: RowRef, stream: { end: number }, from: number, stride: number): number {
  const n = run.length;
  let i = from;
  let trigger = 0;
  let valBytes = 0;
  while (i < n) {
    run.at(i, ref);
    enc.append(ref.type, ref.buf, ref.start, ref.end);
    if (ref.start >= 0) valBytes += ref.end - ref.start;
    trigger += run.keyLength(i++);
    if (trigger >= stride) break;
  }
  stream.end = i;
  return valBytes;
}

/** Writes the column copy of data object `id`, whose values `run` holds in order (none when VNG cannot hold them). */
export async function writeColumnCopy(blobs: BlobStore, poolId: KsuidHex, id: KsuidHex, run: SortedRun): Promise<void> {
  const copy = columnCopy(run);
  if (copy !== null) await blobs.put(columnCopyKey(poolId, id), streamOf(copy));
}

/**
 * The column copy of `run`, in pieces (see VngEncoder.endParts): its values
 * as uncompressed VNG, in the same order; null when VNG cannot hold them (an
 * enum type, a column past VNG's size limits), and the object's values are
 * then read whole.
 */
function columnCopy(run: SortedRun): Uint8Array[] | null {
  try {
    const enc = new VngEncoder({ compress: false, minMax: false, checksums: true });
    enc.writeAll(run);
    return enc.endParts();
  } catch (e) {
    if (e instanceof UnsupportedError || e instanceof InvalidError) return null;
    throw e;
  }
}
