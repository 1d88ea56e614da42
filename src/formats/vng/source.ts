// Random access to a VNG object's bytes, and fetching the segments a read
// needs: sorted, merged into ranges where they touch (or lie within `gap`
// bytes of each other), read, then uncompressed.

import { FormatError, InternalError, NotFoundError } from '../../errors/index.js';
import type { Segment } from './metadata.js';
import { checkSegment, decodeSegment, storedRange } from './segment.js';
import { checkSegmentHash, type SegmentChecks } from './checksums.js';

/**
 * Random access to the bytes of one VNG object, e.g. a file, a blob store's
 * ranged get or a buffer. `readAt` returns `length` bytes from `offset`, or
 * fewer only where the object ends.
 */
export interface VngSource {
  readAt(offset: number, length: number): Uint8Array | Promise<Uint8Array>;
}

/** A source over bytes in memory; it answers synchronously. */
export function bytesSource(bytes: Uint8Array): VngSource {
  return {
    readAt: (offset, length) => bytes.subarray(Math.min(offset, bytes.length), Math.min(offset + length, bytes.length)),
  };
}

/**
 * A source over a ranged-get function, such as a blob store's
 * `(offset, length) => store.getRange(key, offset, length)`; a null answer
 * (no such object) is a NotFoundError naming `what`.
 */
export function rangeSource(getRange: (offset: number, length: number) => Promise<Uint8Array | null>, what: string): VngSource {
  return {
    readAt: async (offset, length) => {
      const b = await getRange(offset, length);
      if (b === null) throw new NotFoundError(`VNG object ${what} not found`);
      return b;
    },
  };
}

/** A segment some reader needs; `bytes` holds its uncompressed bytes once fetched. */
export class SegmentRef {
  private data: Uint8Array | null = null;
  constructor(readonly seg: Segment) {}

  get bytes(): Uint8Array {
    if (this.data === null) throw new InternalError('VNG reader: segment used before it was fetched');
    return this.data;
  }

  set(bytes: Uint8Array): void {
    this.data = bytes;
  }

  get fetched(): boolean {
    return this.data !== null;
  }
}

/**
 * Segments of one object kept across reads (the lake's column cache), by
 * their offset in the data section, uncompressed.
 */
export interface SegmentCacheView {
  get(offset: number): Uint8Array | undefined;
  put(offset: number, bytes: Uint8Array): void;
  /** Something decoded from the object's segments, kept under `key` (made once). */
  memo<T extends { readonly byteLength: number }>(key: string, make: () => T): T;
}

interface Range {
  readonly offset: number;
  readonly length: number;
  readonly refs: SegmentRef[];
}

const NO_BYTES = new Uint8Array(0);
/** Ranges read at once by an async fetch. */
const CONCURRENCY = 8;

/** The segments of one read, gathered while its readers are built. */
export class SegmentSet {
  private readonly refs: SegmentRef[] = [];

  /**
   * `base` is the data section's offset in the object; `size` its length;
   * `checks`, when given, the hashes each segment's stored bytes must have.
   */
  constructor(
    readonly base: number,
    readonly size: number,
    private readonly checks: SegmentChecks | null = null,
  ) {}

  need(seg: Segment): SegmentRef {
    checkSegment(seg, this.size, this.base);
    const ref = new SegmentRef(seg);
    this.refs.push(ref);
    return ref;
  }

  /** The segments needed so far. */
  segments(): Segment[] {
    return this.refs.map((r) => r.seg);
  }

  /** Byte ranges (relative to the data section) covering every needed segment. */
  ranges(gap: number): Range[] {
    const live: SegmentRef[] = [];
    for (const r of this.refs) {
      if (r.fetched) continue;
      if (storedRange(r.seg).length === 0) r.set(NO_BYTES);
      else live.push(r);
    }
    live.sort((a, b) => a.seg.offset - b.seg.offset);
    const out: { offset: number; end: number; refs: SegmentRef[] }[] = [];
    for (const r of live) {
      const { offset, length } = storedRange(r.seg);
      const last = out[out.length - 1];
      if (last !== undefined && offset <= last.end + gap) {
        last.end = Math.max(last.end, offset + length);
        last.refs.push(r);
      } else {
        out.push({ offset, end: offset + length, refs: [r] });
      }
    }
    return out.map((r) => ({ offset: r.offset, length: r.end - r.offset, refs: r.refs }));
  }

  private place(range: Range, data: Uint8Array, cache?: SegmentCacheView): void {
    if (data.length < range.length) {
      throw new FormatError(
        `VNG input truncated: ${range.length} bytes wanted at offset ${this.base + range.offset}, ${data.length} read`,
      );
    }
    for (const r of range.refs) {
      const { offset, length } = storedRange(r.seg);
      const at = offset - range.offset;
      const stored = data.subarray(at, at + length);
      if (this.checks !== null) checkSegmentHash(this.checks, offset, stored, this.base);
      const bytes = decodeSegment(r.seg, stored, this.base);
      r.set(bytes);
      cache?.put(r.seg.offset, bytes);
    }
  }

  /** Fetches every needed segment from a source that answers synchronously. */
  fetchSync(src: VngSource, gap = 0): void {
    for (const range of this.ranges(gap)) {
      const data = src.readAt(this.base + range.offset, range.length);
      if (data instanceof Promise) throw new InternalError('VNG reader: a synchronous read needs an in-memory source');
      this.place(range, data);
    }
  }

  /** Fetches every needed segment, a few ranges at a time; those in `cache` are taken from it, and those read are put there. */
  async fetch(src: VngSource, gap = 0, cache?: SegmentCacheView): Promise<void> {
    if (cache !== undefined) {
      for (const r of this.refs) {
        const hit = r.fetched ? undefined : cache.get(r.seg.offset);
        if (hit !== undefined) r.set(hit);
      }
    }
    const ranges = this.ranges(gap);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < ranges.length) {
        const range = ranges[next++]!;
        this.place(range, await src.readAt(this.base + range.offset, range.length), cache);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ranges.length) }, worker));
  }
}
