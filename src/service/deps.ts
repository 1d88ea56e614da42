// What the service is built from (createApp's argument) and the settings it
// runs with. Everything arrives as an argument: no globals, no environment.

import type { Lake } from '../lake/index.js';
import type { SpillStore } from '../runtime/agg/index.js';
import type { EventRelay } from './event-relay.js';
import type { ApiRevision } from './revision.js';

/** Who a request acts for (Zed's auth.Identity). */
export interface Identity {
  readonly tenantId: string;
  readonly userId: string;
}

/**
 * Optional request authentication (Zed's -auth.* flags). Without one the
 * service runs as Zed does with auth disabled: every request is anonymous.
 */
export interface Authenticator {
  /** `{kind, auth0}` as /auth/method reports it. */
  readonly method: { readonly kind: string; readonly audience: string; readonly clientId: string; readonly domain: string };
  /** The identity of a bearer token, or a thrown ZedError of kind 'unauthorized'. */
  verify(token: string | null): Promise<Identity>;
}

export interface ServiceDeps {
  readonly lake: Lake;
  /** The revision served when a request names none (default: latest). */
  readonly apiVersion?: ApiRevision;
  /** Response format when Accept is absent or `* / *` (Zed's -defaultfmt; default zson). */
  readonly defaultFormat?: string;
  /** Allowed CORS origins, `*` wildcards allowed inside; none means every origin (Zed's -cors.origin). */
  readonly corsOrigins?: readonly string[];
  /** Largest request body of the JSON/ZSON routes, in bytes (default 16 MiB). */
  readonly bodyLimit?: number;
  /** Largest load body, in bytes, after gunzip too (default: no limit). */
  readonly loadLimit?: number;
  /** How long a finished query's status stays readable, in ms (Zed: 10 s). */
  readonly queryStatusTtlMs?: number;
  /** Where sort, fuse and summarize spill (default: memory). */
  readonly spillStore?: SpillStore;
  readonly auth?: Authenticator;
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
