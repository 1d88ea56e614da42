// The Cloudflare Workers entry (wrangler.toml's main): the Zed lake service
// over an R2 bucket (binding LAKE) for data objects and a D1 database
// (binding META) for pools, branches and commits (service.ts). One service
// per isolate, built on its first request; every isolate reads the same R2
// and D1, so commits from any of them are seen by all (the event feed,
// /events, reports only what its own isolate did). Parquet's engine is
// parquet-wasm's WebAssembly module, which a Worker imports as a compiled
// module (wrangler and scripts/build-worker.mjs ship it beside the script).
// A Worker module exports only handlers, so nothing else here.

import parquetWasm from 'parquet-wasm/esm/parquet_wasm_bg.wasm';
import { setParquetWasmLoader, type ZedService } from '../../src/index.js';
import { workerService, type Env } from './service.js';

setParquetWasmLoader(() => parquetWasm);

let service: Promise<ZedService> | null = null;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (service === null) {
      service = workerService(env);
      // A failed start (D1 unreachable, a bad setting) is retried by the next request.
      service.catch(() => {
        service = null;
      });
    }
    return (await service).fetch(request);
  },
};
