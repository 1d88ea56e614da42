// `zlake serve`: the lake service (lake-service.ts) on Node's HTTP server
// (@hono/node-server), by default over a local folder holding the data
// objects and a libSQL file. Takes the flags of Zed's `zed serve` plus
// zlake's (serve-flags.ts); prints where it listens and where the data
// lives. startServer() is the same thing as a function, for tests and benchmarks.

import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import type { ServiceDeps, ZedService } from '../../src/index.js';
import { FlagError, type FlagSpec } from './flags.js';
import { createGoHeaderServer } from './go-header-case.js';
import { startLakeService, type ServerOptions } from './lake-service.js';
import type { OpenedLake } from './open-lake.js';
import { parseServeFlags, serveBanner, serveFlagSpecs, serveLakeLocation, serveOptions, serveRevision, serveUsage as usageOf } from './serve-flags.js';
import { logConfig, openLogger, type Logger } from './service-log.js';
import { HIDDEN_ZUI_FLAGS, ZUI_FLAGS, watchBrimFd, writePortFile } from './zui-launch.js';
import { MANAGE_FLAG, startManaging } from './serve-extras.js';

export { defaultQueryWorkers, LOAD_WORKERS, parseListen, SERVER_LOAD_MEMORY_LIMIT, type ServerOptions } from './lake-service.js';

export interface RunningServer {
  /** `http://host:port` */
  readonly url: string;
  readonly port: number;
  readonly service: ZedService;
  readonly opened: OpenedLake;
  readonly server: Server;
  close(): Promise<void>;
}

/**
 * The request header bytes the server reads, as Go's http.Server does
 * (DefaultMaxHeaderBytes, 1 MiB, plus its 4096 bytes of slack): a long
 * Authorization header then reaches the service and gets Zed's 401.
 */
export const MAX_HEADER_BYTES = (1 << 20) + 4096;

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const lake = await startLakeService(opts);
  const { service, host, port } = lake;
  const server = await new Promise<Server>((ok, fail) => {
    // A load reads its body straight from Node's request stream (see ZedService.fetch).
    const s = serve(
      {
        fetch: (req, env) => ('incoming' in env ? service.fetch(req, env.incoming.url, env.incoming) : service.fetch(req)),
        port,
        ...(host !== undefined ? { hostname: host } : {}),
        serverOptions: { maxHeaderSize: MAX_HEADER_BYTES },
        // Header names as Go spells them (X-Request-Id, not x-request-id).
        createServer: createGoHeaderServer,
      },
      () => ok(s as Server),
    ) as Server;
    s.once('error', (e) => {
      void lake.close().finally(() => fail(e));
    });
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
    opened: lake.opened,
    server,
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((ok) => {
        server.close(() => ok());
        // Event streams never end on their own: cut what is left.
        server.closeAllConnections();
      });
      await lake.close();
    },
  };
}

/** The shared serve flags, plus -manage and the hidden flags Zui starts its lake with. */
const nodeServeFlagSpecs: readonly FlagSpec[] = [...serveFlagSpecs, MANAGE_FLAG, ...ZUI_FLAGS];

export const serveUsage = usageOf('zlake serve', nodeServeFlagSpecs, HIDDEN_ZUI_FLAGS);

/** Runs `zlake serve`; resolves when the server stops (SIGINT or SIGTERM). */
export async function runServe(argv: readonly string[]): Promise<number> {
  let flags;
  try {
    flags = parseServeFlags(argv, nodeServeFlagSpecs);
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
  let running: RunningServer;
  try {
    running = await startServer(serveOptions(flags, (path) => readFileSync(path, 'utf8'), log, lakeDir));
  } catch (e) {
    // The message alone, as zed serve prints it.
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    logger.close();
    return 1;
  }
  process.stdout.write(serveBanner(running.url, serveRevision(flags), running.opened.description));
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
      // Zed names the pipe's file "brimfd" (os.NewFile) and logs that name.
      logger.log('info', 'Listening to Zui process pipe', { fd: 'brimfd' });
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
