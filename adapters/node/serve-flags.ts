// The flags of `zlake serve` (Zed's `zed serve` flags plus zlake's own) and
// what they make: the server's options, its log and the lines it prints at
// start. One table for every runtime's entry: `zlake serve` on Node
// (serve.ts), `deno task serve` (adapters/deno) and `bun run serve:bun`
// (adapters/bun) take the same flags and say the same things. The Node
// server adds -manage and the flags Zui starts its lake with (nodeServeFlagSpecs).

import { parseDuration, parseRevisionOrThrow, type ApiRevision, type ServiceDeps } from '../../src/index.js';
import { byteSizeCheck, parseByteSize, parseFlags, usage, type FlagSpec, type FlagValues } from './flags.js';
import { defaultQueryWorkers, type ServerOptions } from './lake-service.js';
import { LOG_FLAGS, parseLogLevel } from './service-log.js';

export const serveFlagSpecs: readonly FlagSpec[] = [
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
  // Zed's logging flags.
  ...LOG_FLAGS,
];

/** zlake's lake when neither -lake nor $ZED_LAKE names one. */
export const DEFAULT_SERVE_LAKE = '.lake';

/** The lake to serve (-lake, else $ZED_LAKE): Zed's errors for an empty location and for a service URL. */
export function serveLakeLocation(flag: string | undefined, env: Readonly<Record<string, string | undefined>>): string {
  const given = flag ?? env['ZED_LAKE'];
  if (given === undefined) return DEFAULT_SERVE_LAKE;
  const lake = given.replace(/\/+$/, '');
  if (lake === '') throw new Error('lake location must be set (either with the -lake flag or ZED_LAKE environment variable)');
  if (/^https?:\/\//i.test(lake)) throw new Error('serve command available for local lakes only');
  return lake;
}

function durationCheck(value: string): string | null {
  return value === '0' || (parseDuration(value) ?? -1n) >= 0n ? null : 'want a duration such as 30s or 5m';
}

function durationMs(value: string): number {
  return value === '0' ? 0 : Number((parseDuration(value) ?? 0n) / 1_000_000n);
}

/** The usage text of `command` (`zlake serve`, `deno task serve`, ...): these flags, less the hidden ones. */
export function serveUsage(command = 'zlake serve', specs: readonly FlagSpec[] = serveFlagSpecs, hidden: readonly string[] = []): string {
  return `usage: ${command} [options]

Serves the Zed lake API over HTTP on a lake: a folder (data objects in
<lake>/data, metadata in the libSQL file <lake>/meta.db), or S3 with a
shared metastore (-lake s3://bucket/prefix -meta postgres://…), which
several servers may serve at once.

Options:
${usage(specs.filter((f) => !hidden.includes(f.name)))}
`;
}

/** The flags of `argv` (FlagError when one is bad). */
export function parseServeFlags(argv: readonly string[], specs: readonly FlagSpec[] = serveFlagSpecs): FlagValues {
  return parseFlags(specs, argv).flags;
}

const LEVELS = ['debug', 'info', 'warn', 'error', 'dpanic', 'panic', 'fatal'];

/**
 * The server's log: JSON lines from -log.level up, each handed to `write`
 * (the Deno and Bun servers; Node's follows -log.path too, service-log.ts).
 */
export function serveLog(flags: FlagValues, write: (line: string) => void): NonNullable<ServiceDeps['log']> {
  const level = LEVELS.indexOf(parseLogLevel((flags.get('log.level') as string | undefined) ?? 'info') ?? 'info');
  return (lvl, msg, fields) => {
    if (LEVELS.indexOf(lvl) < level) return;
    write(`${JSON.stringify({ level: lvl, ts: new Date().toISOString(), msg, ...fields })}\n`);
  };
}

/** The API revision the flags serve. */
export function serveRevision(flags: FlagValues): ApiRevision {
  return parseRevisionOrThrow(flags.get('api-version') as string);
}

/**
 * The server's options from its flags; `readText` reads -rootcontentfile
 * (its errors are the caller's); `lake` overrides the -lake flag's location
 * (as serveLakeLocation resolves it with the environment).
 */
export function serveOptions(flags: FlagValues, readText: (path: string) => string, log: ServiceDeps['log'], lake?: string): ServerOptions {
  const rootFile = flags.get('rootcontentfile') as string | undefined;
  const loadLimit = flags.get('load.limit') as number;
  const meta = flags.get('meta') as string | undefined;
  const timeout = durationMs(flags.get('query.timeout') as string);
  return {
    lake: lake ?? serveLakeLocation(flags.get('lake') as string | undefined, {}),
    ...(meta !== undefined ? { meta } : {}),
    listen: flags.get('l') as string,
    apiVersion: serveRevision(flags),
    defaultFormat: flags.get('defaultfmt') as string,
    corsOrigins: flags.get('cors.origin') as string[],
    hostAllow: flags.get('host.allow') as string[],
    getAllow: flags.get('query.get.allow') as string[],
    bodyLimit: flags.get('body.limit') as number,
    ...(loadLimit > 0 ? { loadLimit } : {}),
    queryWorkers: flags.get('query.workers') as number,
    queryMemory: parseByteSize(flags.get('query.memory') as string)!,
    ...(timeout > 0 ? { queryTimeoutMs: timeout } : {}),
    ...(rootFile !== undefined ? { rootContent: readText(rootFile) } : {}),
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
    ...(log !== undefined ? { log } : {}),
  };
}

/** What a server prints on stdout once it listens (tests and scripts read the URL from it). */
export function serveBanner(url: string, revision: ApiRevision, description: string): string {
  return `zlake serve: listening on ${url} (API ${revision})\nzlake serve: ${description}\n`;
}

/** The URL of a listening address: `http://127.0.0.1:9867`, `http://[::1]:9867`. */
export function listenUrl(addr: { readonly hostname: string; readonly port: number }): string {
  const host = addr.hostname.includes(':') ? `[${addr.hostname}]` : addr.hostname;
  return `http://${host}:${addr.port}`;
}
