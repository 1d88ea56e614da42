// The Zed lake service as a Hono app over Web-standard Request and Response
// (lake-api.md §1): the aux routes, then the API routes, each behind request
// id, revision, CORS, Accept negotiation and authentication, in Zed's order.
// Unknown paths answer 404, known paths with another method 405, and paths
// with `//`, `/./` or `/../` a 301 to the cleaned path, as Go's mux does.

import { Hono, type MiddlewareHandler } from 'hono';
import { clockNow, inProcessExecutor, inProcessLoads, noOutbound, yieldingPace } from '../exec/index.js';
import { formatByName } from '../formats/index.js';
import { InvalidError } from '../errors/index.js';
import type { ServiceEnv } from './context.js';
import { DEFAULT_BODY_LIMIT, DEFAULT_QUERY_MEMORY_LIMIT, DEFAULT_QUERY_STATUS_TTL_MS, type ServiceDeps } from './deps.js';
import { errorBody, errorResponse } from './errors.js';
import { EventHub } from './event-hub.js';
import type { LakeEvent } from './wire.js';
import type { Handler, Method, RouteKit, RouteOptions, Settings } from './kit.js';
import { httpFormat } from './media.js';
import { accept } from './middleware/accept.js';
import { authenticate } from './middleware/auth.js';
import { authorize } from './middleware/authorize.js';
import { cors, corsPolicy } from './middleware/cors.js';
import { hostGuard } from './middleware/host.js';
import { requestId } from './middleware/request-id.js';
import { notFoundResponse, revision, since } from './middleware/revision.js';
import { QueryStatusRegistry } from './query-status.js';
import { capabilities, LATEST_REVISION } from './revision.js';
import { authRoutes } from './routes/auth.js';
import { auxRoutes } from './routes/aux.js';
import { branchRoutes } from './routes/branch.js';
import { compactRoutes } from './routes/compact.js';
import { compileRoutes } from './routes/compile.js';
import { eventRoutes } from './routes/events.js';
import { indexRoutes } from './routes/index-rules.js';
import { loadRoutes } from './routes/load.js';
import { poolRoutes } from './routes/pool.js';
import { queryRoutes } from './routes/query.js';
import { tokenRoutes } from './routes/tokens.js';

export interface ZedService {
  /**
   * Answers one request (what a runtime's server calls). `target` is the
   * request target as the client sent it, for runtimes whose Request URL
   * has already resolved `.` and `..` segments (Go answers those with 301).
   * `body`, when the runtime has it, is the request body read straight from
   * the connection (a load reads it instead of `req.body`, one stream
   * conversion fewer); nothing else may have read it.
   */
  fetch(req: Request, target?: string, body?: AsyncIterable<Uint8Array>): Promise<Response>;
  /** Lake events, for embedding and tests. */
  readonly events: EventHub;
  /** Stops the service's timers (finished-query records); in-flight requests finish on their own. */
  close(): void;
}

const AUX_PATHS = new Set(['/', '/status', '/version', '/metrics']);

/**
 * Paths answered whatever the Host: health checks (a load balancer's, a
 * container probe's) name the server as they please, and "ok" tells a
 * rebinding page nothing.
 */
const ANY_HOST_PATHS = new Set(['/status']);

/** Go's path.Clean, keeping a trailing slash as gorilla/mux's cleanPath does. */
export function cleanPath(p: string): string {
  if (p === '') return '/';
  const rooted = p.startsWith('/');
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  let clean = (rooted ? '/' : '') + out.join('/');
  if (clean === '') clean = '/';
  if (p.endsWith('/') && clean !== '/') clean += '/';
  return clean;
}

function rawPath(url: string): { path: string; rest: string } {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return { path: '/', rest: '' };
  let end = url.length;
  for (const ch of ['?', '#']) {
    const i = url.indexOf(ch, start);
    if (i >= 0 && i < end) end = i;
  }
  return { path: url.slice(start, end), rest: url.slice(end) };
}

export function createApp(deps: ServiceDeps): ZedService {
  const defaultFormat = deps.defaultFormat ?? 'zson';
  const f = httpFormat(defaultFormat);
  if (f === undefined || formatByName(defaultFormat)?.encoder === undefined) {
    throw new InvalidError(`invalid default response format: unknown format type: ${defaultFormat}`);
  }
  const serverRevision = deps.apiVersion ?? LATEST_REVISION;
  const now = deps.now ?? clockNow;
  const settings: Settings = {
    defaultFormat,
    bodyLimit: deps.bodyLimit ?? DEFAULT_BODY_LIMIT,
    loadLimit: deps.loadLimit ?? Infinity,
    outbound: deps.outbound ?? noOutbound,
    now,
    ...(deps.spillStore !== undefined ? { spillStore: deps.spillStore } : {}),
    ...(deps.auth !== undefined ? { auth: deps.auth } : {}),
    ...(deps.rootContent !== undefined ? { rootContent: deps.rootContent } : {}),
  };
  const hub = new EventHub();
  const deliver = (ev: LakeEvent): void => {
    try {
      hub.publish(ev);
    } catch (e) {
      log('error', 'event delivery failed', { error: e instanceof Error ? e.message : String(e) });
    }
  };
  const statuses = new QueryStatusRegistry(deps.queryStatusTtlMs ?? DEFAULT_QUERY_STATUS_TTL_MS);
  const log = deps.log ?? (() => {});
  const policy = corsPolicy(deps.corsOrigins ?? []);
  const foreignHost = hostGuard(deps.allowedHosts);
  let requests = 0;
  let failures = 0;

  const app = new Hono<ServiceEnv>();
  app.onError((err, c) => {
    const caps = c.get('caps') ?? capabilities(serverRevision);
    const { status } = errorBody(err, caps);
    // As Zed's Auth0Authenticator logs it (its messages never quote a token).
    if (status === 401) log('info', 'Unauthorized request', { request_id: c.get('requestId'), error: err.message });
    if (status >= 500) {
      failures++;
      log('warn', 'request failed', { status, error: err.message, request_id: c.get('requestId') });
    }
    return errorResponse(err, caps);
  });
  app.notFound(() => notFoundResponse());

  auxRoutes(app, cors(policy, false), {
    revision: serverRevision,
    ...(deps.rootContent !== undefined ? { rootContent: deps.rootContent } : {}),
    metrics: () =>
      [
        '# HELP zlake_http_requests_total API requests served.',
        '# TYPE zlake_http_requests_total counter',
        `zlake_http_requests_total ${requests}`,
        '# HELP zlake_http_failures_total API requests that failed with a server error.',
        '# TYPE zlake_http_failures_total counter',
        `zlake_http_failures_total ${failures}`,
        '# HELP zlake_event_subscribers Connected /events subscribers.',
        '# TYPE zlake_event_subscribers gauge',
        `zlake_event_subscribers ${hub.size}`,
        '',
      ].join('\n'),
  });

  const paths = new Set<string>();
  const common: MiddlewareHandler<ServiceEnv>[] = [requestId(now), revision(serverRevision)];
  const count: MiddlewareHandler<ServiceEnv> = async (_c, next) => {
    requests++;
    await next();
  };
  const negotiate = accept(defaultFormat);
  const auth = authenticate(deps.auth);
  const anonymous = authenticate(undefined);

  const queries =
    deps.queries ??
    inProcessExecutor(deps.lake, {
      now,
      outbound: settings.outbound,
      memoryLimit: deps.queryMemoryLimit ?? DEFAULT_QUERY_MEMORY_LIMIT,
      pace: yieldingPace(),
      ...(deps.spillStore !== undefined ? { spillStore: deps.spillStore } : {}),
      ...(deps.queryTimeoutMs !== undefined ? { timeoutMs: deps.queryTimeoutMs } : {}),
    });
  const loads = deps.loads ?? inProcessLoads(deps.lake);
  const kit: RouteKit = {
    lake: deps.lake,
    queries,
    loads,
    settings,
    statuses,
    hub,
    publish: (ev) => {
      deliver(ev);
      deps.relay?.send(ev).catch((e: unknown) => {
        log('warn', 'event relay failed', { error: e instanceof Error ? e.message : String(e) });
      });
    },
    api(methods: Method | readonly Method[], path: string, handler: Handler, opts: RouteOptions = {}) {
      paths.add(path);
      const ms = typeof methods === 'string' ? [methods] : [...methods];
      const chain: MiddlewareHandler<ServiceEnv>[] = [
        ...common,
        since(opts.when ?? (() => true)),
        count,
        cors(policy, opts.preflight === true),
        negotiate,
        ...(opts.public === true ? [anonymous] : [auth, authorize(deps.lake, ms, path)]),
      ];
      app.on(ms, [path], ...chain, (c) => handler(c));
    },
  };

  authRoutes(kit);
  poolRoutes(kit);
  branchRoutes(kit);
  loadRoutes(kit);
  compactRoutes(kit);
  queryRoutes(kit);
  compileRoutes(kit);
  eventRoutes(kit);
  indexRoutes(kit);
  tokenRoutes(kit);

  // A known path with a method it does not take: 405 with no body (registered last).
  for (const p of paths) app.all(p, () => new Response(null, { status: 405 }));
  // Go's mux matches no API route to HEAD: a known path answers it 405, any
  // other 404. (A router of the paths alone, since a Request with a made-up
  // method to route it through `app` is refused by workerd.)
  const heads = new Hono();
  for (const p of paths) heads.all(p, () => new Response(null, { status: 405 }));
  heads.notFound(() => notFoundResponse());

  // The other servers' events reach this server's subscribers too.
  const stopRelay = deps.relay?.listen(deliver) ?? (() => {});

  return {
    events: hub,
    close: () => {
      stopRelay();
      statuses.close();
      void queries.close?.();
      void loads.close?.();
    },
    async fetch(req: Request, target?: string, body?: AsyncIterable<Uint8Array>): Promise<Response> {
      const { path, rest } = target !== undefined && target.startsWith('/') ? rawPath(`http://x${target}`) : rawPath(req.url);
      if (!ANY_HOST_PATHS.has(path)) {
        const refused = foreignHost(req);
        if (refused !== null) return errorResponse(refused, capabilities(serverRevision));
      }
      const clean = cleanPath(path);
      if (clean !== path) {
        return new Response(null, { status: 301, headers: { Location: clean + rest } });
      }
      // Hono answers HEAD with the GET route; Go's mux does not match HEAD to a GET-only API route.
      if (req.method === 'HEAD' && !AUX_PATHS.has(path)) {
        const res = await heads.fetch(req);
        return new Response(null, { status: res.status, headers: res.headers });
      }
      return app.fetch(req, body === undefined ? undefined : { rawBody: body });
    },
  };
}
