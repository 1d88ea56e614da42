// The per-request state middleware hands to route handlers.

import type { Context } from 'hono';
import type { Scopes } from '../exec/index.js';
import type { Identity } from './deps.js';
import type { Capabilities } from './revision.js';

export interface ServiceEnv {
  Variables: {
    requestId: string;
    caps: Capabilities;
    /** The negotiated response format. */
    format: string;
    identity: Identity;
    /** What the request may touch: null for everything, else its API token's scopes. */
    scopes: Scopes;
    /** Set when the route does not exist in the request's revision: answered like any unknown path. */
    unrouted: boolean;
  };
}

export type Ctx = Context<ServiceEnv>;
