// Column reads of a snapshot: each data object with the columns of its
// column copy (data-object.ts), for queries that aggregate a few fields
// over columns; an object without a usable copy is read as values instead.
// Objects come in pool-key order of their first key, but nothing is merged:
// a columnar aggregation does not depend on the order of its rows.

import { codeColumn, elementColumn, HEADER_SIZE, leafPathsOf, numberColumn, numberKindOf, openColumns, openVng, rangeSource, VngObject, type ColumnCursor, type VngColumns, type VngColumnSet } from '../formats/vng/index.js';
import type { ColumnCache } from './column-cache.js';
import { formatType } from '../zson/index.js';
import { ksuidHexToBase62, type KsuidHex } from '../util/ksuid.js';
import type { TypeContext, Value } from '../zed/index.js';
import type { LakeContext } from './context.js';
import { columnCopyKey, objectKey, type DataObject } from './data-object.js';
import type { KeySpan, PoolKey } from './pool-key.js';
import { FormatError, NotFoundError } from '../errors/index.js';
import { decodeZng, inflateZng } from '../formats/zng/index.js';
import { mergeObjects, missingObject, type ScanStats } from './scan.js';
import { entriesValueBytes, mayHold } from './seek-index.js';

/** What a scan pruned by a key span reads of an object. */
export interface SpanReads {
  readonly records: number;
  readonly bytes: number;
  /** The positions of the values read, as [from, to) ranges; null when that is all of them. */
  readonly rows: readonly (readonly [number, number])[] | null;
  /** The streams read (see SeekEntry), in order: their positions [from, to) and key bounds. */
  readonly streams: readonly ReadStream[];
}

/** One stream of an object that a scan reads: its values' positions [from, to) and their smallest and largest key. */
export interface ReadStream {
  readonly from: number;
  readonly to: number;
  readonly min: Value;
  readonly max: Value;
}

export interface ColumnObject {
  readonly object: DataObject;
  /**
   * The columns at `paths` (or all its leaf columns, see leafPathsOf, or
   * all those below some top-level fields) from
   * the object's column copy, fetched; null when it has no copy or its
   * values do not allow it (see openColumns).
   */
  columns(paths: readonly (readonly string[])[] | 'all' | { readonly under: ReadonlySet<string> }, opts?: { readonly tags?: boolean }): Promise<VngColumnSet | null>;
  /**
   * The values at positions `rows` of the object (ascending), in that order:
   * only the seek streams holding them are read.
   */
  rowsAt(rows: readonly number[]): Promise<Value[]>;
  /** The object's values (of its seek streams that may hold a key in `span`, when given). */
  rows(span?: KeySpan): AsyncIterable<Value[]>;
  /** The bytes of its values' bodies, from its seek index (0 when that does not say). */
  valueBytes(): Promise<number>;
  /** What was kept of the object under `key` in the lake's column cache (see keep); undefined when nothing is. */
  kept<T extends { readonly byteLength: number }>(key: string): T | undefined;
  /** Keeps `v`, derived from the object, in the lake's column cache under `key`. */
  keep(key: string, v: { readonly byteLength: number }): void;
  /**
   * Makes column `j` of `set` (this object's columns, fetched, not yet
   * read) read as codes where its reader gives none: codes into a
   * dictionary the pool's objects share for the column (see
   * coded-column.ts), made once and kept in the column cache. A column of
   * too many distinct values stays as it is.
   */
  codeColumn(set: VngColumnSet, j: number): void;
  /**
   * Makes column `j` of `set` (as for codeColumn) read as numbers (see
   * ColumnCursor.useNumbers) where it holds only numbers exact as floats
   * and nulls: decoded once, kept in the column cache.
   */
  numberColumn(set: VngColumnSet, j: number): void;
  /**
   * How many distinct values the pool's column at `path` is known to hold,
   * by the dictionary its objects' coded columns share (see codeColumn);
   * 0 when none is known.
   */
  knownValues(path: readonly string[]): number;
  /**
   * Makes column `j` of `set` (as for codeColumn), where it is read as its
   * reader's codes (a VNG dictionary), read them from codes read once and
   * kept in the column cache: a filter or key of few values then costs no
   * decoding.
   */
  keepCodes(set: VngColumnSet, j: number): void;
  /**
   * Makes column `j` of `set` (as for codeColumn), where it is read as
   * elements lying in its segment as they are, read them where an earlier
   * query placed them (see element-column.ts), kept in the column cache: a
   * filter on a column of many values then walks no element tags.
   */
  keepElements(set: VngColumnSet, j: number): void;
  /**
   * Whether the column at each path (of the object's first type of value)
   * is kept read apart from an earlier query (codes, numbers or elements,
   * see codeColumn, keepCodes, numberColumn, keepElements): a scan of them is then cheap;
   * null when this thread has not read the object's columns (another
   * thread may have).
   */
  hot(paths: readonly (readonly string[])[]): boolean | null;
  /**
   * What a scan of the object's seek streams that may hold a key in `span`
   * reads, values and their body bytes, from its seek index; null when the
   * index does not say.
   */
  spanReads(span: KeySpan): Promise<SpanReads | null>;
}

/** The name of the dictionary of a pool's column at `path` (JSON) of `type`. */
function dictionaryName(poolId: KsuidHex, path: string, type: string): string {
  return `${poolId}:${path}:${type}`;
}

/** The names of what readApart keeps of a column. */
const APART_NAMES = ['codes', 'coded', 'numbers', 'elements'];

/** A column not read apart (see readApart), as the column cache keeps that. */
const NOT_APART = { byteLength: 0 } as const;

/**
 * Column `j` of each member of `set` (fetched, not yet read) read apart
 * from its reader, as `make` of `ways` reads it (null from `ways`: as it
 * is), once, kept in the column cache under `name`; `use` makes the cursor
 * read that. A column `make` cannot read stays as it is, and the cache
 * keeps that too.
 */
function readApart<T extends { readonly byteLength: number }>(
  cache: ColumnCache,
  id: KsuidHex,
  set: VngColumnSet,
  j: number,
  name: string,
  ways: (m: VngColumns, cursor: ColumnCursor) => (() => T | null) | null,
  use: (cursor: ColumnCursor, column: T) => void,
): void {
  if (cache.limit <= 0) return;
  const path = JSON.stringify(set.paths[j]);
  set.members.forEach((m, mi) => {
    const cursor = m.cursors[j];
    if (cursor === undefined || cursor.missing) return;
    const key = `${name}:${mi}:${path}`;
    let made = cache.vector<T | typeof NOT_APART>(id, key);
    if (made === undefined) {
      const make = ways(m, cursor);
      if (make === null) return;
      made = make() ?? NOT_APART;
      cache.keep(id, key, made);
      // The reader was read (through or in part): back to the first row.
      if (made === NOT_APART) m.load();
    }
    if (made !== NOT_APART) use(cursor, made as T);
  });
}

/** The most values new both to a column's other rows and to its dictionary, as a share of its rows, for it to be read as codes (see codeColumn). */
const CODED_SHARE = 0.9;

export function columnObjects(
  lc: LakeContext,
  poolId: KsuidHex,
  key: PoolKey,
  objects: readonly DataObject[],
  ctx: TypeContext,
  stats: ScanStats | undefined,
): ColumnObject[] {
  return objects.map((object) => ({
    object,
    async columns(paths, opts) {
      const blobKey = columnCopyKey(poolId, object.id);
      let missing = false;
      const source = rangeSource(async (offset, length) => {
        const b = await lc.blobs.getRange(blobKey, offset, length);
        if (b === null) missing = true;
        else if (stats !== undefined) stats.storedBytes += b.length;
        return b;
      }, blobKey);
      const cache = lc.columnCache;
      const head = cache.get(object.id)?.head;
      try {
        let vng;
        // The header and, most often, the metadata in one read (or none, when cached).
        if (head == null) {
          // With the checksums of its segments, which each fetch checks.
          vng = await openVng(source, { prefetch: 4096, checks: true });
          cache.putHead(object.id, vng.header, vng.meta, vng.checks, HEADER_SIZE + vng.header.metaSize + 8 * (vng.checks?.size ?? 0));
        } else vng = new VngObject(source, head.header, head.meta, head.checks);
        // 'all': every leaf, to read whole values (see leafPathsOf).
        let wanted: (readonly string[])[] | null;
        if (paths === 'all') wanted = leafPathsOf(vng);
        else if ('under' in paths) wanted = leafPathsOf(vng, paths.under);
        else wanted = [...paths];
        if (wanted === null) return null;
        const cols = openColumns(vng, wanted, ctx, { tags: opts?.tags === true });
        if (cols === null) return null;
        await cols.fetch(cache.segments(object.id));
        if (stats !== undefined) stats.objectsRead++;
        return cols;
      } catch (e) {
        // No copy (an object written without one) is no fault; a copy that
        // does not read is, and the query says so. Either way the object's
        // values answer instead.
        if (missing && head == null) return null;
        if (!(e instanceof FormatError) && !(e instanceof NotFoundError)) throw e;
        stats?.warnings.push(`data object ${ksuidHexToBase62(object.id)}: its column copy ${blobKey} did not read (${e.message}); its values were read instead`);
        return null;
      }
    },
    rows: (span) => mergeObjects(lc, poolId, [object], key, ctx, span, stats),
    async spanReads(span) {
      const entries = await lc.seekIndex(poolId, object.id);
      if (entries === null) return null;
      let records = 0;
      let bytes = 0;
      const rows: [number, number][] = [];
      const streams: ReadStream[] = [];
      for (const e of entries) {
        if (!mayHold(e, span)) continue;
        if (e.valBytes === undefined) return null;
        records += e.valCnt;
        bytes += e.valBytes;
        streams.push({ from: e.valOff, to: e.valOff + e.valCnt, min: e.min, max: e.max });
        const last = rows[rows.length - 1];
        if (last !== undefined && last[1] === e.valOff) last[1] += e.valCnt;
        else rows.push([e.valOff, e.valOff + e.valCnt]);
      }
      return { records, bytes, rows: records === object.count ? null : rows, streams };
    },
    rowsAt: (rows) => rowsAt(lc, poolId, object, key, ctx, rows, stats),
    codeColumn(set, j) {
      const path = JSON.stringify(set.paths[j]);
      readApart(lc.columnCache, object.id, set, j, 'coded', (m, cursor) => {
        if (cursor.cardinality >= 0) return null;
        const dictionary = lc.columnCache.dictionary(dictionaryName(poolId, path, formatType(cursor.type)));
        return () => codeColumn(m.readers[j]!, m.length, dictionary, CODED_SHARE, lc.columnCache.dictionaryBytes);
      }, (cursor, c) => cursor.useCodes(c));
    },
    keepCodes(set, j) {
      readApart(lc.columnCache, object.id, set, j, 'codes', (m, cursor) => {
        if (!cursor.ownCodes || cursor.cardinality < 2) return null;
        return () => {
          const coded = m.readers[j]!.coded?.() ?? null;
          if (coded === null) return null;
          const codes = new Int32Array(m.length);
          coded.codes(m.length, codes);
          return codes;
        };
      }, (cursor, codes) => cursor.useKeptCodes(codes));
    },
    keepElements(set, j) {
      readApart(lc.columnCache, object.id, set, j, 'elements', (m, cursor) => {
        if (cursor.cardinality >= 0 || cursor.apart) return null;
        return () => elementColumn(m.readers[j]!, m.length);
      }, (cursor, c) => cursor.useElements(c));
    },
    numberColumn(set, j) {
      readApart(lc.columnCache, object.id, set, j, 'numbers', (m, cursor) => {
        const kind = cursor.cardinality >= 0 ? null : numberKindOf(cursor.type);
        return kind === null ? null : () => numberColumn(m.readers[j]!, m.length, kind);
      }, (cursor, c) => cursor.useNumbers(c));
    },
    knownValues: (path) => lc.columnCache.codesUnder(dictionaryName(poolId, JSON.stringify(path), '')),
    hot(paths) {
      if (lc.columnCache.get(object.id)?.head == null) return null;
      const apart = (path: string) =>
        APART_NAMES.some((name) => {
          const v = lc.columnCache.vector(object.id, `${name}:0:${path}`);
          return v !== undefined && v !== NOT_APART;
        });
      return paths.every((p) => apart(JSON.stringify(p)));
    },
    kept: (k) => lc.columnCache.vector(object.id, k),
    keep: (k, v) => lc.columnCache.keep(object.id, k, v),
    valueBytes: async () => entriesValueBytes(await lc.seekIndex(poolId, object.id)),
  }));
}

async function rowsAt(
  lc: LakeContext,
  poolId: KsuidHex,
  object: DataObject,
  key: PoolKey,
  ctx: TypeContext,
  rows: readonly number[],
  stats: ScanStats | undefined,
): Promise<Value[]> {
  const out: Value[] = [];
  if (rows.length === 0) return out;
  const entries = await lc.seekIndex(poolId, object.id);
  let k = 0;
  if (entries === null || entries.length === 0) {
    // No seek index: the object's values from the start, up to the last row wanted.
    let at = 0;
    for await (const b of mergeObjects(lc, poolId, [object], key, ctx)) {
      for (const v of b) {
        if (rows[k] === at) {
          out.push(v);
          if (++k >= rows.length) return out;
        }
        at++;
      }
    }
    throw new FormatError(`data object ${object.id} holds ${at} values, not ${rows[k]! + 1}`);
  }
  const blob = objectKey(poolId, object.id);
  // The streams holding the rows, each with the rows it holds; read all at once.
  const wanted: { readonly e: (typeof entries)[number]; readonly from: number; readonly to: number }[] = [];
  for (const e of entries) {
    if (k >= rows.length) break;
    const end = e.valOff + e.valCnt;
    const from = k;
    while (k < rows.length && rows[k]! < end) k++;
    if (k > from) wanted.push({ e, from, to: k });
  }
  if (k < rows.length) throw new FormatError(`data object ${object.id} holds no value at position ${rows[k]}`);
  const streams = await Promise.all(
    wanted.map(async ({ e }) => {
      // The streams are kept decompressed in the column cache: a query
      // picking rows (a top-k) tends to pick the same ones again.
      const cached = `zng@${e.offset}`;
      let bytes = lc.columnCache.vector<Uint8Array>(object.id, cached);
      if (bytes === undefined) {
        const read = await lc.blobs.getRange(blob, e.offset, e.length);
        if (read === null) throw missingObject(lc.blobs, blob, object.id);
        if (stats !== undefined) stats.storedBytes += read.length;
        bytes = inflateZng(read);
        lc.columnCache.keep(object.id, cached, bytes === read ? read.slice() : bytes);
      }
      const values = decodeZng(bytes, ctx);
      if (values.length !== e.valCnt) throw new FormatError(`seek stream at offset ${e.offset} of data object ${object.id} holds ${values.length} values, not ${e.valCnt}`);
      return values;
    }),
  );
  wanted.forEach(({ e, from, to }, i) => {
    for (let r = from; r < to; r++) out.push(streams[i]![rows[r]! - e.valOff]!);
  });
  return out;
}
