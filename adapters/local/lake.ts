// The embedded default lake: data objects as files in `<dir>`, laid out as
// Zed's (see lake-folder.ts), and the metadata in the libSQL file
// `<dir>/meta.db`, both made when missing.

import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Lake, lakeQueryRunner, monotonicClock } from '../../src/index.js';
import { FsBlobStore } from './fs-blob-store.js';
import { openLakeFolder } from './lake-folder.js';
import { openLibsqlMetaStore, type LibsqlMetaStore } from './libsql.js';

export interface LocalLake {
  readonly lake: Lake;
  readonly blobs: FsBlobStore;
  readonly meta: LibsqlMetaStore;
  /** The lake's folder, absolute. */
  readonly root: string;
  close(): void;
}

export interface LocalLakeOptions {
  /** Unix nanoseconds (default: the system clock). */
  readonly now?: () => bigint;
  readonly busyTimeoutMs?: number;
  /** Value bytes a load holds before it writes an object (the lake's default otherwise). */
  readonly loadMemoryLimit?: number;
}

/** Opens (creating if needed) the lake stored in folder `dir`. */
export async function openLocalLake(dir: string, opts: LocalLakeOptions = {}): Promise<LocalLake> {
  const root = resolve(dir);
  const blobs = new FsBlobStore(openLakeFolder(root));
  const meta = await openLibsqlMetaStore(
    pathToFileURL(join(root, 'meta.db')).href,
    opts.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: opts.busyTimeoutMs },
  );
  const lake = new Lake({
    blobs,
    meta: meta.store,
    now: opts.now ?? monotonicClock(),
    queries: lakeQueryRunner(),
    ...(opts.loadMemoryLimit !== undefined ? { loadMemoryLimit: opts.loadMemoryLimit } : {}),
  });
  return { lake, blobs, meta, root, close: () => meta.close() };
}

