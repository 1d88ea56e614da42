// Authentication of API routes. Without an Authenticator the service runs as
// Zed's does with auth disabled: every request acts for the anonymous tenant
// and user (Zed's auth.AnonymousTenantID / AnonymousUserID).

import type { MiddlewareHandler } from 'hono';
import type { ServiceEnv } from '../context.js';
import type { Authenticator, Identity } from '../deps.js';

export const ANONYMOUS: Identity = {
  tenantId: 'tenant_000000000000000000000000001',
  userId: 'user_000000000000000000000000001',
};

function bearer(header: string | undefined): string | null {
  if (header === undefined) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return m === null ? null : m[1]!;
}

export function authenticate(auth: Authenticator | undefined): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    c.set('identity', auth === undefined ? ANONYMOUS : await auth.verify(bearer(c.req.header('Authorization'))));
    await next();
  };
}
