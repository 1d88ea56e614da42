// Picks the API revision of a request: the Zed-Api-Version header (`1.8.0`,
// `v1.8.0` or `latest`) or else the server's, and hides the routes that
// revision does not have: they answer as unknown paths do.

import type { MiddlewareHandler } from 'hono';
import type { ServiceEnv } from '../context.js';
import { capabilities, parseRevisionOrThrow, type ApiRevision, type Capabilities } from '../revision.js';

export const API_VERSION_HEADER = 'Zed-Api-Version';

export function revision(serverRevision: ApiRevision): MiddlewareHandler<ServiceEnv> {
  const dflt = capabilities(serverRevision);
  return async (c, next) => {
    c.set('caps', dflt);
    const h = c.req.header(API_VERSION_HEADER);
    if (h !== undefined && h.trim() !== '') c.set('caps', capabilities(parseRevisionOrThrow(h)));
    await next();
  };
}

/** Go's mux answer for a path no route matches. */
export function notFoundResponse(): Response {
  return new Response('404 page not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** Lets the request through only when its revision has the route. */
export function since(has: (caps: Capabilities) => boolean): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    if (!has(c.get('caps'))) {
      c.set('unrouted', true);
      return notFoundResponse();
    }
    await next();
  };
}
