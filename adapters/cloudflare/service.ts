// The Zed lake service over a Worker's bindings: an R2 bucket (LAKE) for
// data objects and a D1 database (META) for pools, branches and commits (and
// API tokens), with authentication as its environment asks (auth.ts).

import { createApp, Lake, lakeQueryRunner, monotonicClock, parseRevisionOrThrow, type ZedService } from '../../src/index.js';
import { workerAuthenticator, type AuthEnv } from './auth.js';
import { d1Database, openD1MetaStore, type D1DatabaseLike } from './d1.js';
import { R2BlobStore, type R2BucketLike } from './r2-blob-store.js';

export interface Env extends AuthEnv {
  readonly LAKE: R2BucketLike;
  readonly META: D1DatabaseLike;
  /** The API revision served when a request names none (default: latest). */
  readonly ZLAKE_API_VERSION?: string;
  /** Values a load holds before it writes an object, in bytes (default 8 MiB: an isolate has 128 MB). */
  readonly ZLAKE_LOAD_MEMORY_LIMIT?: string;
}

/** Value bytes a load holds before writing an object: small, for an isolate's 128 MB. */
export const WORKER_LOAD_MEMORY_LIMIT = 8 << 20;

/** The service over `env`'s bindings. */
export async function workerService(env: Env): Promise<ZedService> {
  const meta = await openD1MetaStore(env.META);
  const now = monotonicClock();
  const auth = workerAuthenticator(env, d1Database(env.META), now);
  const limit = env.ZLAKE_LOAD_MEMORY_LIMIT === undefined ? WORKER_LOAD_MEMORY_LIMIT : Number(env.ZLAKE_LOAD_MEMORY_LIMIT);
  const lake = new Lake({
    blobs: new R2BlobStore(env.LAKE),
    meta,
    now,
    queries: lakeQueryRunner(),
    loadMemoryLimit: Number.isSafeInteger(limit) && limit > 0 ? limit : WORKER_LOAD_MEMORY_LIMIT,
  });
  return createApp({
    lake,
    ...(auth !== undefined ? { auth } : {}),
    ...(env.ZLAKE_API_VERSION !== undefined ? { apiVersion: parseRevisionOrThrow(env.ZLAKE_API_VERSION) } : {}),
  });
}

