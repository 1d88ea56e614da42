// `zlake serve`: the lake service on Node (@hono/node-server) over the
// embedded default lake, a local folder holding the data objects and a libSQL
// file. Takes the flags of Zed's `zed serve` plus --api-version; prints where
// it listens and where the data lives. startServer() is the same thing as a
// function, for tests and benchmarks.

import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { cpus } from 'node:os';
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp, DEFAULT_QUERY_MEMORY_LIMIT, monotonicClock, parseDuration, parseRevisionOrThrow, type ApiRevision, type ServiceDeps, type ZedService } from '../../src/index.js';
import { DiskSpillStore } from '../local/spill-store.js';
import { byteSizeCheck, FlagError, parseByteSize, parseFlags, usage, type FlagSpec } from './flags.js';
import { servedHosts } from './served-hosts.js';
import { nodeOutbound } from './outbound-network.js';
import { useLocalParquetWasm } from '../local/parquet-wasm.js';
import { QueryPool } from './query-pool.js';
import { LoadPool } from './load-pool.js';
import { openLake, type LakeConfig, type OpenedLake } from './open-lake.js';
import { serveAuthenticator, type ServeAuthOptions } from './auth.js';
import { LOG_FLAGS, logConfig, openLogger, type Logger } from './service-log.js';
import { HIDDEN_ZUI_FLAGS, ZUI_FLAGS, watchBrimFd, writePortFile } from './zui-launch.js';
import { MANAGE_FLAG, serveLakeLocation, startManaging } from './serve-extras.js';

export interface ServerOptions {
  /** Lake folder (created when missing), or s3://bucket/prefix. */
  readonly lake: string;
  /** Metastore URL (see LakeConfig.meta); required for an S3 lake. */
  readonly meta?: string;
  /** `[host]:port`; port 0 picks a free one. */
  readonly listen?: string;
  readonly apiVersion?: ApiRevision;
  readonly defaultFormat?: string;
  readonly corsOrigins?: readonly string[];
  /** Host names served besides loopback names and the listen address (-host.allow). */
  readonly hostAllow?: readonly string[];
  /** Hosts a query's `get URL` may reach (-query.get.allow); none: every `get` is refused. */
  readonly getAllow?: readonly string[];
  /** Longest wait for a `get` response's headers or its next chunk (default 30 s). */
  readonly getTimeoutMs?: number;
  readonly bodyLimit?: number;
  readonly loadLimit?: number;
  readonly rootContent?: string;
  readonly queryStatusTtlMs?: number;
  readonly log?: ServiceDeps['log'];
  /** Cache metadata reads (checked with the metastore's version probe) and small immutable blobs (default true). */
  readonly cache?: boolean;
  /** Most query workers at once; 0 runs queries on the main thread, yielding between batches (default: see defaultQueryWorkers). */
  readonly queryWorkers?: number;
  /** Bytes one query may hold (default 1 GiB). */
  readonly queryMemory?: number;
  /** Wall time one query may run, in ms (default none; the CLI's default is 5 minutes). */
  readonly queryTimeoutMs?: number;
  /** Zed's auth mode and/or API tokens (default: no authentication). */
  readonly auth?: ServeAuthOptions;
}

/** Four heavy queries and the small ones beside them, on any machine. */
export function defaultQueryWorkers(): number {
  return Math.max(8, cpus().length * 2);
}

export interface RunningServer {
  /** `http://host:port` */
  readonly url: string;
  readonly port: number;
  readonly service: ZedService;
  readonly opened: OpenedLake;
  readonly server: Server;
  close(): Promise<void>;
}

/** `[addr]:port` as Go's net.Listen takes it: `:9867`, `localhost:9867`, `[::1]:80`. */
export function parseListen(addr: string): { host: string | undefined; port: number } {
  const m = /^(?:\[([^\]]*)\]|([^:]*)):(\d+)$/.exec(addr);
  if (m === null) throw new FlagError(`invalid listen address "${addr}": want [host]:port`);
  const host = m[1] ?? m[2] ?? '';
  const port = Number(m[3]);
  if (port > 65535) throw new FlagError(`invalid listen address "${addr}": bad port`);
  return { host: host === '' ? undefined : host, port };
}

/**
 * Value bytes one load holds in the server before it writes a data object
 * (the library default is 64 MiB). A 1 GiB NDJSON load then peaked at
 * 239-276 MiB RSS over nine runs (279-286 at 32 MiB): about 100 MiB is the
 * process at rest (Arrow and parquet-wasm among it), the rest mostly
 * garbage ArrayBuffers and V8's young generation between collections. The
 * cost: smaller objects, so a large load writes more of them to merge.
 */
export const SERVER_LOAD_MEMORY_LIMIT = 16 << 20;

/**
 * The request header bytes the server reads, as Go's http.Server does
 * (DefaultMaxHeaderBytes, 1 MiB, plus its 4096 bytes of slack): a long
 * Authorization header then reaches the service and gets Zed's 401.
 */
export const MAX_HEADER_BYTES = (1 << 20) + 4096;

/**
 * Loads at once, each in a worker; more wait, their bodies unread. Loads
 * write objects and commit, so past the cores they mostly wait on the disk.
 */
export const LOAD_WORKERS = 8;

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const { host, port } = parseListen(opts.listen ?? 'localhost:9867');
  // Parquet loads and results need the engine's WebAssembly module (loaded on first use).
  useLocalParquetWasm();
  const lakeConfig: LakeConfig = {
    lake: opts.lake,
    ...(opts.meta !== undefined ? { meta: opts.meta } : {}),
    cache: opts.cache !== false,
    // A server takes many loads at once: each holds at most this much before it writes an object.
    loadMemoryLimit: SERVER_LOAD_MEMORY_LIMIT,
  };
  const opened = await openLake(lakeConfig);
  const lake = opened.lake;
  // Workers open the same lake; the main thread alone relays events between servers.
  const workerLake: LakeConfig = { ...lakeConfig, relay: false };
  const spill = new DiskSpillStore();
  const memoryLimit = opts.queryMemory ?? DEFAULT_QUERY_MEMORY_LIMIT;
  const workers = opts.queryWorkers ?? defaultQueryWorkers();
  const pool =
    workers > 0
      ? new QueryPool({
          lake: workerLake,
          maxWorkers: workers,
          memoryLimit,
          getAllow: opts.getAllow ?? [],
          ...(opts.getTimeoutMs !== undefined ? { getTimeoutMs: opts.getTimeoutMs } : {}),
          ...(opts.queryTimeoutMs !== undefined ? { timeoutMs: opts.queryTimeoutMs } : {}),
          ...(opts.log !== undefined ? { log: opts.log } : {}),
        })
      : undefined;
  // Loads run in workers of a small heap too, when queries do.
  const loads = workers > 0 ? new LoadPool({ lake: workerLake, maxWorkers: LOAD_WORKERS, ...(opts.log !== undefined ? { log: opts.log } : {}) }) : undefined;
  let service: ZedService;
  try {
    const auth = opts.auth === undefined ? undefined : await serveAuthenticator(opts.auth, opened.tokens, monotonicClock());
    service = createApp({
      ...(auth !== undefined ? { auth } : {}),
      allowedHosts: servedHosts(host, opts.hostAllow ?? []),
      outbound: nodeOutbound(opts.getAllow ?? [], opts.getTimeoutMs),
      lake,
      spillStore: spill,
      queryMemoryLimit: memoryLimit,
      ...(pool !== undefined ? { queries: pool } : {}),
      ...(loads !== undefined ? { loads } : {}),
      ...(opts.queryTimeoutMs !== undefined ? { queryTimeoutMs: opts.queryTimeoutMs } : {}),
      ...(opts.apiVersion !== undefined ? { apiVersion: opts.apiVersion } : {}),
      ...(opts.defaultFormat !== undefined ? { defaultFormat: opts.defaultFormat } : {}),
      ...(opts.corsOrigins !== undefined ? { corsOrigins: opts.corsOrigins } : {}),
      ...(opts.bodyLimit !== undefined ? { bodyLimit: opts.bodyLimit } : {}),
      ...(opts.loadLimit !== undefined ? { loadLimit: opts.loadLimit } : {}),
      ...(opts.rootContent !== undefined ? { rootContent: opts.rootContent } : {}),
      ...(opts.queryStatusTtlMs !== undefined ? { queryStatusTtlMs: opts.queryStatusTtlMs } : {}),
      ...(opts.log !== undefined ? { log: opts.log } : {}),
      ...(opened.relay !== null ? { relay: opened.relay } : {}),
    });
  } catch (e) {
    await pool?.close();
    await loads?.close();
    await opened.close();
    throw e;
  }
  const server = await new Promise<Server>((ok, fail) => {
    // A load reads its body straight from Node's request stream (see ZedService.fetch).
    const s = serve(
      {
        fetch: (req, env) => ('incoming' in env ? service.fetch(req, env.incoming.url, env.incoming) : service.fetch(req)),
        port,
        ...(host !== undefined ? { hostname: host } : {}),
        serverOptions: { maxHeaderSize: MAX_HEADER_BYTES },
      },
      () => ok(s as Server),
    ) as Server;
    s.once('error', fail);
  });
  // Node ends a request that takes over 5 minutes in all (408); a big load
  // on a slow link takes longer, and Zed sets no such limit. Headers still
  // have to arrive within Node's headersTimeout (60 s).
  server.requestTimeout = 0;
  const addr = server.address() as AddressInfo;
  const shown = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  let closed = false;
  return {
    url: `http://${shown}:${addr.port}`,
    port: addr.port,
    service,
    opened,
    server,
    async close() {
      if (closed) return;
      closed = true;
      service.close();
      await pool?.close();
      await loads?.close();
      await new Promise<void>((ok) => {
        server.close(() => ok());
        // Event streams never end on their own: cut what is left.
        server.closeAllConnections();
      });
      await spill.close();
      await opened.close();
    },
  };
}

const specs: readonly FlagSpec[] = [
  { kind: 'string', name: 'l', usage: '[addr]:port to listen on', default: 'localhost:9867' },
  { kind: 'string', name: 'lake', usage: 'lake folder, created if missing, or s3://bucket/prefix (env ZED_LAKE) (default ".lake")' },
  { kind: 'string', name: 'meta', usage: 'metastore URL: postgres://…, libsql://…, http(s)://… or file:… (default <lake>/meta.db)' },
  { kind: 'string', name: 'defaultfmt', usage: 'default response format', default: 'zson' },
  { kind: 'list', name: 'cors.origin', usage: "CORS allowed origin (may be repeated); none allows no foreign origin, '*' every one (Zed's default)" },
  { kind: 'list', name: 'query.get.allow', usage: "host a query's get URL may reach: name, name:port, *.domain or '*'; loopback and private addresses only when named (may be repeated)" },
  { kind: 'list', name: 'host.allow', usage: "Host name served besides localhost and the listen address: name, name:port, *.domain or '*' (may be repeated)" },
  { kind: 'string', name: 'api-version', usage: 'API revision to serve: 1.2.0, 1.6.0, 1.8.0 or latest (1.18.0)', default: 'latest' },
  { kind: 'string', name: 'rootcontentfile', usage: 'file to serve for GET /' },
  { kind: 'int', name: 'body.limit', usage: 'largest request body of the JSON/ZSON routes, in bytes', default: 16 << 20 },
  { kind: 'int', name: 'load.limit', usage: 'largest load body in bytes (0 for no limit)', default: 0 },
  { kind: 'int', name: 'query.workers', usage: 'most queries run at once, each in a worker thread (0 runs them on the main thread)', default: defaultQueryWorkers() },
  { kind: 'string', name: 'query.memory', usage: 'memory one query may hold, in MiB, MB, etc.', default: '1GiB', check: byteSizeCheck },
  { kind: 'string', name: 'query.timeout', usage: 'time one query may run, e.g. 30s or 5m (0 for no limit)', default: '5m', check: durationCheck },
  { kind: 'bool', name: 'auth.enabled', usage: 'enable authentication checks' },
  { kind: 'string', name: 'auth.audience', usage: 'Auth0 audience for API clients (will be publicly accessible)', default: '' },
  { kind: 'string', name: 'auth.clientid', usage: 'Auth0 client ID for API clients (will be publicly accessible)', default: '' },
  { kind: 'string', name: 'auth.domain', usage: 'Auth0 domain (as a URL) for API clients (will be publicly accessible)', default: '' },
  { kind: 'string', name: 'auth.jwkspath', usage: 'path to JSON Web Key Set file', default: '' },
  { kind: 'bool', name: 'auth.tokens', usage: "accept zlake's API tokens (zlake token create), alone or beside -auth.enabled" },
  // Zed's logging flags, -manage, and the hidden flags Zui starts its lake with.
  ...LOG_FLAGS,
  MANAGE_FLAG,
  ...ZUI_FLAGS,
];

function durationCheck(value: string): string | null {
  return value === '0' || (parseDuration(value) ?? -1n) >= 0n ? null : 'want a duration such as 30s or 5m';
}

function durationMs(value: string): number {
  return value === '0' ? 0 : Number((parseDuration(value) ?? 0n) / 1_000_000n);
}

export const serveUsage = `usage: zlake serve [options]

Serves the Zed lake API over HTTP on a lake: a folder (data objects in
<lake>/data, metadata in the libSQL file <lake>/meta.db), or S3 with a
shared metastore (-lake s3://bucket/prefix -meta postgres://…), which
several servers may serve at once.

Options:
${usage(specs.filter((f) => !HIDDEN_ZUI_FLAGS.includes(f.name)))}
`;

/** Runs `zlake serve`; resolves when the server stops (SIGINT or SIGTERM). */
export async function runServe(argv: readonly string[]): Promise<number> {
  let flags;
  try {
    ({ flags } = parseFlags(specs, argv));
  } catch (e) {
    if (e instanceof FlagError) {
      // Go's flag package, then charm's "at flag" line.
      process.stderr.write(`${e.message}\nat flag: ${JSON.stringify(argv.join(' '))}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  let lakeDir: string;
  let logger: Logger;
  try {
    lakeDir = serveLakeLocation(flags.get('lake') as string | undefined, process.env);
    logger = openLogger(logConfig(flags));
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const log: ServiceDeps['log'] = (lvl, msg, fields) => logger.log(lvl, msg, fields);
  const rootFile = flags.get('rootcontentfile') as string | undefined;
  const loadLimit = flags.get('load.limit') as number;
  const meta = flags.get('meta') as string | undefined;
  let running: RunningServer;
  try {
    running = await startServer({
      lake: lakeDir,
      ...(meta !== undefined ? { meta } : {}),
      listen: flags.get('l') as string,
      apiVersion: parseRevisionOrThrow(flags.get('api-version') as string),
      defaultFormat: flags.get('defaultfmt') as string,
      corsOrigins: flags.get('cors.origin') as string[],
      hostAllow: flags.get('host.allow') as string[],
      getAllow: flags.get('query.get.allow') as string[],
      bodyLimit: flags.get('body.limit') as number,
      ...(loadLimit > 0 ? { loadLimit } : {}),
      queryWorkers: flags.get('query.workers') as number,
      queryMemory: parseByteSize(flags.get('query.memory') as string)!,
      ...(durationMs(flags.get('query.timeout') as string) > 0 ? { queryTimeoutMs: durationMs(flags.get('query.timeout') as string) } : {}),
      ...(rootFile !== undefined ? { rootContent: readFileSync(rootFile, 'utf8') } : {}),
      auth: {
        ...(flags.get('auth.enabled') === true
          ? {
              zed: {
                audience: flags.get('auth.audience') as string,
                clientId: flags.get('auth.clientid') as string,
                domain: flags.get('auth.domain') as string,
                jwksPath: flags.get('auth.jwkspath') as string,
              },
            }
          : {}),
        tokens: flags.get('auth.tokens') === true,
      },
      log,
    });
  } catch (e) {
    process.stderr.write(`zlake serve: ${e instanceof Error ? e.message : String(e)}\n`);
    logger.close();
    return 1;
  }
  const rev = parseRevisionOrThrow(flags.get('api-version') as string);
  process.stdout.write(`zlake serve: listening on ${running.url} (API ${rev})\n`);
  process.stdout.write(`zlake serve: ${running.opened.description}\n`);
  const extras: (() => void)[] = [];
  await new Promise<void>((ok) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      for (const end of extras) end();
      void running.close().then(ok, ok);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // Zui's pipe: the server ends when Zui does (Zed's watchBrimFd).
    const brimfd = flags.get('brimfd') as number;
    if (brimfd !== -1) {
      logger.log('info', 'Listening to Zui process pipe', { fd: `brimfd` });
      extras.push(watchBrimFd(brimfd, (why) => {
        logger.log('info', why);
        stop();
      }));
    }
    const manager = startManaging(running, flags.get('manage') as string, logger.named('manage'));
    if (manager !== null) extras.push(manager);
    const portFile = flags.get('portfile') as string;
    if (portFile !== '') {
      try {
        writePortFile(portFile, running.port);
      } catch (e) {
        process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
        stop();
      }
    }
  });
  logger.close();
  return 0;
}
