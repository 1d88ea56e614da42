// X-Request-Id (Zed's requestIDMiddleware): the client's own id echoed, or a
// fresh KSUID in base62; on every response of a route that exists.

import type { MiddlewareHandler } from 'hono';
import { ksuidToBase62, newKsuidBytes } from '../../util/ksuid.js';
import type { ServiceEnv } from '../context.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';

export function requestId(now: () => bigint): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    const id = c.req.header(REQUEST_ID_HEADER) || ksuidToBase62(newKsuidBytes(now()));
    c.set('requestId', id);
    c.set('unrouted', false);
    await next();
    if (!c.get('unrouted')) c.res.headers.set(REQUEST_ID_HEADER, id);
  };
}
