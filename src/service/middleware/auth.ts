// Authentication of API routes. Without an Authenticator the service runs as
// Zed's does with auth disabled: every request acts for the anonymous tenant
// and user (Zed's auth.AnonymousTenantID / AnonymousUserID) and may do
// everything. With one, a request without valid credentials stops here with
// a 401 (lake-api.md §11); the ones that pass carry their identity and scopes.

import type { MiddlewareHandler } from 'hono';
import { ANONYMOUS } from '../auth/zed-jwt.js';
import type { ServiceEnv } from '../context.js';
import type { Authenticator } from '../deps.js';

export { ANONYMOUS };

export function authenticate(auth: Authenticator | undefined): MiddlewareHandler<ServiceEnv> {
  if (auth === undefined) {
    return async (c, next) => {
      c.set('identity', ANONYMOUS);
      c.set('scopes', null);
      await next();
    };
  }
  return async (c, next) => {
    const p = await auth.authenticate(c.req.header('Authorization'));
    c.set('identity', p.identity);
    c.set('scopes', p.scopes);
    await next();
  };
}
