// Load: cuts incoming values into runs of about `threshold` value bytes,
// sorts each run by the pool key and writes it as one immutable ZNG data
// object (spec lake-api.md §8). Objects of one load may overlap. Objects are
// written before the commit, so a failure leaves only unreferenced objects,
// which no snapshot sees and vacuum may remove.
//
// Memory: one run (about `threshold` bytes of values) is held and sorted at a
// time; Zed spills larger runs to disk, which this does not do yet.

import { InvalidError } from '../errors/index.js';
import { encodeZng } from '../formats/zng/index.js';
import type { BlobStore } from '../storage/index.js';
import { newKsuidHex, type KsuidHex } from '../util/ksuid.js';
import type { Value } from '../zed/index.js';
import { describeObject, objectKey, type DataObject } from './data-object.js';
import { compareKeys, entryComparator, keyOf, type KeyedValue, type PoolKey } from './pool-key.js';

export interface ObjectWriterDeps {
  readonly blobs: BlobStore;
  now(): bigint;
}

/** Writes the data objects of one load. */
export class ObjectWriter {
  readonly objects: DataObject[] = [];
  #run: KeyedValue[] = [];
  #runBytes = 0;
  readonly #compare: (a: KeyedValue, b: KeyedValue) => number;

  constructor(
    private readonly deps: ObjectWriterDeps,
    private readonly poolId: KsuidHex,
    private readonly key: PoolKey,
    private readonly threshold: number,
  ) {
    this.#compare = entryComparator(key.order);
  }

  /** Buffers a batch, writing an object whenever the run reaches the threshold. */
  async write(batch: readonly Value[]): Promise<void> {
    const path = this.key.path;
    for (const v of batch) {
      this.#run.push({ key: keyOf(v, path), value: v });
      this.#runBytes += v.bytes === null ? 0 : v.bytes.length;
      if (this.#runBytes >= this.threshold) await this.#flush();
    }
  }

  /** Writes the last run; returns every object written. */
  async close(): Promise<DataObject[]> {
    await this.#flush();
    return this.objects;
  }

  async #flush(): Promise<void> {
    const run = this.#run;
    if (run.length === 0) return;
    this.#run = [];
    this.#runBytes = 0;
    run.sort(this.#compare);
    const values = run.map((e) => e.value);
    const bytes = encodeZng(values);
    const id = newKsuidHex(this.deps.now());
    await this.deps.blobs.put(objectKey(this.poolId, id), bytes);
    // Sorted, so the ends of the run hold the smallest and largest keys.
    const a = run[0]!.key;
    const b = run[run.length - 1]!.key;
    const [min, max] = compareKeys(a, b) <= 0 ? [a, b] : [b, a];
    this.objects.push({ id, min, max, count: run.length, size: bytes.length });
  }
}

/** Reads every batch into `writer`; fails with `empty transaction` if nothing came. */
export async function writeObjects(writer: ObjectWriter, values: AsyncIterable<readonly Value[]>): Promise<DataObject[]> {
  for await (const batch of values) await writer.write(batch);
  const objects = await writer.close();
  if (objects.length === 0) throw new InvalidError('empty transaction');
  return objects;
}

const MAX_MESSAGE_OBJECTS = 10;

/** Zed's default load message (lake/branch.go loadMessage). */
export function loadMessage(objects: readonly DataObject[]): string {
  let s = `loaded ${objects.length} data object${objects.length === 1 ? '' : 's'}\n\n`;
  for (let k = 0; k < objects.length; k++) {
    s += `  ${describeObject(objects[k]!)}\n`;
    if (k >= MAX_MESSAGE_OBJECTS) {
      s += '  ...\n';
      break;
    }
  }
  return s;
}

/**
 * Zed's default delete message. Zed's printObjects does not stop after the
 * limit: it adds `  ...` after every object past the eleventh (quirk kept).
 */
export function deleteMessage(objects: readonly DataObject[]): string {
  let s = `deleted ${objects.length} data object${objects.length === 1 ? '' : 's'}\n\n`;
  for (let k = 0; k < objects.length; k++) {
    s += `  ${describeObject(objects[k]!)}\n`;
    if (k >= MAX_MESSAGE_OBJECTS) s += '  ...\n';
  }
  return s;
}
