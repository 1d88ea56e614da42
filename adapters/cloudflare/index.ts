// The Cloudflare adapter: R2 as the BlobStore, D1 as the MetaStore, the
// service over a Worker's bindings and its event hub, a Durable Object
// (worker.ts is the Worker's entry).
export { R2BlobStore, type R2BucketLike, type R2ObjectBodyLike } from './r2-blob-store.js';
export { d1Database, openD1MetaStore, type D1DatabaseLike } from './d1.js';
export { workerAuthenticator, type AuthEnv } from './auth.js';
export { workerService, WORKER_LOAD_LIMIT, WORKER_LOAD_MEMORY_LIMIT, WORKER_QUERY_MEMORY, type Env } from './service.js';
export { EventHubObject, HubRelay, type HubNamespace } from './event-hub.js';
export { NoSpillStore } from './no-spill-store.js';
export { DRAIN_LIMIT, trackBody } from './request-body.js';
