// Public surface of the service: the app factory and what configures it.
export { createApp, cleanPath, type ZedService } from './app.js';
export { errorResponse } from './errors.js';
export type { Auth0Method, Authenticator, Identity, Principal, ServiceDeps } from './deps.js';
export { createAuthenticator, ZED_AUTH_SETTINGS, type AuthOptions, type ZedAuthConfig } from './auth/authenticator.js';
export { JwksKeys, RemoteJwks, type KeySource, type RemoteJwksOptions } from './auth/jwks.js';
export { ApiTokens, checkTokenName, expiryOf, INVALID_API_TOKEN, TOKEN_PREFIX, type NewToken, type TokenGrant } from './auth/api-tokens.js';
export { NO_TOKEN } from './auth/bearer.js';
export { ANONYMOUS, TENANT_ID_CLAIM, USER_ID_CLAIM } from './auth/zed-jwt.js';
export { ROUTE_NEEDS, type RouteNeed } from './middleware/authorize.js';
export { DEFAULT_BODY_LIMIT, DEFAULT_QUERY_MEMORY_LIMIT, DEFAULT_QUERY_STATUS_TTL_MS } from './deps.js';
export { LATEST_REVISION, REVISIONS, parseRevision, parseRevisionOrThrow, capabilities, type ApiRevision, type Capabilities } from './revision.js';
export type { LakeEvent } from './wire.js';
export { parseRelayMessage, relayMessage, relayOrigin, type EventRelay } from './event-relay.js';
