// Data objects: immutable ZNG files of values sorted by the pool key, stored
// under a per-pool prefix with a seek index beside each, and the metadata a
// commit records for each (Zed's data.Object: id, min, max, count, size).
// Blob keys: `<pool>/data/<id>.zng`, `<pool>/data/<id>-seek.zng`,
// `<pool>/data/<id>.vng` (a vector copy), `<pool>/data/<id>-cols.vng` (the
// column copy zlake writes at load for its own columnar reads; no commit
// names it, and it goes with its object) and `<pool>/index/<rule>/<id>.zng`
// (index objects), ids in base62 as Zed names its files.

import { ksuidHexToBase62, type KsuidHex } from '../util/ksuid.js';
import type { Value } from '../zed/index.js';

export interface DataObject {
  readonly id: KsuidHex;
  /** Smallest pool key in the object (null when the key is missing), for desc pools too. */
  readonly min: Value;
  /** Largest pool key; null when any value lacks the key (nulls sort last). */
  readonly max: Value;
  /** Number of values. */
  readonly count: number;
  /** Stored bytes of the object. */
  readonly size: number;
}

/** Every blob of a pool starts with this prefix. */
export function poolPrefix(poolId: KsuidHex): string {
  return `${ksuidHexToBase62(poolId)}/`;
}

/** The blob key of a data object. */
export function objectKey(poolId: KsuidHex, id: KsuidHex): string {
  return `${poolPrefix(poolId)}data/${ksuidHexToBase62(id)}.zng`;
}

/** The blob key of a data object's seek index. */
export function seekIndexKey(poolId: KsuidHex, id: KsuidHex): string {
  return `${poolPrefix(poolId)}data/${ksuidHexToBase62(id)}-seek.zng`;
}

/** The blob key of a data object's vector (VNG) copy. */
export function vectorKey(poolId: KsuidHex, id: KsuidHex): string {
  return `${poolPrefix(poolId)}data/${ksuidHexToBase62(id)}.vng`;
}

/**
 * The blob key of a data object's column copy: an uncompressed VNG file of
 * the same values, written beside the object when it is written, read by
 * queries that need only a few of its fields.
 */
export function columnCopyKey(poolId: KsuidHex, id: KsuidHex): string {
  return `${poolPrefix(poolId)}data/${ksuidHexToBase62(id)}-cols.vng`;
}

/** The prefix of a pool's data objects, seek indexes and vectors. */
export function dataPrefix(poolId: KsuidHex): string {
  return `${poolPrefix(poolId)}data/`;
}

/** The blob key of the index object rule `ruleId` built for data object `id`. */
export function indexObjectKey(poolId: KsuidHex, ruleId: KsuidHex, id: KsuidHex): string {
  return `${poolPrefix(poolId)}index/${ksuidHexToBase62(ruleId)}/${ksuidHexToBase62(id)}.zng`;
}

/** The prefix of every index object of a pool. */
export function indexPrefix(poolId: KsuidHex): string {
  return `${poolPrefix(poolId)}index/`;
}

const DATA_FILE = /\/data\/([0-9A-Za-z]{27})(?:\.zng|-seek\.zng|\.vng|-cols\.vng)$/;
const INDEX_FILE = /\/index\/[0-9A-Za-z]{27}\/([0-9A-Za-z]{27})\.zng$/;

/** The base62 id of the data object a blob key belongs to (data, seek index, vector, column copy or index object). */
export function objectIdOfKey(key: string): string | null {
  return DATA_FILE.exec(key)?.[1] ?? INDEX_FILE.exec(key)?.[1] ?? null;
}

/** Zed's one-line description of an object (data.Object.String). */
export function describeObject(o: DataObject): string {
  return `${ksuidHexToBase62(o.id)} ${o.count} record${o.count === 1 ? '' : 's'} in ${o.size} data bytes`;
}
