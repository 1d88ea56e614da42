// Data objects: immutable ZNG files of values sorted by the pool key, stored
// under a per-pool prefix, and the metadata a commit records for each
// (Zed's data.Object: id, min, max, count, size).

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

/** Zed's one-line description of an object (data.Object.String). */
export function describeObject(o: DataObject): string {
  return `${ksuidHexToBase62(o.id)} ${o.count} record${o.count === 1 ? '' : 's'} in ${o.size} data bytes`;
}
