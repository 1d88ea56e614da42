// Opens a lake from a plain config object: where the data objects live (a
// folder or s3://bucket/prefix) and the metastore (a libSQL file by default
// for a folder; PostgreSQL or a libSQL server to share). The one way `zlake
// serve`, the lake commands and worker threads open a lake: the config is
// structured-cloneable, so a worker is handed the same one.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  InvalidError,
  Lake,
  lakeQueryRunner,
  monotonicClock,
  type BlobStore,
  type EventRelay,
  type MetaStore,
  type TokenStore,
  SqlTokenStore,
} from '../../src/index.js';
import { LibsqlEventRelay } from '../local/libsql-event-relay.js';
import { openLibsqlMetaStore } from '../local/libsql.js';
import { openPostgresMetaStore, PostgresEventRelay } from '../postgres/index.js';
import { CachedBlobStore, type BlobCacheOptions } from './blob-cache.js';
import { DiskCachedBlobStore } from './disk-blob-cache.js';
import { cachedMetaStore } from './meta-cache.js';
import { defaultEncodeThreads, EncodePool } from './encode-pool.js';
import { defaultScanThreads, ScanPool } from './scan-pool.js';
import { openBlobs } from './open-blobs.js';

export interface LakeConfig {
  /** A folder (made when missing), a file: URL, or s3://bucket/prefix. */
  readonly lake: string;
  /**
   * The metastore: postgres://…, libsql://…, http(s)://… (a libSQL server)
   * or file:…; default <folder>/meta.db for a folder lake, none for S3.
   */
  readonly meta?: string;
  /** Read caches in front of the stores (a server's; default false). */
  readonly cache?: boolean;
  readonly blobCache?: BlobCacheOptions;
  /**
   * With `cache`, a lake in object storage also keeps copies of the objects
   * it reads on local disk: in `dir` (default a new temp folder, removed on
   * close), up to `maxBytes` (default 2 GiB); false for none.
   */
  readonly diskCache?: { readonly dir?: string; readonly maxBytes?: number } | false;
  /** Value bytes a load holds before it writes an object (the lake's default otherwise). */
  readonly loadMemoryLimit?: number;
  /** Bytes of column copies kept in memory across queries (the lake's default when absent). */
  readonly columnCacheBytes?: number;
  /**
   * Threads that sort and write a load's full runs while it reads on
   * (default: one per core, at most two; 0 writes them in the loading
   * thread). See encode-pool.ts.
   */
  readonly encodeThreads?: number;
  /**
   * Threads a query hands shares of its pool scans to (default: one per
   * core besides the query's own; 0 for none). See scan-pool.ts.
   */
  readonly scanThreads?: number;
  /** Pass events between the servers sharing the metastore (default: when `meta` is given). */
  readonly relay?: boolean;
  /** Where the AWS variables come from (default: the process environment). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface OpenedLake {
  readonly lake: Lake;
  /** The stores under the caches. */
  readonly blobs: BlobStore;
  readonly meta: MetaStore;
  /** zlake's API tokens, in the metastore's database. */
  readonly tokens: TokenStore;
  /** The lake's folder, absolute; null for a lake in object storage. */
  readonly folder: string | null;
  /** `lake at …`: where data and metadata live, for people (no secret in it). */
  readonly description: string;
  /** The relay of events between servers, or null. */
  readonly relay: EventRelay | null;
  /** The read cache of blobs, when `cache` is on (its stats tell hits from misses). */
  readonly blobCache: CachedBlobStore | null;
  /** The disk cache of a lake in object storage, when on. */
  readonly diskCache: DiskCachedBlobStore | null;
  close(): Promise<void>;
}

interface Meta {
  readonly store: MetaStore;
  readonly tokens: TokenStore;
  version(): Promise<unknown>;
  relay(): Promise<(EventRelay & { close(): unknown }) | null>;
  close(): Promise<void>;
}

/** Opens the lake `config` names, making a folder lake's folder and metastore when missing. */
export async function openLake(config: LakeConfig): Promise<OpenedLake> {
  const env = config.env ?? process.env;
  const { blobs, folder } = await openBlobs(config.lake, env);
  const metaUrl = config.meta ?? (folder !== null ? pathToFileURL(join(folder, 'meta.db')).href : null);
  if (metaUrl === null) {
    throw new InvalidError(
      `S3 lake "${config.lake}" needs a shared metastore: add -meta postgres://user@host/db (or -meta libsql://host for a libSQL server)`,
    );
  }
  const meta = await openMeta(metaUrl);
  let relay: (EventRelay & { close(): unknown }) | null = null;
  try {
    if (config.relay ?? config.meta !== undefined) relay = await meta.relay();
  } catch (e) {
    await meta.close();
    throw e;
  }
  const cached = config.cache === true;
  let disk: DiskCachedBlobStore | null = null;
  if (cached && folder === null && config.diskCache !== false) {
    const dir = config.diskCache?.dir ?? (await mkdtemp(join(tmpdir(), 'zlake-cache-')));
    disk = new DiskCachedBlobStore(blobs, { dir, ...(config.diskCache?.maxBytes !== undefined ? { maxBytes: config.diskCache.maxBytes } : {}) });
  }
  const blobCache = cached ? new CachedBlobStore(disk ?? blobs, config.blobCache) : null;
  const threads = config.encodeThreads ?? defaultEncodeThreads();
  const encoder = threads > 0 ? new EncodePool({ lake: config.lake, ...(config.env !== undefined ? { env: config.env } : {}), threads }) : null;
  const scanThreads = config.scanThreads ?? defaultScanThreads();
  const scans = scanThreads > 0 ? new ScanPool({ config, threads: scanThreads }) : null;
  const lake = new Lake({
    blobs: blobCache ?? blobs,
    // Servers sharing a metastore (-meta): every read sees the commits any of them finished before it began.
    meta: cached ? cachedMetaStore(meta.store, () => meta.version(), undefined, { strict: config.meta !== undefined }) : meta.store,
    now: monotonicClock(),
    queries: lakeQueryRunner(),
    // Object storage answers a write after a network round trip or several: read on meanwhile.
    writeBehind: folder === null,
    ...(encoder !== null ? { objectEncoder: encoder } : {}),
    ...(scans !== null ? { scanThreads: scans } : {}),
    ...(config.loadMemoryLimit !== undefined ? { loadMemoryLimit: config.loadMemoryLimit } : {}),
    ...(config.columnCacheBytes !== undefined ? { columnCacheBytes: config.columnCacheBytes } : {}),
  });
  return {
    lake,
    blobs,
    meta: meta.store,
    tokens: meta.tokens,
    folder,
    description:
      folder !== null && config.meta === undefined
        ? `lake at ${folder} (data objects in each pool's data/, metadata in meta.db)`
        : `lake at ${folder ?? config.lake} (metadata in ${redactUrl(metaUrl)})`,
    relay,
    blobCache,
    diskCache: disk,
    async close() {
      await relay?.close();
      await encoder?.close();
      await scans?.close();
      await meta.close();
      await disk?.close();
    },
  };
}

async function openMeta(url: string): Promise<Meta> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const m = await openPostgresMetaStore(url);
    return {
      store: m.store,
      tokens: m.tokens,
      version: () => m.version(),
      async relay() {
        const r = new PostgresEventRelay(url, m.pool);
        await r.start();
        return r;
      },
      close: () => m.close(),
    };
  }
  if (/^(file|libsql|https?|wss?):/.test(url)) {
    const m = await openLibsqlMetaStore(url);
    return {
      store: m.store,
      tokens: new SqlTokenStore(m.db),
      version: () => m.version(),
      async relay() {
        const r = new LibsqlEventRelay(m.db);
        await r.start();
        return r;
      },
      close: async () => m.close(),
    };
  }
  throw new InvalidError(`Unknown metastore "${redactUrl(url)}": want postgres://…, libsql://…, http(s)://… or file:…`);
}

/** `url` without its password or auth token, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = 'xxxxx';
    for (const k of [...u.searchParams.keys()]) if (/token|password|secret/i.test(k)) u.searchParams.set(k, 'xxxxx');
    return u.href;
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//xxxxx@');
  }
}
