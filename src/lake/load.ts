// Load: cuts incoming values into runs, sorts each run by the pool key and
// writes it as one immutable data object (spec lake-api.md §8). A run ends
// when its value bytes reach the pool's `threshold` (as in Zed) or the
// lake's load memory limit, whichever is smaller, so a load of any size
// holds one run at a time. Objects of one load may overlap. Objects are
// written before the commit, so a failure leaves only unreferenced objects,
// which no snapshot sees and vacuum removes.
import { InvalidError } from '../errors/index.js';
import { allDone } from '../util/all-done.js';
import { newKsuidHex, type KsuidHex } from '../util/ksuid.js';
import { compareValues, TypeContext, type Value } from '../zed/index.js';
import { describeObject, type DataObject } from './data-object.js';
import { decodedObject, encodeJob } from './object-encoder.js';
import { writeDataObject, writeObjectRows, type ObjectWriterDeps } from './object-writer.js';
import { keyOf, type PoolKey } from './pool-key.js';
import { RunBuffer } from './run-buffer.js';

/**
 * Default bound on the value bytes a load holds before it writes an object.
 * 1M Zeek-like records (319 MB of NDJSON) through the library with two
 * encode threads: 64 MiB peaked at 357-415 MiB RSS (seven runs), 48 MiB at
 * 329-379 (three) at the same speed, in nine objects rather than seven.
 * Once LZ4 ran in WebAssembly, the faster threads took 48 MiB to 364-415;
 * 40 MiB peaked at 347-362 at the same speed (eleven objects), 32 MiB at
 * 336-350 but 10-15% slower. With one encode thread on two cores (as fast
 * as two, see defaultEncodeThreads), 48 MiB peaked at 298-320 MiB, in nine
 * objects again (2.70-2.94 s).
 */
export const DEFAULT_LOAD_MEMORY_LIMIT = 48 * 1024 * 1024;

export interface ObjectWriterOptions {
  readonly threshold: number;
  readonly seekStride: number;
  /** Value bytes held before a run is written (default DEFAULT_LOAD_MEMORY_LIMIT). */
  readonly memoryLimit?: number;
  /**
   * The input is already in pool-key order (a compaction): objects then never
   * overlap, and one is never cut inside a run of equal keys (Zed's SortedWriter).
   */
  readonly sorted?: boolean;
}

/** The fraction (1/WARM_AT) of its first run a load fills before its encoder gets ready. */
const WARM_AT = 4;

/**
 * Writes the data objects of one load (or of a rewrite, as delete-where does).
 * With the deps' `writeBehind`, the next run fills while an object is written
 * (one at a time, in order, through a second run buffer). With an
 * `objectEncoder`, each full run is sorted here and handed to other threads
 * (one writes its rows and another its column copy; with a single thread,
 * it writes the column copy and this thread the rows) while the next
 * fills; the runs they hold count against the memory limit, so runs are
 * smaller. The last run is written here, beside them (with a single
 * thread, shared as the others are), and a load of one run never leaves
 * this thread.
 */
export class ObjectWriter {
  readonly objects: DataObject[] = [];
  /** Objects being written by the encoder, in the order their runs ended. */
  #encoding: Promise<DataObject>[] = [];
  /** Whether each run's rows and column copy are written by two threads (see #flush). */
  readonly #split: boolean;
  /**
   * Whether, with a single encode thread, each run's rows are written here
   * while that thread writes its column copy (see #flush).
   */
  readonly #rowsHere: boolean;
  /** Runs the encoder writes at once at most (0 without one). */
  readonly #inFlight: number;
  /** The type context of their key bounds. */
  readonly #boundsCtx = new TypeContext();
  #run: RunBuffer;
  /** The other run buffer (write-behind only), reset once its object is written. */
  #spare: RunBuffer | null;
  /** The object being written behind, if any. */
  #writing: Promise<void> | null = null;
  /** Value bytes of an object (the pool's threshold). */
  readonly #threshold: number;
  /** Memory a run may stand for, values' overhead included (see RunBuffer.memory). */
  readonly #memory: number;
  /** Whether the encoder was told to get ready (see #full). */
  #warmed = false;

  constructor(
    private readonly deps: ObjectWriterDeps,
    private readonly poolId: KsuidHex,
    private readonly key: PoolKey,
    private readonly opts: ObjectWriterOptions,
  ) {
    this.#threshold = Math.max(1, opts.threshold);
    const encoder = deps.objectEncoder;
    this.#split = encoder !== undefined && encoder.parallel >= 2 && deps.columnCopies !== false;
    this.#rowsHere = encoder !== undefined && encoder.parallel === 1 && deps.columnCopies !== false;
    this.#inFlight = encoder === undefined ? 0 : Math.max(1, this.#split ? Math.floor(encoder.parallel / 2) : encoder.parallel);
    // The runs being written count against the limit too: each run gets its share.
    this.#memory = Math.max(1, Math.floor((opts.memoryLimit ?? DEFAULT_LOAD_MEMORY_LIMIT) / (1 + this.#inFlight)));
    this.#run = new RunBuffer(key.path, { shared: encoder !== undefined });
    this.#spare = deps.writeBehind === true ? new RunBuffer(key.path) : null;
  }

  #full(): boolean {
    const run = this.#run;
    if (!this.#warmed && (run.bytes >= this.#threshold / WARM_AT || run.memory >= this.#memory / WARM_AT)) {
      // A load that has come this far will likely fill its run: the
      // encoder's thread starts now, while the run fills, not after.
      this.#warmed = true;
      this.deps.objectEncoder?.warm?.();
    }
    return run.bytes >= this.#threshold || run.memory >= this.#memory;
  }

  /** Buffers a batch, writing an object whenever the run reaches its bound. */
  async write(batch: readonly Value[]): Promise<void> {
    // (#run is read afresh each time: a flush may swap the buffers.)
    if (this.opts.sorted === true) {
      for (const v of batch) {
        if (this.#full()) {
          const last = this.#run.lastAddedKey();
          if (last === null || compareValues(last, keyOf(v, this.key.path)) !== 0) await this.#flush();
        }
        this.#run.add(v);
      }
      return;
    }
    for (const v of batch) {
      this.#run.add(v);
      if (this.#full()) await this.#flush();
    }
  }

  /** Writes the last run; returns every object written. */
  async close(): Promise<DataObject[]> {
    await this.#flush(true);
    await this.settle();
    return this.objects;
  }

  /** Waits for the objects being written behind or by the encoder; throws the first failure. */
  async settle(): Promise<void> {
    const w = this.#writing;
    this.#writing = null;
    let failure: unknown = null;
    while (this.#encoding.length > 0) {
      try {
        await this.#takeEncoded();
      } catch (e) {
        failure ??= e;
      }
    }
    await w;
    if (failure !== null) throw failure;
  }

  /** Waits for the oldest object the encoder writes and adds it to the objects. */
  async #takeEncoded(): Promise<void> {
    const p = this.#encoding.shift()!;
    this.objects.push(await p);
  }

  async #flush(last = false): Promise<void> {
    const run = this.#run;
    if (run.length === 0) return;
    const encoder = this.deps.objectEncoder;
    if (encoder !== undefined) {
      // (With the rows written here, the last run is shared as the others
      // are, unless it is the only one.)
      if (!last || (this.#rowsHere && this.#encoding.length > 0)) {
        // Two threads share each run's work (two encode threads, or one and
        // this one): one writes its rows, the other its column copy,
        // reading the same arena.
        const split = this.#split;
        const base = {
          poolId: this.poolId,
          id: newKsuidHex(this.deps.now()),
          seekStride: this.opts.seekStride,
          order: this.key.order,
          keyPath: this.key.path,
          compress: this.deps.compressObjects !== false,
          columnCopy: this.deps.columnCopies !== false,
        };
        // Sorted once, here; the index arrays are copied to the threads,
        // and the arena, in shared memory, is read by them in place and
        // filled again once they are done.
        run.sort(this.key.order);
        const rowsHere = this.#rowsHere;
        const job = encodeJob(run, { ...base, part: split ? 'rows' : rowsHere ? 'columns' : 'all' });
        // The job is ready before its turn comes: the threads go from one
        // run to the next without waiting for this one to be sorted.
        while (this.#encoding.length >= this.#inFlight) await this.#takeEncoded();
        // The object's metadata comes with its rows. With one encode
        // thread, that thread writes the column copy (about two thirds of
        // a run's encoding) and this one the rows, between reading the next
        // run's values, from the same arena: parsing takes less than
        // encoding, so this thread had time to spare.
        const jobs = split ? [encoder.encode(job), encoder.encode({ ...job, part: 'columns' })] : [encoder.encode(job)];
        const object = rowsHere
          ? writeObjectRows(this.deps, this.poolId, job.id, this.opts.seekStride, RunBuffer.attach(job.run, this.key.path, this.#boundsCtx))
          : jobs[0]!.then((e) => decodedObject(e!, this.#boundsCtx));
        const p = allDone<unknown>([object, ...jobs]).then(() => {
          this.#run.recycle(job.run.chunks);
          return object;
        });
        p.catch(() => {});
        this.#encoding.push(p);
        return;
      }
      // The last run is written here while the encoder finishes the others,
      // after them in the list, so the objects keep the order their runs
      // ended in (close settles them all).
      if (this.#encoding.length > 0) {
        run.sort(this.key.order);
        const mine = writeDataObject(this.deps, this.poolId, this.opts.seekStride, run).finally(() => run.reset());
        mine.catch(() => {});
        this.#encoding.push(mine);
        return;
      }
    }
    run.sort(this.key.order);
    if (this.#spare === null) {
      await this.#write(run);
      return;
    }
    // Behind: after the previous object is written (and its buffer reset),
    // this one goes out while the other buffer takes the next run.
    await this.settle();
    const written = this.#write(run);
    written.catch(() => {});
    this.#writing = written;
    this.#run = this.#spare;
    this.#spare = run;
  }

  async #write(run: RunBuffer): Promise<void> {
    try {
      this.objects.push(await writeDataObject(this.deps, this.poolId, this.opts.seekStride, run));
    } finally {
      run.reset();
    }
  }
}

/** Reads every batch into `writer`; fails with `empty transaction` if nothing came. */
export async function writeObjects(writer: ObjectWriter, values: AsyncIterable<readonly Value[]>): Promise<DataObject[]> {
  try {
    for await (const batch of values) await writer.write(batch);
  } catch (e) {
    // Let an object being written behind finish (as an orphan) before failing.
    await writer.settle().catch(() => {});
    throw e;
  }
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
 * Zed's printObjects: it does not stop after the limit but adds `  ...`
 * after every object past it (quirk kept); `limit` may go negative.
 */
export function printObjects(objects: readonly DataObject[], limit = MAX_MESSAGE_OBJECTS): string {
  let s = '';
  for (let k = 0; k < objects.length; k++) {
    s += `  ${describeObject(objects[k]!)}\n`;
    if (k >= limit) s += '  ...\n';
  }
  return s;
}

/** Zed's default delete message. */
export function deleteMessage(objects: readonly DataObject[]): string {
  return `deleted ${objects.length} data object${objects.length === 1 ? '' : 's'}\n\n${printObjects(objects)}`;
}

/** Zed's default delete-where message (lake/branch.go deleteWhereMessage). */
export function deleteWhereMessage(deleted: readonly DataObject[], added: readonly DataObject[]): string {
  let s = deleteMessage(deleted);
  if (added.length > 0) {
    s += `\nadded ${added.length} data object${added.length === 1 ? '' : 's'}\n\n`;
    s += printObjects(added, MAX_MESSAGE_OBJECTS - deleted.length);
  }
  return s;
}
