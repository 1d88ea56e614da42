// Counting without reading: a data object, or a seek stream of one, whose
// keys all lie in the key span is counted from its metadata; only the
// streams that straddle the span's ends are read and filtered value by value.
import { ZngDecoder } from '../formats/zng/index.js';
import type { PoolConfig } from '../storage/index.js';
import { TypeContext, type Value } from '../zed/index.js';
import type { LakeContext } from './context.js';
import type { DataObject } from './data-object.js';
import { keyInSpan, keyOf, poolKeyOf, type KeySpan } from './pool-key.js';
import { openObject, tallyRead, type ScanStats } from './scan.js';
import { entriesValueBytes, mayHold, wholly, type SeekEntry } from './seek-index.js';
import type { Snapshot } from './snapshot.js';

export interface CountOptions {
  /** Count only values whose key lies in the span (ends as flagged). */
  readonly keySpan?: KeySpan;
  /**
   * Decides each value that is read (default: its key lies in keySpan). It
   * must hold for every value whose key lies in keySpan, since wholly
   * covered objects and streams are counted unread: true when the filter is
   * exactly the span, as `ts >= X` is for a pool keyed on ts.
   */
  readonly filter?: (v: Value) => boolean;
  readonly stats?: ScanStats;
}

export async function countValues(lc: LakeContext, p: PoolConfig, snap: Snapshot, opts: CountOptions): Promise<number> {
  const span = opts.keySpan ?? {};
  // Counted unread only when strictly inside: values equal to an end are
  // read and filtered, whatever operator made the end.
  const inside: KeySpan = { ...span, lowerExclusive: true, upperExclusive: true };
  const path = poolKeyOf(p).path;
  const keep = opts.filter ?? ((v: Value) => keyInSpan(keyOf(v, path), span));
  const unbounded = span.lower === undefined && span.upper === undefined;
  const stats = opts.stats;
  let total = 0;
  // Values counted unread, tallied in the statistics as Zed's scanner
  // would have read and kept them (their bytes from the seek index).
  const unread = (values: number, bytes: number): void => {
    total += values;
    if (stats === undefined) return;
    stats.recordsRead += values;
    stats.bytesRead += bytes;
    stats.recordsMatched += values;
    stats.bytesMatched += bytes;
  };
  const whole = async (o: DataObject): Promise<void> => unread(o.count, stats === undefined ? 0 : entriesValueBytes(await lc.seekIndex(p.id, o.id)));
  for (const o of snap.objects()) {
    if (unbounded && opts.filter === undefined) {
      await whole(o);
      continue;
    }
    if (!mayHold(o, span)) continue;
    if (!unbounded && wholly(o, inside)) {
      await whole(o);
      continue;
    }
    const entries = unbounded ? null : await lc.seekIndex(p.id, o.id);
    if (entries === null) {
      total += await countRead(lc, p, o, undefined, keep, stats);
      continue;
    }
    // Streams wholly inside count from the index; the others are read.
    const partial: SeekEntry[] = [];
    for (const e of entries) {
      if (!mayHold(e, span)) continue;
      if (wholly(e, inside)) unread(e.valCnt, e.valBytes ?? 0);
      else partial.push(e);
    }
    if (partial.length > 0) total += await countRead(lc, p, o, partial, keep, stats);
  }
  return total;
}

/** Counts the values of `o` (only those in `entries`' streams, when given) that `keep` accepts. */
async function countRead(
  lc: LakeContext,
  p: PoolConfig,
  o: DataObject,
  entries: readonly SeekEntry[] | undefined,
  keep: (v: Value) => boolean,
  stats: ScanStats | undefined,
): Promise<number> {
  const stream =
    entries === undefined
      ? await openObject(lc, p.id, o, undefined, stats)
      : await openObject({ blobs: lc.blobs, seekIndex: async () => entries }, p.id, o, {}, stats);
  const dec = new ZngDecoder(new TypeContext());
  let n = 0;
  const reader = stream.getReader();
  for (;;) {
    const r = await reader.read();
    const values = r.done ? dec.end() : dec.push(r.value);
    tallyRead(stats, values);
    for (const v of values) {
      if (!keep(v)) continue;
      n++;
      if (stats !== undefined) {
        stats.recordsMatched++;
        stats.bytesMatched += v.bytes?.length ?? 0;
      }
    }
    if (r.done) return n;
  }
}
