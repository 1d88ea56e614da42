// `bun run serve:bun [flags]`: zlake serve on Bun's own HTTP server
// (Bun.serve), with the flags, the lake, the worker threads of its queries
// and loads, and the Web-standard app of `zlake serve` on Node
// (adapters/node/lake-service.ts and serve-flags.ts). Prints the same lines;
// stops on SIGINT or SIGTERM.

import { readFileSync } from 'node:fs';
import { FlagError } from '../node/flags.js';
import { startLakeService, type LakeService } from '../node/lake-service.js';
import { listenUrl, parseServeFlags, serveBanner, serveLog, serveOptions, serveRevision, serveUsage } from '../node/serve-flags.js';

const USAGE = serveUsage('bun run serve:bun');

async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === '-h' || argv[0] === '-help' || argv[0] === '--help') {
    process.stdout.write(USAGE);
    return 0;
  }
  let flags;
  try {
    flags = parseServeFlags(argv);
  } catch (e) {
    if (!(e instanceof FlagError)) throw e;
    process.stderr.write(`${e.message}\n${USAGE}`);
    return 2;
  }
  const log = serveLog(flags, (line) => process.stderr.write(line));
  let lake: LakeService | undefined;
  let server: Bun.Server;
  try {
    lake = await startLakeService(serveOptions(flags, (path) => readFileSync(path, 'utf8'), log));
    const service = lake.service;
    server = Bun.serve({
      // As Go (and Node) listen with no host: every interface, IPv6 and IPv4.
      hostname: lake.host ?? '::',
      port: lake.port,
      // Long queries and /events streams may be quiet for longer than Bun's 10 s default.
      idleTimeout: 0,
      // Loads may be larger than Bun's 128 MiB default; -load.limit is the service's to apply.
      maxRequestBodySize: Number.MAX_SAFE_INTEGER,
      development: false,
      fetch: (req) => service.fetch(req),
      error: (e) => {
        log('error', 'request failed', { error: e.message });
        return new Response(null, { status: 500 });
      },
    });
  } catch (e) {
    await lake?.close();
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  process.stdout.write(serveBanner(listenUrl(server), serveRevision(flags), lake.opened.description));
  await new Promise<void>((ok) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      ok();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  // Event streams never end on their own: cut the connections open now.
  await server.stop(true);
  await lake.close();
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
