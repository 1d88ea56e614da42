// Public surface of the service: the app factory and what configures it.
export { createApp, cleanPath, type ZedService } from './app.js';
export type { Authenticator, Identity, ServiceDeps } from './deps.js';
export { DEFAULT_BODY_LIMIT, DEFAULT_QUERY_STATUS_TTL_MS } from './deps.js';
export { LATEST_REVISION, REVISIONS, parseRevision, parseRevisionOrThrow, capabilities, type ApiRevision, type Capabilities } from './revision.js';
export type { LakeEvent } from './wire.js';
export { parseRelayMessage, relayMessage, relayOrigin, type EventRelay } from './event-relay.js';
