// Seek indexes (Zed's lake/seekindex): a data object is written as a series
// of self-contained ZNG streams, each ending where about `seek_stride` bytes
// of pool keys were written (Zed counts key bytes, not value bytes); the seek
// index records each stream's key range, value count and byte range, so a
// scan of a key span reads only the streams that may hold it, and a count can
// take whole streams from the index.
import { decodeZng, ZngEncoder, type ZngControl } from '../formats/zng/index.js';
import { concatBytes } from '../util/concat.js';
import { decodeUtf8, encodeUtf8 } from '../util/utf8.js';
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
   * Bytes of the stream's value bodies (zlake's own): what a scan of it
   * adds to Zed's bytes_read; undefined in indexes that do not say.
   */
  readonly valBytes?: number;
}

/** The control message's JSON field that holds each entry's valBytes. */
const VAL_BYTES = 'zlake_val_bytes';
/** zng.md §2.3: a control message's body is JSON. */
const JSON_CONTROL = 1;

/**
 * Encodes entries as Zed does: ZNG records `{min,max,val_off,val_cnt,offset,length}`,
 * the same values Zed's index holds; zlake's valBytes follow in a control
 * message (JSON `{"zlake_val_bytes":[...]}`), which readers of values pass by.
 */
export function encodeSeekIndex(entries: readonly SeekEntry[]): Uint8Array {
  const m = new RecordMaker(new TypeContext());
  const enc = new ZngEncoder();
  const parts = [
    enc.write(
      entries.map((e) =>
        m.record([
          ['min', m.adopt(e.min)],
          ['max', m.adopt(e.max)],
          ['val_off', uint64(e.valOff)],
          ['val_cnt', uint64(e.valCnt)],
          ['offset', uint64(e.offset)],
          ['length', uint64(e.length)],
        ]),
      ),
    ),
  ];
  if (entries.length > 0 && entries.every((e) => e.valBytes !== undefined)) {
    parts.push(enc.writeControl(JSON_CONTROL, encodeUtf8(JSON.stringify({ [VAL_BYTES]: entries.map((e) => e.valBytes) }))));
  }
  parts.push(enc.end());
  return concatBytes(parts);
}

/** zlake's valBytes from a control message, when it is theirs for `count` entries. */
function valBytesOf(c: ZngControl, count: number): number[] | null {
  if (c.format !== JSON_CONTROL) return null;
  try {
    const x = (JSON.parse(decodeUtf8(c.body)) as Record<string, unknown> | null)?.[VAL_BYTES];
    return Array.isArray(x) && x.length === count && x.every((n) => Number.isSafeInteger(n) && n >= 0) ? (x as number[]) : null;
  } catch {
    return null;
  }
}

export function decodeSeekIndex(bytes: Uint8Array, ctx: TypeContext): SeekEntry[] {
  const controls: ZngControl[] = [];
  const values = decodeZng(bytes, ctx, { onControl: (c) => controls.push(c) });
  let sizes: number[] | null = null;
  for (const c of controls) sizes = valBytesOf(c, values.length) ?? sizes;
  return values.map((v, i) => {
    const f = fieldsOf(v);
    const n = (name: string): number => f.get(name)?.asUintNumber() ?? 0;
    // (Indexes zlake wrote before kept it as a field of each entry.)
    const valBytes = sizes?.[i] ?? f.get('val_bytes')?.asUintNumber();
    return {
      min: f.get('min')!,
      max: f.get('max')!,
      valOff: n('val_off'),
      valCnt: n('val_cnt'),
      offset: n('offset'),
      length: n('length'),
      ...(valBytes !== undefined ? { valBytes } : {}),
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
