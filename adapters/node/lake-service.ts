// The lake service a `zlake serve` process runs, whatever answers its
// connections: the lake opened from its config, the worker threads that run
// its queries and loads (so no query can hold the thread that answers
// requests), and the Web-standard app over them. Node's listener is in
// serve.ts; Deno's and Bun's entries (adapters/deno, adapters/bun) serve the
// same service on Deno.serve and Bun.serve, their worker threads through
// those runtimes' node:worker_threads.

import { availableParallelism } from 'node:os';
import { createApp, DEFAULT_QUERY_MEMORY_LIMIT, monotonicClock, type ApiRevision, type ServiceDeps, type ZedService } from '../../src/index.js';
import { DiskSpillStore } from '../local/spill-store.js';
import { useLocalParquetWasm } from '../local/parquet-wasm.js';
import { useNodeClock } from './platform-clock.js';
import { serveAuthenticator, type ServeAuthOptions } from './auth.js';
import { FlagError } from './flags.js';
import { LoadPool } from './load-pool.js';
import { openLake, type LakeConfig, type OpenedLake } from './open-lake.js';
import { nodeOutbound } from './outbound-network.js';
import { QueryPool } from './query-pool.js';
import { servedHosts } from './served-hosts.js';

export interface ServerOptions {
  /** Lake folder (created when missing), or s3://bucket/prefix. */
  readonly lake: string;
  /** Metastore URL (see LakeConfig.meta); required for an S3 lake. */
  readonly meta?: string;
  /** `[host]:port`; port 0 picks a free one. */
  readonly listen?: string;
  readonly apiVersion?: ApiRevision;
  readonly defaultFormat?: string;
  readonly corsOrigins?: readonly string[];
  /** Host names served besides loopback names and the listen address (-host.allow). */
  readonly hostAllow?: readonly string[];
  /** Hosts a query's `get URL` may reach (-query.get.allow); none: every `get` is refused. */
  readonly getAllow?: readonly string[];
  /** Longest wait for a `get` response's headers or its next chunk (default 30 s). */
  readonly getTimeoutMs?: number;
  readonly bodyLimit?: number;
  readonly loadLimit?: number;
  readonly rootContent?: string;
  readonly queryStatusTtlMs?: number;
  readonly log?: ServiceDeps['log'];
  /** Cache metadata reads (checked with the metastore's version probe) and small immutable blobs (default true). */
  readonly cache?: boolean;
  /** Most query workers at once; 0 runs queries on the main thread, yielding between batches (default: see defaultQueryWorkers). */
  readonly queryWorkers?: number;
  /** Bytes one query may hold (default 1 GiB). */
  readonly queryMemory?: number;
  /** Wall time one query may run, in ms (default none; the CLI's default is 5 minutes). */
  readonly queryTimeoutMs?: number;
  /** Zed's auth mode and/or API tokens (default: no authentication). */
  readonly auth?: ServeAuthOptions;
}

/**
 * Four heavy queries and the small ones beside them, on any machine.
 * (availableParallelism, unlike cpus(), needs no system access on Deno.)
 */
export function defaultQueryWorkers(): number {
  return Math.max(8, availableParallelism() * 2);
}

/**
 * Value bytes one load holds in the server before it writes a data object
 * (the library default is 48 MiB). A 1 GiB NDJSON load then peaked at
 * 239-276 MiB RSS over nine runs (279-286 at 32 MiB): about 100 MiB is the
 * process at rest (Arrow and parquet-wasm among it), the rest mostly
 * garbage ArrayBuffers and V8's young generation between collections. The
 * cost: smaller objects, so a large load writes more of them to merge.
 */
export const SERVER_LOAD_MEMORY_LIMIT = 16 << 20;

/**
 * Threads each load in the server hands its full runs to (the library's
 * default is one per core, at most two). Beside the thread taking the body
 * and the one parsing it, a second added memory, not speed: a 1 GiB NDJSON
 * load over HTTP on 2 cores, load workers with an 8 MiB young generation
 * and no spare, peaked at 292 MiB RSS at 76.8 MB/s with two threads and
 * 256 MiB at 80.5 MB/s with one.
 */
export const SERVER_ENCODE_THREADS = 1;

/**
 * Loads at once, each in a worker; more wait, their bodies unread. Loads
 * write objects and commit, so past the cores they mostly wait on the disk.
 */
export const LOAD_WORKERS = 8;

/** `[addr]:port` as Go's net.Listen takes it: `:9867`, `localhost:9867`, `[::1]:80`. */
export function parseListen(addr: string): { host: string | undefined; port: number } {
  const m = /^(?:\[([^\]]*)\]|([^:]*)):(\d+)$/.exec(addr);
  if (m === null) throw new FlagError(`invalid listen address "${addr}": want [host]:port`);
  const host = m[1] ?? m[2] ?? '';
  const port = Number(m[3]);
  if (port > 65535) throw new FlagError(`invalid listen address "${addr}": bad port`);
  return { host: host === '' ? undefined : host, port };
}

export interface LakeService {
  readonly service: ZedService;
  readonly opened: OpenedLake;
  /** Where to listen, from ServerOptions.listen. */
  readonly host: string | undefined;
  readonly port: number;
  /** Stops the service, its workers and the lake (after the listener stopped taking requests). */
  close(): Promise<void>;
}

/** Opens the lake and builds the service `opts` describes, its queries and loads in worker threads. */
export async function startLakeService(opts: ServerOptions): Promise<LakeService> {
  const { host, port } = parseListen(opts.listen ?? 'localhost:9867');
  // Parquet loads and results need the engine's WebAssembly module (loaded on first use).
  useLocalParquetWasm();
  useNodeClock();
  const lakeConfig: LakeConfig = {
    lake: opts.lake,
    ...(opts.meta !== undefined ? { meta: opts.meta } : {}),
    cache: opts.cache !== false,
    // A server takes many loads at once: each holds at most this much before it writes an object.
    loadMemoryLimit: SERVER_LOAD_MEMORY_LIMIT,
  };
  const opened = await openLake(lakeConfig);
  // Workers open the same lake; the main thread alone relays events between servers.
  // A load in a worker hands its runs to one encode thread (see SERVER_ENCODE_THREADS).
  const workerLake: LakeConfig = { ...lakeConfig, relay: false, encodeThreads: SERVER_ENCODE_THREADS };
  const spill = new DiskSpillStore();
  const memoryLimit = opts.queryMemory ?? DEFAULT_QUERY_MEMORY_LIMIT;
  const workers = opts.queryWorkers ?? defaultQueryWorkers();
  const log = opts.log !== undefined ? { log: opts.log } : {};
  const pool =
    workers > 0
      ? new QueryPool({
          lake: workerLake,
          maxWorkers: workers,
          memoryLimit,
          getAllow: opts.getAllow ?? [],
          ...(opts.getTimeoutMs !== undefined ? { getTimeoutMs: opts.getTimeoutMs } : {}),
          ...(opts.queryTimeoutMs !== undefined ? { timeoutMs: opts.queryTimeoutMs } : {}),
          ...log,
        })
      : undefined;
  // Loads run in workers of a small heap too, when queries do.
  const loads = workers > 0 ? new LoadPool({ lake: workerLake, maxWorkers: LOAD_WORKERS, ...log }) : undefined;
  let service: ZedService;
  try {
    const auth = opts.auth === undefined ? undefined : await serveAuthenticator(opts.auth, opened.tokens, monotonicClock());
    service = createApp({
      ...(auth !== undefined ? { auth } : {}),
      allowedHosts: servedHosts(host, opts.hostAllow ?? []),
      outbound: nodeOutbound(opts.getAllow ?? [], opts.getTimeoutMs),
      lake: opened.lake,
      spillStore: spill,
      queryMemoryLimit: memoryLimit,
      ...(pool !== undefined ? { queries: pool } : {}),
      ...(loads !== undefined ? { loads } : {}),
      ...(opts.queryTimeoutMs !== undefined ? { queryTimeoutMs: opts.queryTimeoutMs } : {}),
      ...(opts.apiVersion !== undefined ? { apiVersion: opts.apiVersion } : {}),
      ...(opts.defaultFormat !== undefined ? { defaultFormat: opts.defaultFormat } : {}),
      ...(opts.corsOrigins !== undefined ? { corsOrigins: opts.corsOrigins } : {}),
      ...(opts.bodyLimit !== undefined ? { bodyLimit: opts.bodyLimit } : {}),
      ...(opts.loadLimit !== undefined ? { loadLimit: opts.loadLimit } : {}),
      ...(opts.rootContent !== undefined ? { rootContent: opts.rootContent } : {}),
      ...(opts.queryStatusTtlMs !== undefined ? { queryStatusTtlMs: opts.queryStatusTtlMs } : {}),
      ...log,
      ...(opened.relay !== null ? { relay: opened.relay } : {}),
    });
  } catch (e) {
    await pool?.close();
    await loads?.close();
    await opened.close();
    throw e;
  }
  let closed = false;
  return {
    service,
    opened,
    host,
    port,
    async close() {
      if (closed) return;
      closed = true;
      service.close();
      await pool?.close();
      await loads?.close();
      await spill.close();
      await opened.close();
    },
  };
}
