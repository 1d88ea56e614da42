// What route modules get to register themselves: the service's parts and one
// helper that mounts a handler behind the API middleware chain.

import type { LoadExecutor, QueryExecutor } from '../exec/index.js';
import type { Outbound } from '../exec/index.js';
import type { Lake } from '../lake/index.js';
import type { SpillStore } from '../runtime/agg/index.js';
import type { Ctx } from './context.js';
import type { Authenticator, ServiceDeps } from './deps.js';
import type { EventHub } from './event-hub.js';
import type { QueryStatusRegistry } from './query-status.js';
import type { Capabilities } from './revision.js';
import type { LakeEvent } from './wire.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';

export type Handler = (c: Ctx) => Response | Promise<Response>;

export interface RouteOptions {
  /** The route exists only in the revisions this accepts. */
  readonly when?: (caps: Capabilities) => boolean;
  /** The route answers CORS preflights (Zed registers OPTIONS on /query and /query/describe). */
  readonly preflight?: boolean;
  /** Never authenticated (/auth/method). */
  readonly public?: boolean;
}

export interface Settings {
  readonly defaultFormat: string;
  readonly bodyLimit: number;
  readonly loadLimit: number;
  readonly outbound: Outbound;
  readonly now: () => bigint;
  readonly spillStore?: SpillStore;
  readonly auth?: Authenticator;
  readonly rootContent?: string;
}

export interface RouteKit {
  readonly lake: Lake;
  /** Runs POST /query's queries. */
  readonly queries: QueryExecutor;
  /** Runs loads (POST /pool/{pool}/branch/{branch}). */
  readonly loads: LoadExecutor;
  readonly settings: Settings;
  readonly statuses: QueryStatusRegistry;
  readonly hub: EventHub;
  /** The server's log (see ServiceDeps.log). */
  readonly log: NonNullable<ServiceDeps['log']>;
  /** Publishes an event to the subscribers connected now. */
  publish(ev: LakeEvent): void;
  api(methods: Method | readonly Method[], path: string, handler: Handler, opts?: RouteOptions): void;
}
