// The lake as `zlake serve` serves it: the local folder's stores behind read
// caches (metadata checked with libSQL's data_version, small immutable
// blobs kept). Opened the same way by the server's main thread and by each
// of its query workers, from a plain config that can cross to a worker.

import { join } from 'node:path';
import Database from 'libsql';
import { Lake, lakeQueryRunner, monotonicClock } from '../../src/index.js';
import { openLocalLake, type LocalLake } from '../local/lake.js';
import { CachedBlobStore } from './blob-cache.js';
import { cachedMetaStore } from './meta-cache.js';

/** Structured-cloneable: what a worker needs to open the same lake. */
export interface ServedLakeConfig {
  /** Lake folder (created when missing). */
  readonly dir: string;
  /** Cache metadata reads and small immutable blobs (default true). */
  readonly cache?: boolean;
  /** Value bytes a load holds before it writes a data object. */
  readonly loadMemoryLimit?: number;
}

export interface ServedLake {
  readonly lake: Lake;
  readonly local: LocalLake;
  close(): void;
}

/**
 * libSQL's data_version, read on a connection of its own through one
 * prepared statement (a few microseconds, where a statement through the
 * client costs tens). It moves when any other connection commits, the
 * server's own included, so a write made elsewhere is never missed.
 */
function dataVersion(local: LocalLake): { probe: () => Promise<unknown>; close: () => void } {
  const db = new Database(join(local.root, 'meta.db'), { readonly: true });
  const stmt = db.prepare('PRAGMA data_version');
  // (The row also carries timing metadata that changes on every read: take the number alone.)
  return { probe: async () => (stmt.get() as { data_version: number }).data_version, close: () => db.close() };
}

export async function openServedLake(config: ServedLakeConfig): Promise<ServedLake> {
  const local = await openLocalLake(config.dir);
  if (config.cache === false) return { lake: local.lake, local, close: () => local.close() };
  const version = dataVersion(local);
  const lake = new Lake({
    blobs: new CachedBlobStore(local.blobs),
    meta: cachedMetaStore(local.meta.store, version.probe),
    now: monotonicClock(),
    queries: lakeQueryRunner(),
    ...(config.loadMemoryLimit !== undefined ? { loadMemoryLimit: config.loadMemoryLimit } : {}),
  });
  return {
    lake,
    local,
    close() {
      version.close();
      local.close();
    },
  };
}
