// Response-format negotiation for every API route (lake-api.md §3.2), before
// authentication and before the handler: a request nothing can answer fails
// with Zed's 400 first.

import type { MiddlewareHandler } from 'hono';
import type { ServiceEnv } from '../context.js';
import { negotiateAccept } from '../media.js';

export function accept(defaultFormat: string): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    c.set('format', negotiateAccept(c.req.header('Accept'), defaultFormat, c.get('caps')));
    await next();
  };
}
