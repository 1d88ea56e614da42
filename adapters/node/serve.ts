// `zlake serve`: the lake service on Node (@hono/node-server) over the
// embedded default lake, a local folder holding the data objects and a libSQL
// file. Takes the flags of Zed's `zed serve` plus --api-version; prints where
// it listens and where the data lives. startServer() is the same thing as a
// function, for tests and benchmarks.

import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp, parseRevisionOrThrow, type ApiRevision, type ServiceDeps, type ZedService } from '../../src/index.js';
import { DiskSpillStore } from '../local/spill-store.js';
import { FlagError, parseFlags, usage, type FlagSpec } from './flags.js';
import { openLake, type OpenedLake } from './open-lake.js';
import { useLocalParquetWasm } from '../local/parquet-wasm.js';

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
  readonly bodyLimit?: number;
  readonly loadLimit?: number;
  readonly rootContent?: string;
  readonly queryStatusTtlMs?: number;
  readonly log?: ServiceDeps['log'];
  /** Cache metadata reads (checked with the metastore's version probe) and small immutable blobs (default true). */
  readonly cache?: boolean;
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

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  // Parquet loads and results need the engine's WebAssembly module (loaded on first use).
  useLocalParquetWasm();
  const opened = await openLake({
    lake: opts.lake,
    ...(opts.meta !== undefined ? { meta: opts.meta } : {}),
    cache: opts.cache !== false,
    // A server takes many loads at once: each holds at most this much before it writes an object.
    loadMemoryLimit: SERVER_LOAD_MEMORY_LIMIT,
  });
  const lake = opened.lake;
  const spill = new DiskSpillStore();
  let service: ZedService;
  try {
    service = createApp({
      lake,
      spillStore: spill,
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
    await opened.close();
    throw e;
  }
  const { host, port } = parseListen(opts.listen ?? 'localhost:9867');
  const server = await new Promise<Server>((ok, fail) => {
    // A load reads its body straight from Node's request stream (see ZedService.fetch).
    const s = serve({ fetch: (req, env) => ('incoming' in env ? service.fetch(req, env.incoming.url, env.incoming) : service.fetch(req)), port, ...(host !== undefined ? { hostname: host } : {}) }, () => ok(s as Server)) as Server;
    s.once('error', fail);
  });
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
  { kind: 'string', name: 'lake', usage: 'lake folder (created if missing) or s3://bucket/prefix', default: '.lake' },
  { kind: 'string', name: 'meta', usage: 'metastore URL: postgres://…, libsql://…, http(s)://… or file:… (default <lake>/meta.db)' },
  { kind: 'string', name: 'defaultfmt', usage: 'default response format', default: 'zson' },
  { kind: 'list', name: 'cors.origin', usage: 'CORS allowed origin (may be repeated)' },
  { kind: 'string', name: 'api-version', usage: 'API revision to serve: 1.2.0, 1.6.0, 1.8.0 or latest (1.18.0)', default: 'latest' },
  { kind: 'string', name: 'rootcontentfile', usage: 'file to serve for GET /' },
  { kind: 'int', name: 'body.limit', usage: 'largest request body of the JSON/ZSON routes, in bytes', default: 16 << 20 },
  { kind: 'int', name: 'load.limit', usage: 'largest load body in bytes (0 for no limit)', default: 0 },
  { kind: 'string', name: 'log.level', usage: 'logging level: info, warn or error', default: 'info' },
];

export const serveUsage = `usage: zlake serve [options]

Serves the Zed lake API over HTTP on a lake: a folder (data objects in
<lake>/data, metadata in the libSQL file <lake>/meta.db), or S3 with a
shared metastore (-lake s3://bucket/prefix -meta postgres://…), which
several servers may serve at once.

Options:
${usage(specs)}
`;

const LEVELS = { info: 0, warn: 1, error: 2 } as const;

/** Runs `zlake serve`; resolves when the server stops (SIGINT or SIGTERM). */
export async function runServe(argv: readonly string[]): Promise<number> {
  let flags;
  try {
    ({ flags } = parseFlags(specs, argv));
  } catch (e) {
    if (e instanceof FlagError) {
      process.stderr.write(`${e.message}\n${serveUsage}`);
      return 2;
    }
    throw e;
  }
  const level = LEVELS[(flags.get('log.level') as string) as keyof typeof LEVELS] ?? 0;
  const log: ServiceDeps['log'] = (lvl, msg, fields) => {
    if (LEVELS[lvl] < level) return;
    process.stderr.write(`${JSON.stringify({ level: lvl, ts: new Date().toISOString(), msg, ...fields })}\n`);
  };
  const rootFile = flags.get('rootcontentfile') as string | undefined;
  const loadLimit = flags.get('load.limit') as number;
  const meta = flags.get('meta') as string | undefined;
  let running: RunningServer;
  try {
    running = await startServer({
      lake: flags.get('lake') as string,
      ...(meta !== undefined ? { meta } : {}),
      listen: flags.get('l') as string,
      apiVersion: parseRevisionOrThrow(flags.get('api-version') as string),
      defaultFormat: flags.get('defaultfmt') as string,
      corsOrigins: flags.get('cors.origin') as string[],
      bodyLimit: flags.get('body.limit') as number,
      ...(loadLimit > 0 ? { loadLimit } : {}),
      ...(rootFile !== undefined ? { rootContent: readFileSync(rootFile, 'utf8') } : {}),
      log,
    });
  } catch (e) {
    process.stderr.write(`zlake serve: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const rev = parseRevisionOrThrow(flags.get('api-version') as string);
  process.stdout.write(`zlake serve: listening on ${running.url} (API ${rev})\n`);
  process.stdout.write(`zlake serve: ${running.opened.description}\n`);
  await new Promise<void>((ok) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void running.close().then(ok, ok);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return 0;
}
