// The Cloudflare Workers entry (wrangler.toml's main): the Zed lake service
// over an R2 bucket (binding LAKE) for data objects and a D1 database
// (binding META) for pools, branches and commits (service.ts). One service
// per isolate, built on its first request; every isolate reads the same R2
// and D1, so commits from any of them are seen by all. The event feed,
// /events, is a Durable Object's (binding EVENTS, class EventHubObject,
// event-hub.ts): every isolate sends its events there and every subscriber
// is forwarded there. Parquet's engine is parquet-wasm's WebAssembly
// module; the LZ4 compressor of data objects, the NDJSON reader's fast
// path and the column copy's shredder are ours; a Worker imports them as compiled modules (wrangler and
// scripts/build-worker.mjs ship them beside the script), since it compiles
// none from bytes.

import { AsyncLocalStorage } from 'node:async_hooks';
import parquetWasm from 'parquet-wasm/esm/parquet_wasm_bg.wasm';
import lz4Wasm from '../../wasm/lz4-compress.wasm';
import ndjsonWasm from '../../wasm/ndjson-parse.wasm';
import vngShredWasm from '../../wasm/vng-shred.wasm';
import {
  capabilities,
  errorResponse,
  LATEST_REVISION,
  setLz4WasmModule,
  setNdjsonWasmModule,
  setParquetWasmLoader,
  setVngShredWasmModule,
  UnavailableError,
  type ZedService,
} from '../../src/index.js';
import { HubRelay, hubStub } from './event-hub.js';
import { trackBody } from './request-body.js';
import { workerService, type Env } from './service.js';

export { EventHubObject } from './event-hub.js';

setParquetWasmLoader(() => parquetWasm);
setLz4WasmModule(lz4Wasm);
setNdjsonWasmModule(ndjsonWasm);
setVngShredWasmModule(vngShredWasm);

/** The part of a Worker's ExecutionContext used here. */
interface Context {
  waitUntil(p: Promise<unknown>): void;
}

/**
 * The current request's waitUntil: an event a request makes is sent to the
 * hub after the request has its answer, and the runtime would cancel the
 * send with the request otherwise.
 */
const keepAlive = new AsyncLocalStorage<(p: Promise<unknown>) => void>();

let service: Promise<ZedService> | null = null;

function serviceOf(env: Env): Promise<ZedService> {
  if (service === null) {
    const events = env.EVENTS;
    const relay = events === undefined ? undefined : new HubRelay(events, (p) => keepAlive.getStore()?.(p.catch(() => {})));
    service = workerService(env, relay !== undefined ? { relay } : {});
    // A failed start (D1 unreachable, a bad setting) is retried by the next request.
    service.catch(() => {
      service = null;
    });
  }
  return service;
}

/** Zed's error body for a Worker that cannot serve now (503: the client may retry). */
function unavailable(what: string, e: unknown): Response {
  const why = e instanceof Error ? e.message : String(e);
  return errorResponse(new UnavailableError(`${what}: ${why}`, { cause: e }), capabilities(LATEST_REVISION));
}

export default {
  async fetch(request: Request, env: Env, ctx: Context): Promise<Response> {
    // Every subscriber is the hub's (the path as the service would route it, so /events only).
    if (env.EVENTS !== undefined && new URL(request.url).pathname === '/events') {
      try {
        return await hubStub(env.EVENTS).fetch(request);
      } catch (e) {
        return unavailable('Event hub unreachable', e);
      }
    }
    let svc: ZedService;
    try {
      svc = await serviceOf(env);
    } catch (e) {
      // D1 out of reach, or a setting it cannot take: nothing was done.
      return unavailable('Lake service not started', e);
    }
    const tracked = trackBody(request);
    const response = await keepAlive.run(
      (p) => ctx.waitUntil(p),
      () => svc.fetch(tracked.request),
    );
    await tracked.finish();
    return response;
  },
};
