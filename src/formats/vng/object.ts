// Opening a VNG object through random access: the header and metadata
// section are read first; a scan then fetches only the segments its readers
// need (every column, or the fields a projection names) and rebuilds values
// in batches. openVng works on any VngSource (a blob store's ranged gets, a
// file); openVngBytes on bytes in memory, which can also be read synchronously.

import { FormatError } from '../../errors/index.js';
import { asFormatError } from './errors.js';
import { TypeContext, type Type } from '../../zed/index.js';
import { decodeZng } from '../zng/index.js';
import { HEADER_SIZE, parseHeader, type VngHeader } from './header.js';
import { metaLength, type Meta, type Segment } from './metadata.js';
import { unmarshalMeta } from './metadata-unmarshal.js';
import { makeProjection, type ProjectionPath } from './projection.js';
import { ReaderBuilder } from './reader-factory.js';
import { VngScan, type TopColumns } from './scan.js';
import { SegmentSet, bytesSource, type VngSource } from './source.js';
import { readChecks, type SegmentChecks } from './checksums.js';

export interface VngScanOptions {
  /** Type context of the values read (default: a new one). */
  readonly ctx?: TypeContext;
  /** Values per batch (default 4096). */
  readonly batchSize?: number;
  /** Segments this close together are fetched in one read (default 0: only touching ones). */
  readonly coalesceGap?: number;
  /** Refuse an object whose columns hold more values than this, all together (default 2^31). */
  readonly maxValues?: number;
  /**
   * Hand out one (immutable) Value object for equal values where that is
   * cheap: columns of few distinct values, and repeats of short values
   * (default true). Off, every value is its own object.
   */
  readonly shareValues?: boolean;
}

export interface VngOpenOptions {
  /** Bytes read along with the header in the hope of taking in the metadata too (default 16 KiB). */
  readonly prefetch?: number;
  /** Read the segments' checksums too, when the file has them (see checksums.ts). */
  readonly checks?: boolean;
}

const DEFAULT_MAX_VALUES = 2 ** 31;

/** Decodes the metadata section: one ZNG value, in a type context of its own. */
function parseMetadata(bytes: Uint8Array): Meta {
  try {
    const mctx = new TypeContext();
    const values = decodeZng(bytes, mctx);
    if (values.length === 0) throw new FormatError('corrupt VNG: metadata section has no Zed value');
    if (values.length > 1) throw new FormatError('corrupt VNG: metadata section has more than one Zed value');
    return unmarshalMeta(values[0]!, mctx);
  } catch (e) {
    // Errors from the ZNG reader do not say they are about VNG's metadata.
    const err = asFormatError(e, `VNG metadata section at offset ${HEADER_SIZE}`);
    if (err === e && e instanceof FormatError && !e.message.startsWith('corrupt VNG')) {
      throw new FormatError(`VNG metadata section at offset ${HEADER_SIZE}: ${e.message}`, { cause: e });
    }
    throw err;
  }
}

export class VngObject {
  /** `checks`: the hashes its segments must have, checked as they are fetched (null: none). */
  constructor(
    readonly source: VngSource,
    readonly header: VngHeader,
    readonly meta: Meta,
    readonly checks: SegmentChecks | null = null,
  ) {}

  /** Offset of the data section in the object. */
  get dataOffset(): number {
    return HEADER_SIZE + this.header.metaSize;
  }

  /** Number of values in the object. */
  get length(): number {
    return this.meta.kind === 'variant' ? this.meta.length : metaLength(this.meta);
  }

  /** Reads every value. */
  scan(opts: VngScanOptions = {}): VngScan {
    return this.project([], opts);
  }

  /**
   * Reads only the named fields of each value, as Zed's projection does: each
   * value becomes a record of those fields, in the order given, a missing one
   * as error("missing"). No paths means whole values.
   */
  project(paths: readonly ProjectionPath[], opts: VngScanOptions = {}): VngScan {
    const ctx = opts.ctx ?? new TypeContext();
    const segments = new SegmentSet(this.dataOffset, this.header.dataSize, this.checks);
    let top: TopColumns;
    try {
      const b = new ReaderBuilder(ctx, segments, opts.maxValues ?? DEFAULT_MAX_VALUES);
      const proj = makeProjection(paths);
      const m = this.meta;
      top =
        m.kind === 'variant'
          ? { kind: 'variant', members: m.values.map((v) => b.build(v, proj)), tags: segments.need(m.tags), length: m.length }
          : { kind: 'single', reader: b.build(m, proj) };
    } catch (e) {
      throw asFormatError(e, 'corrupt VNG metadata');
    }
    return new VngScan(this.source, segments, top, {
      batchSize: opts.batchSize ?? 4096,
      coalesceGap: opts.coalesceGap ?? 0,
      shareValues: opts.shareValues ?? true,
    });
  }

  /** The segments reading `paths` (all of the object, when none) would fetch. */
  segmentsFor(paths: readonly ProjectionPath[] = []): Segment[] {
    return this.project(paths).segments;
  }

  /** The types of the values a scan of `paths` yields, each once, in Zed's type order. */
  types(ctx: TypeContext, paths: readonly ProjectionPath[] = []): Type[] {
    return this.project(paths, { ctx }).types;
  }
}

function headerAndMeta(head: Uint8Array): { header: VngHeader; metaEnd: number } {
  const header = parseHeader(head.subarray(0, HEADER_SIZE));
  return { header, metaEnd: HEADER_SIZE + header.metaSize };
}

function truncatedMeta(got: number, want: number): FormatError {
  return new FormatError(`VNG input truncated: metadata section at offset ${HEADER_SIZE} needs ${want} bytes, got ${got}`);
}

/** Opens a VNG object through random access (reads its header and metadata). */
export async function openVng(source: VngSource, opts: VngOpenOptions = {}): Promise<VngObject> {
  const head = await source.readAt(0, HEADER_SIZE + (opts.prefetch ?? 16 * 1024));
  const { header, metaEnd } = headerAndMeta(head);
  let meta = head.length >= metaEnd ? head.subarray(HEADER_SIZE, metaEnd) : null;
  if (meta === null) {
    meta = await source.readAt(HEADER_SIZE, header.metaSize);
    if (meta.length < header.metaSize) throw truncatedMeta(meta.length, header.metaSize);
  }
  const checks = opts.checks === true ? await readChecks(source, header) : null;
  return new VngObject(source, header, parseMetadata(meta), checks);
}

/** Opens a VNG object held in memory. */
export function openVngBytes(bytes: Uint8Array): VngObject {
  const { header, metaEnd } = headerAndMeta(bytes);
  if (bytes.length < metaEnd) throw truncatedMeta(bytes.length - HEADER_SIZE, header.metaSize);
  return new VngObject(bytesSource(bytes), header, parseMetadata(bytes.subarray(HEADER_SIZE, metaEnd)));
}
