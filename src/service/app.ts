// The Zed lake service as a Hono app over Web-standard Request and Response
// (lake-api.md §1): the aux routes, then the API routes, each behind request
// id, revision, CORS, Accept negotiation and authentication, in Zed's order.
// Unknown paths answer 404, known paths with another method 405, and paths
// with `//`, `/./` or `/../` a 301 to the cleaned path, as Go's mux does.

import { Hono, type MiddlewareHandler } from 'hono';
import {
  clockNow,
  inProcessExecutor,
  inProcessLoads,
  noOutbound,
  yieldingPace,
  type QueryExecutor,
} from '../exec/index.js';
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
import { RequestMeter } from './request-meter.js';
import { cleanPath, rawPath } from './request-path.js';
import { capabilities, LATEST_REVISION, type ApiRevision } from './revision.js';
import { authRoutes } from './routes/auth.js';
import { auxRoutes } from './routes/aux.js';
import { branchRoutes } from './routes/branch.js';
import { compactRoutes } from './routes/compact.js';
import { compileRoutes } from './routes/compile.js';
import { CONSOLE_PAGE_HEADERS, CONSOLE_PREFIX, consoleRoutes } from './routes/console.js';
import { CONSOLE_BUILD } from './console/assets.gen.js';
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

type Log = NonNullable<ServiceDeps['log']>;

export function createApp(deps: ServiceDeps): ZedService {
  const settings = serviceSettings(deps);
  const serverRevision = deps.apiVersion ?? LATEST_REVISION;
  const log: Log = deps.log ?? (() => {});
  const meter = new RequestMeter();
  const hub = new EventHub();
  const deliver = (ev: LakeEvent): void => {
    try {
      hub.publish(ev);
    } catch (e) {
      log('error', 'event delivery failed', { error: errorText(e) });
    }
  };
  const statuses = new QueryStatusRegistry(deps.queryStatusTtlMs ?? DEFAULT_QUERY_STATUS_TTL_MS);
  const queries = deps.queries ?? inProcessQueries(deps, settings);
  const loads = deps.loads ?? inProcessLoads(deps.lake);
  const policy = corsPolicy(deps.corsOrigins ?? []);

  const app = new Hono<ServiceEnv>();
  answerErrors(app, serverRevision, meter, log);

  // The web console at `/`, unless -rootcontentfile replaces it (then its files are gone too).
  if (deps.rootContent === undefined) consoleRoutes(app, cors(policy, false), CONSOLE_BUILD);
  auxRoutes(app, cors(policy, false), {
    revision: serverRevision,
    root: deps.rootContent !== undefined ? { body: deps.rootContent, headers: {} } : { body: CONSOLE_BUILD.index, headers: CONSOLE_PAGE_HEADERS },
    metrics: () => meter.metricsText(hub.size),
  });

  const paths = new Set<string>();
  const kit: RouteKit = {
    lake: deps.lake,
    queries,
    loads,
    settings,
    statuses,
    hub,
    log,
    publish: (ev) => {
      deliver(ev);
      deps.relay?.send(ev).catch((e: unknown) => log('warn', 'event relay failed', { error: errorText(e) }));
    },
    api: apiMounter(app, deps, serverRevision, meter, policy, paths),
  };
  mountApiRoutes(kit);
  const heads = refuseOtherMethods(app, paths);

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
    fetch: gate(app, heads, hostGuard(deps.allowedHosts), serverRevision),
  };
}

/** The settings routes read, from the deps; throws InvalidError for an unknown default format. */
function serviceSettings(deps: ServiceDeps): Settings {
  const defaultFormat = deps.defaultFormat ?? 'zson';
  if (httpFormat(defaultFormat) === undefined || formatByName(defaultFormat)?.encoder === undefined) {
    throw new InvalidError(`invalid default response format: unknown format type: ${defaultFormat}`);
  }
  return {
    defaultFormat,
    bodyLimit: deps.bodyLimit ?? DEFAULT_BODY_LIMIT,
    loadLimit: deps.loadLimit ?? Infinity,
    outbound: deps.outbound ?? noOutbound,
    now: deps.now ?? clockNow,
    ...(deps.spillStore !== undefined ? { spillStore: deps.spillStore } : {}),
    ...(deps.auth !== undefined ? { auth: deps.auth } : {}),
    ...(deps.rootContent !== undefined ? { rootContent: deps.rootContent } : {}),
  };
}

/** Turns what a route throws into Zed's error response; logs refused tokens and server errors. */
function answerErrors(app: Hono<ServiceEnv>, serverRevision: ApiRevision, meter: RequestMeter, log: Log): void {
  app.onError((err, c) => {
    const caps = c.get('caps') ?? capabilities(serverRevision);
    const { status } = errorBody(err, caps);
    // As Zed's Auth0Authenticator logs it (its messages never quote a token).
    if (status === 401) log('info', 'Unauthorized request', { request_id: c.get('requestId'), error: err.message });
    if (status >= 500) {
      meter.failures++;
      log('warn', 'request failed', { status, error: err.message, request_id: c.get('requestId') });
    }
    return errorResponse(err, caps);
  });
  app.notFound(() => notFoundResponse());
}

/** Runs queries in this process, when the deps bring no executor. */
function inProcessQueries(deps: ServiceDeps, settings: Settings): QueryExecutor {
  return inProcessExecutor(deps.lake, {
    now: settings.now,
    outbound: settings.outbound,
    memoryLimit: deps.queryMemoryLimit ?? DEFAULT_QUERY_MEMORY_LIMIT,
    pace: yieldingPace(),
    ...(deps.spillStore !== undefined ? { spillStore: deps.spillStore } : {}),
    ...(deps.queryTimeoutMs !== undefined ? { timeoutMs: deps.queryTimeoutMs } : {}),
  });
}

/**
 * RouteKit.api: mounts a handler behind the API middleware chain, in Zed's
 * order (request id, revision, counting, CORS, Accept, authentication and
 * authorization), and notes its path in `paths`.
 */
function apiMounter(
  app: Hono<ServiceEnv>,
  deps: ServiceDeps,
  serverRevision: ApiRevision,
  meter: RequestMeter,
  policy: ReturnType<typeof corsPolicy>,
  paths: Set<string>,
): RouteKit['api'] {
  const common: MiddlewareHandler<ServiceEnv>[] = [requestId(deps.now ?? clockNow), revision(serverRevision)];
  const count: MiddlewareHandler<ServiceEnv> = async (_c, next) => {
    meter.requests++;
    await next();
  };
  const negotiate = accept(deps.defaultFormat ?? 'zson');
  const auth = authenticate(deps.auth);
  const anonymous = authenticate(undefined);
  return (methods: Method | readonly Method[], path: string, handler: Handler, opts: RouteOptions = {}) => {
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
  };
}

function mountApiRoutes(kit: RouteKit): void {
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
}

/**
 * Answers a known path with a method it does not take 405 with no body
 * (registered after every route). Returns the router for HEAD: Go's mux
 * matches no API route to HEAD, so a known path answers it 405 and any
 * other 404. (A router of the paths alone, since a Request with a made-up
 * method to route it through `app` is refused by workerd.)
 */
function refuseOtherMethods(app: Hono<ServiceEnv>, paths: ReadonlySet<string>): Hono {
  for (const p of paths) app.all(p, () => new Response(null, { status: 405 }));
  const heads = new Hono();
  for (const p of paths) heads.all(p, () => new Response(null, { status: 405 }));
  heads.notFound(() => notFoundResponse());
  return heads;
}

/**
 * ZedService.fetch: what comes before routing. A foreign Host is refused,
 * an uncleaned path redirected, HEAD of an API path answered as Go's mux
 * does; the rest goes to `app`.
 */
function gate(
  app: Hono<ServiceEnv>,
  heads: Hono,
  foreignHost: ReturnType<typeof hostGuard>,
  serverRevision: ApiRevision,
): ZedService['fetch'] {
  return async (req, target, body) => {
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
    if (req.method === 'HEAD' && !AUX_PATHS.has(path) && !path.startsWith(CONSOLE_PREFIX)) {
      const res = await heads.fetch(req);
      return new Response(null, { status: res.status, headers: res.headers });
    }
    return app.fetch(req, body === undefined ? undefined : { rawBody: body });
  };
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
