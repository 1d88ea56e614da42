// The Zed lake service over a Worker's bindings: an R2 bucket (LAKE) for
// data objects and a D1 database (META) for pools, branches and commits (and
// API tokens), with authentication as its environment asks (auth.ts), and
// the runtime's limits turned into Zed's errors: a query's time limit under
// the CPU limit, loads bounded in memory per object and in size per body.

import {
  createApp,
  fetchNetwork,
  guardedOutbound,
  Lake,
  lakeQueryRunner,
  monotonicClock,
  parseDuration,
  parseRevisionOrThrow,
  type EventRelay,
  type ZedService,
} from '../../src/index.js';
import { workerAuthenticator, type AuthEnv } from './auth.js';
import { d1Database, openD1MetaStore, type D1DatabaseLike } from './d1.js';
import type { HubNamespace } from './event-hub.js';
import { NoSpillStore } from './no-spill-store.js';
import { R2BlobStore, type R2BucketLike } from './r2-blob-store.js';

export interface Env extends AuthEnv {
  readonly LAKE: R2BucketLike;
  readonly META: D1DatabaseLike;
  /** The Durable Object that carries /events across requests and isolates (event-hub.ts); without it /events hears nothing. */
  readonly EVENTS?: HubNamespace;
  /** The API revision served when a request names none (default: latest). */
  readonly ZLAKE_API_VERSION?: string;
  /** Values a load holds before it writes an object, in bytes (default 8 MiB: an isolate has 128 MB). */
  readonly ZLAKE_LOAD_MEMORY_LIMIT?: string;
  /** Bytes of column copies kept in memory between requests (default 16 MiB). */
  readonly ZLAKE_COLUMN_CACHE?: string;
  /**
   * Wall time a query may run (a Zed duration such as 25s; default 25s, "0"
   * for none). Keep it under the Worker's CPU limit (30 s by default on paid
   * plans; wall time is never less than CPU time), so that a long query ends
   * with its time-limit error instead of the runtime's cut.
   */
  readonly ZLAKE_QUERY_TIMEOUT?: string;
  /** Hosts a query's `get URL` may reach, comma-separated (zlake serve's -query.get.allow); unset: none. */
  readonly ZLAKE_GET_ALLOW?: string;
  /**
   * Largest load body in bytes (zlake serve's -load.limit; default 100 MB,
   * the request body limit of Cloudflare's Free and Pro plans, so local runs
   * refuse what the edge would). Past it a load ends in 413, nothing committed.
   */
  readonly ZLAKE_LOAD_LIMIT?: string;
  /**
   * Bytes one query may hold (zlake serve's -query.memory; default 64 MiB
   * of the isolate's 128 MB). A sort, summarize or fuse past an eighth of
   * it fails the query with Zed's memory error: a Worker cannot spill.
   */
  readonly ZLAKE_QUERY_MEMORY?: string;
}

/** A query's time limit on Workers: under the default CPU limit of 30 s. */
export const WORKER_QUERY_TIMEOUT_MS = 25_000;

function queryTimeoutMs(text: string | undefined): number | undefined {
  if (text === undefined) return WORKER_QUERY_TIMEOUT_MS;
  if (text === '0') return undefined;
  const ns = parseDuration(text);
  return ns === null || ns <= 0n ? WORKER_QUERY_TIMEOUT_MS : Number(ns / 1_000_000n);
}

/** Value bytes a load holds before writing an object: small, for an isolate's 128 MB. */
export const WORKER_LOAD_MEMORY_LIMIT = 8 << 20;

/** Column copy bytes an isolate keeps between requests. */
export const WORKER_COLUMN_CACHE = 16 << 20;

/** The largest load body by default: 100 MB, what Cloudflare's Free and Pro plans pass to a Worker. */
export const WORKER_LOAD_LIMIT = 100_000_000;

/** What one query may hold on Workers by default: half an isolate. */
export const WORKER_QUERY_MEMORY = 64 << 20;

/** A positive byte count from a setting, or `fallback`. */
function bytes(text: string | undefined, fallback: number): number {
  const n = text === undefined ? NaN : Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

/** The service over `env`'s bindings; `relay` carries its events (see event-hub.ts). */
export async function workerService(env: Env, opts: { readonly relay?: EventRelay } = {}): Promise<ZedService> {
  const meta = await openD1MetaStore(env.META);
  const now = monotonicClock();
  const auth = workerAuthenticator(env, d1Database(env.META), now);
  const lake = new Lake({
    blobs: new R2BlobStore(env.LAKE),
    meta,
    now,
    queries: lakeQueryRunner(),
    loadMemoryLimit: bytes(env.ZLAKE_LOAD_MEMORY_LIMIT, WORKER_LOAD_MEMORY_LIMIT),
    // An isolate has 128 MB: it keeps few column bytes between requests.
    columnCacheBytes: bytes(env.ZLAKE_COLUMN_CACHE, WORKER_COLUMN_CACHE),
  });
  const allow = (env.ZLAKE_GET_ALLOW ?? '').split(',').map((a) => a.trim()).filter((a) => a !== '');
  const timeout = queryTimeoutMs(env.ZLAKE_QUERY_TIMEOUT);
  const queryMemory = bytes(env.ZLAKE_QUERY_MEMORY, WORKER_QUERY_MEMORY);
  return createApp({
    lake,
    ...(auth !== undefined ? { auth } : {}),
    // The platform resolves names and does not route to private addresses: the allow list judges names.
    outbound: guardedOutbound({ allow, net: fetchNetwork() }),
    // The default executor runs queries in the isolate, yielding between batches (so the timer runs).
    ...(timeout !== undefined ? { queryTimeoutMs: timeout } : {}),
    queryMemoryLimit: queryMemory,
    spillStore: new NoSpillStore(queryMemory),
    loadLimit: bytes(env.ZLAKE_LOAD_LIMIT, WORKER_LOAD_LIMIT),
    ...(opts.relay !== undefined ? { relay: opts.relay } : {}),
    ...(env.ZLAKE_API_VERSION !== undefined ? { apiVersion: parseRevisionOrThrow(env.ZLAKE_API_VERSION) } : {}),
  });
}

