// CORS as Zed's server answers it (github.com/rs/cors, lake-api.md §10):
// methods HEAD GET POST PUT PATCH DELETE; headers Authorization, Accept,
// Content-Type, X-Requested-With and Origin; credentials allowed; origins
// from -cors.origin with one `*` wildcard each, or all when none are given.
// Hono's cors middleware answers preflights on every path and words the
// headers differently, so this follows rs/cors instead.

import type { MiddlewareHandler } from 'hono';
import type { ServiceEnv } from '../context.js';

const METHODS = new Set(['HEAD', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const HEADERS = new Set(['Authorization', 'Accept', 'Content-Type', 'X-Requested-With', 'Origin']);

/** Go's http.CanonicalHeaderKey: `x-requested-with` -> `X-Requested-With`. */
function canonicalHeader(h: string): string {
  return h
    .toLowerCase()
    .split('-')
    .map((p) => (p === '' ? p : p[0]!.toUpperCase() + p.slice(1)))
    .join('-');
}

export interface CorsPolicy {
  readonly all: boolean;
  readonly exact: ReadonlySet<string>;
  readonly wild: readonly { readonly prefix: string; readonly suffix: string }[];
}

export function corsPolicy(origins: readonly string[]): CorsPolicy {
  const exact = new Set<string>();
  const wild: { prefix: string; suffix: string }[] = [];
  let all = origins.length === 0;
  for (const o of origins.map((s) => s.toLowerCase())) {
    if (o === '*') all = true;
    else if (o.includes('*')) {
      const i = o.indexOf('*');
      wild.push({ prefix: o.slice(0, i), suffix: o.slice(i + 1) });
    } else exact.add(o);
  }
  return { all, exact, wild };
}

function originAllowed(p: CorsPolicy, origin: string): boolean {
  if (p.all) return true;
  const o = origin.toLowerCase();
  if (p.exact.has(o)) return true;
  return p.wild.some((w) => o.length >= w.prefix.length + w.suffix.length && o.startsWith(w.prefix) && o.endsWith(w.suffix));
}

/** The preflight answer: 204, and the Allow headers only when everything asked for is allowed. */
function preflight(p: CorsPolicy, req: Request): Response {
  const h = new Headers({ Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers' });
  const origin = req.headers.get('Origin') ?? '';
  const method = (req.headers.get('Access-Control-Request-Method') ?? '').toUpperCase();
  const asked = (req.headers.get('Access-Control-Request-Headers') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(canonicalHeader);
  const ok = origin !== '' && originAllowed(p, origin) && (method === 'OPTIONS' || METHODS.has(method)) && asked.every((x) => HEADERS.has(x));
  if (ok) {
    h.set('Access-Control-Allow-Origin', p.all ? '*' : origin);
    h.set('Access-Control-Allow-Methods', method);
    if (asked.length > 0) h.set('Access-Control-Allow-Headers', asked.join(', '));
    h.set('Access-Control-Allow-Credentials', 'true');
  }
  return new Response(null, { status: 204, headers: h });
}

/**
 * CORS for a route. `preflights` is true on the routes that take OPTIONS
 * (/query, /query/describe): there an OPTIONS with Access-Control-Request-Method
 * is answered here; other OPTIONS requests go on to the handler.
 */
export function cors(policy: CorsPolicy, preflights: boolean): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    const req = c.req.raw;
    if (preflights && req.method === 'OPTIONS' && req.headers.get('Access-Control-Request-Method') !== null) {
      return preflight(policy, req);
    }
    await next();
    const res = c.res;
    res.headers.append('Vary', 'Origin');
    const origin = req.headers.get('Origin') ?? '';
    if (origin === '' || !originAllowed(policy, origin)) return;
    if (!(req.method === 'OPTIONS' || METHODS.has(req.method))) return;
    res.headers.set('Access-Control-Allow-Origin', policy.all ? '*' : origin);
    res.headers.set('Access-Control-Allow-Credentials', 'true');
  };
}
