// Seek indexes (Zed's lake/seekindex): a data object is written as a series
// of self-contained ZNG streams, each ending where about `seek_stride` bytes
// of pool keys were written (Zed counts key bytes, not value bytes); the seek
// index records each stream's key range, value count and byte range, so a
// scan of a key span reads only the streams that may hold it, and a count can
// take whole streams from the index.
import { decodeZng, encodeZng } from '../formats/zng/index.js';
import { TypeContext, type Value } from '../zed/index.js';
import { keyInSpan, spanOverlaps, type KeySpan } from './pool-key.js';
import { fieldsOf, RecordMaker, uint64 } from './zed-records.js';

/** One stream of a data object (Zed's seekindex.Entry). */
export interface SeekEntry {
  /** Smallest and largest key in the stream, in value order. */
  readonly min: Value;
  readonly max: Value;
  /** Position of the stream's first value in the object, and its value count. */
  readonly valOff: number;
  readonly valCnt: number;
  /** Byte range of the stream in the object. */
  readonly offset: number;
  readonly length: number;
  /**
   * Bytes of the stream's value bodies (zlake's own field, `val_bytes`):
   * what a scan of it adds to Zed's bytes_read; undefined in indexes
   * written before zlake kept it.
   */
  readonly valBytes?: number;
}

/**
 * Encodes entries as Zed does: ZNG records `{min,max,val_off,val_cnt,offset,length}`,
 * plus zlake's `val_bytes`.
 */
export function encodeSeekIndex(entries: readonly SeekEntry[]): Uint8Array {
  const m = new RecordMaker(new TypeContext());
  return encodeZng(
    entries.map((e) =>
      m.record([
        ['min', m.adopt(e.min)],
        ['max', m.adopt(e.max)],
        ['val_off', uint64(e.valOff)],
        ['val_cnt', uint64(e.valCnt)],
        ['offset', uint64(e.offset)],
        ['length', uint64(e.length)],
        ...(e.valBytes !== undefined ? [['val_bytes', uint64(e.valBytes)] as const] : []),
      ]),
    ),
  );
}

export function decodeSeekIndex(bytes: Uint8Array, ctx: TypeContext): SeekEntry[] {
  return decodeZng(bytes, ctx).map((v) => {
    const f = fieldsOf(v);
    const n = (name: string): number => f.get(name)?.asUintNumber() ?? 0;
    const valBytes = f.get('val_bytes');
    return {
      min: f.get('min')!,
      max: f.get('max')!,
      valOff: n('val_off'),
      valCnt: n('val_cnt'),
      offset: n('offset'),
      length: n('length'),
      ...(valBytes !== undefined ? { valBytes: valBytes.asUintNumber() } : {}),
    };
  });
}

/** A byte range of an object. */
export interface SeekRange {
  readonly offset: number;
  readonly length: number;
}

/** The byte ranges of the streams that may hold a key in `span`, adjacent ones merged. */
export function seekRanges(entries: readonly SeekEntry[], span: KeySpan): SeekRange[] {
  const out: { offset: number; length: number }[] = [];
  for (const e of entries) {
    if (!mayHold(e, span)) continue;
    const last = out[out.length - 1];
    if (last !== undefined && last.offset + last.length === e.offset) last.length += e.length;
    else out.push({ offset: e.offset, length: e.length });
  }
  return out;
}

/** The value bytes of an object's streams (see SeekEntry.valBytes); 0 for those that do not say. */
export function entriesValueBytes(entries: readonly SeekEntry[] | null): number {
  let n = 0;
  for (const e of entries ?? []) n += e.valBytes ?? 0;
  return n;
}

/**
 * Whether a stream (or object) with keys min..max may hold a key in span
 * (conservative): as Zed prunes them, a stream that only reaches an
 * exclusive end (`ts < 2` and a stream starting at 2) cannot.
 */
export function mayHold(e: { readonly min: Value; readonly max: Value }, span: KeySpan): boolean {
  return spanOverlaps(e.min, e.max, span);
}

/**
 * Whether every key of a stream (or object) with keys min..max lies in span.
 * Only for keys of the bounds' own types, so the verdict never depends on
 * how values of different types compare.
 */
export function wholly(e: { readonly min: Value; readonly max: Value }, span: KeySpan): boolean {
  for (const b of [span.lower, span.upper]) {
    if (b === undefined) continue;
    if (e.min.type !== b.type || e.max.type !== b.type) return false;
  }
  if (e.min.bytes === null || e.max.bytes === null) return false;
  return keyInSpan(e.min, span) && keyInSpan(e.max, span);
}
