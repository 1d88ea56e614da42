// Authorization of API routes by scope (zlake's API tokens). A request with
// no scopes (auth off, a Zed login) passes everything. One table says what
// each route needs: any authenticated request (queries, events and describe
// then filter the pools themselves), an access level on the pool its path
// names, or admin over the whole lake (`*:admin`). A route missing from the
// table needs `*:admin`: a route added later is closed until it is listed.
// A refusal happens before the handler runs, so it changes nothing.

import type { MiddlewareHandler } from 'hono';
import { ForbiddenError, NotFoundError } from '../../errors/index.js';
import { allows, allowsEvery, noAccessMessage, type AccessLevel, type Scopes } from '../../exec/index.js';
import type { Lake } from '../../lake/index.js';
import type { ServiceEnv } from '../context.js';
import { pathParam } from '../params.js';

export type RouteNeed = { readonly kind: 'any' } | { readonly kind: 'lake' } | { readonly kind: 'pool'; readonly level: AccessLevel };

const ANY: RouteNeed = { kind: 'any' };
const LAKE: RouteNeed = { kind: 'lake' };
const READ: RouteNeed = { kind: 'pool', level: 'read' };
const WRITE: RouteNeed = { kind: 'pool', level: 'write' };
const ADMIN: RouteNeed = { kind: 'pool', level: 'admin' };

/** `METHOD path` as routes register it, and what it needs. */
export const ROUTE_NEEDS: Readonly<Record<string, RouteNeed>> = {
  'GET /auth/identity': ANY,
  'GET /auth/scopes': ANY,
  'POST /compile': ANY,
  'GET /events': ANY,
  'POST /query': ANY,
  'OPTIONS /query': ANY,
  'POST /query/describe': ANY,
  'OPTIONS /query/describe': ANY,
  'GET /query/status/:requestID': ANY,
  'POST /pool': LAKE,
  'PUT /pool/:pool': ADMIN,
  'DELETE /pool/:pool': ADMIN,
  'GET /pool/:pool/stats': READ,
  'POST /pool/:pool/revision/:revision/vacuum': ADMIN,
  'POST /pool/:pool': WRITE,
  'GET /pool/:pool/branch/:branch': READ,
  'DELETE /pool/:pool/branch/:branch': ADMIN,
  'POST /pool/:pool/branch/:branch': WRITE,
  'POST /pool/:pool/branch/:branch/compact': WRITE,
  'POST /pool/:pool/branch/:branch/delete': WRITE,
  'POST /pool/:pool/branch/:branch/merge/:child': WRITE,
  'POST /pool/:pool/branch/:branch/revert/:commit': WRITE,
  'POST /pool/:pool/revision/:revision/vector': WRITE,
  'DELETE /pool/:pool/revision/:revision/vector': WRITE,
  'POST /index': LAKE,
  'DELETE /index': LAKE,
  'POST /pool/:pool/branch/:branch/index': ADMIN,
  'POST /pool/:pool/branch/:branch/index/update': ADMIN,
  'GET /auth/tokens': LAKE,
  'POST /auth/tokens': LAKE,
  'DELETE /auth/tokens/:name': LAKE,
};

/**
 * Throws ForbiddenError unless `scopes` grant `level` on the pool
 * `nameOrId` names. A pool that does not exist is judged by the name given,
 * so a token learns nothing of pools it may not touch (403 whether or not
 * they exist) and one that may gets the route's own 404.
 */
export async function checkPoolAccess(lake: Lake, scopes: Scopes, nameOrId: string, level: AccessLevel): Promise<void> {
  if (allowsEvery(scopes, level)) return;
  let name = nameOrId;
  try {
    name = (await lake.getPool(nameOrId)).name;
  } catch (e) {
    if (!(e instanceof NotFoundError)) throw e;
  }
  if (allows(scopes, name, level)) return;
  // The pool's name where the token may see it; else only what the request said.
  throw new ForbiddenError(noAccessMessage(level, allows(scopes, name, 'read') ? name : nameOrId));
}

/** The check of the route registered as `path` for `methods`. */
export function authorize(lake: Lake, methods: readonly string[], path: string): MiddlewareHandler<ServiceEnv> {
  const needs = new Map(methods.map((m) => [m, ROUTE_NEEDS[`${m} ${path}`] ?? LAKE]));
  return async (c, next) => {
    const scopes = c.get('scopes');
    if (scopes !== null) {
      const need = needs.get(c.req.method) ?? LAKE;
      if (need.kind === 'lake') {
        if (!allowsEvery(scopes, 'admin')) throw new ForbiddenError(noAccessMessage('admin', null));
      } else if (need.kind === 'pool') {
        await checkPoolAccess(lake, scopes, pathParam(c, 'pool'), need.level);
      }
    }
    await next();
  };
}
