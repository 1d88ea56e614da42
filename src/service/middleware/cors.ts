// CORS as Zed's server answers it (github.com/rs/cors, lake-api.md §10):
// methods HEAD GET POST PUT PATCH DELETE; headers Authorization, Accept,
// Content-Type, X-Requested-With and Origin; credentials allowed; origins
// from -cors.origin with one `*` wildcard each. Hono's cors middleware
// answers preflights on every path and words the headers differently, so
// this follows rs/cors instead.
//
// Where zlake differs from Zed: with no origins configured Zed allows every
// origin, credentials included, so any web page a user visits could read
// the lake and, with a simple POST (no preflight), write to it. zlake then
// allows no foreign origin, and refuses (403) a request that may change
// state (any method but GET and HEAD, or an OPTIONS that is not a
// preflight) when it carries an Origin that is neither the server's own
// (same host as the Host header) nor an allowed one. `-cors.origin '*'`
// gives Zed's behaviour back, refusals off.

import type { MiddlewareHandler } from 'hono';
import { ForbiddenError } from '../../errors/index.js';
import type { ServiceEnv } from '../context.js';
import { requestHost } from './host.js';

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

/** The policy of `origins` (-cors.origin): none allows no foreign origin, `*` every one (Zed's default). */
export function corsPolicy(origins: readonly string[]): CorsPolicy {
  const exact = new Set<string>();
  const wild: { prefix: string; suffix: string }[] = [];
  let all = false;
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

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Whether `origin` names the host the request was sent to (the server's own pages). */
function sameOrigin(origin: string, host: string): boolean {
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file: pages) and garbage
  }
  let h = host.toLowerCase();
  const dflt = DEFAULT_PORTS[u.protocol];
  if (dflt !== undefined && h.endsWith(`:${dflt}`)) h = h.slice(0, -dflt.length - 1);
  return u.host === h;
}

/** A request that may change state: not a read, not a preflight (answered before this is asked). */
function mayWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
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
    const origin = req.headers.get('Origin');
    if (!policy.all && origin !== null && mayWrite(req.method) && !originAllowed(policy, origin) && !sameOrigin(origin, requestHost(req))) {
      throw new ForbiddenError(`cross-origin request from ${JSON.stringify(origin)} refused: allow the origin with -cors.origin`);
    }
    await next();
    const res = c.res;
    res.headers.append('Vary', 'Origin');
    if (origin === null || origin === '' || !originAllowed(policy, origin)) return;
    if (!(req.method === 'OPTIONS' || METHODS.has(req.method))) return;
    res.headers.set('Access-Control-Allow-Origin', policy.all ? '*' : origin);
    res.headers.set('Access-Control-Allow-Credentials', 'true');
  };
}
