// What the service is built from (createApp's argument) and the settings it
// runs with. Everything arrives as an argument: no globals, no environment.

import type { LoadExecutor, Outbound, QueryExecutor, Scopes } from '../exec/index.js';
import type { Lake } from '../lake/index.js';
import type { SpillStore } from '../runtime/agg/index.js';
import type { ApiTokens } from './auth/api-tokens.js';
import type { EventRelay } from './event-relay.js';
import type { ApiRevision } from './revision.js';

/** Who a request acts for (Zed's auth.Identity). */
export interface Identity {
  readonly tenantId: string;
  readonly userId: string;
}

/** Who a request is and what it may touch. */
export interface Principal {
  readonly identity: Identity;
  /** null for everything (auth off, a Zed login); else an API token's scopes. */
  readonly scopes: Scopes;
}

/** Zed's api.AuthMethodAuth0Details, as /auth/method reports them. */
export interface Auth0Method {
  readonly audience: string;
  readonly clientId: string;
  readonly domain: string;
}

/**
 * Optional request authentication (Zed's -auth.* flags, zlake's -auth.tokens;
 * see auth/authenticator.ts). Without one the service runs as Zed does with
 * auth disabled: every request is anonymous and may do everything.
 */
export interface Authenticator {
  /** Zed's auth mode's details for /auth/method; null when it is off. */
  readonly auth0: Auth0Method | null;
  /** API tokens, when they are on (their routes manage them). */
  readonly tokens: ApiTokens | null;
  /** The principal of an Authorization header, or a thrown UnauthorizedError. */
  authenticate(authorization: string | undefined): Promise<Principal>;
}

export interface ServiceDeps {
  readonly lake: Lake;
  /** The revision served when a request names none (default: latest). */
  readonly apiVersion?: ApiRevision;
  /** Response format when Accept is absent or `* / *` (Zed's -defaultfmt; default zson). */
  readonly defaultFormat?: string;
  /**
   * Allowed CORS origins (Zed's -cors.origin), `*` wildcards allowed inside.
   * None allows no foreign origin and refuses its writes (middleware/cors.ts);
   * `['*']` allows every origin with credentials, as Zed does by default.
   */
  readonly corsOrigins?: readonly string[];
  /**
   * Host names requests may be addressed to besides loopback names, as
   * patterns (`name`, `name:port`, `*.example.com`, `*`); others get 403
   * (middleware/host.ts), /status excepted. Undefined checks nothing.
   */
  readonly allowedHosts?: readonly string[];
  /** Largest request body of the JSON/ZSON routes, in bytes (default 16 MiB). */
  readonly bodyLimit?: number;
  /** Largest load body, in bytes, after gunzip too (default: no limit). */
  readonly loadLimit?: number;
  /** How long a finished query's status stays readable, in ms (Zed: 10 s). */
  readonly queryStatusTtlMs?: number;
  /**
   * How a query's `get URL` reaches the network: the runtime's guarded
   * fetch (exec/outbound-guard.ts). Default: refused (exec/outbound.ts).
   */
  readonly outbound?: Outbound;
  /** Where sort, fuse and summarize spill (default: memory). */
  readonly spillStore?: SpillStore;
  readonly auth?: Authenticator;
  /**
   * Runs POST /query's queries (default: in the request's thread, yielding
   * between batches). A runtime with threads runs them in workers instead.
   */
  readonly queries?: QueryExecutor;
  /** Runs loads (default: in the request's thread). A runtime with threads runs them in workers instead. */
  readonly loads?: LoadExecutor;
  /** Bytes one query's operators may hold (-query.memory, default 1 GiB). */
  readonly queryMemoryLimit?: number;
  /** Wall time one query may run, in ms (-query.timeout; default none). */
  readonly queryTimeoutMs?: number;
  /** Body of GET / instead of the built-in page (Zed's -rootcontentfile). */
  readonly rootContent?: string;
  /** Unix nanoseconds (for QueryStats); default the platform clock. */
  readonly now?: () => bigint;
  /** Passes events to and from the other servers of the lake (default: none, one server). */
  readonly relay?: EventRelay;
  /** Where the service reports what it cannot tell a client (a failed event delivery, ...). */
  readonly log?: (level: 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>) => void;
}

export const DEFAULT_BODY_LIMIT = 16 << 20;
export const DEFAULT_QUERY_STATUS_TTL_MS = 10_000;
export const DEFAULT_QUERY_MEMORY_LIMIT = 1 << 30;
