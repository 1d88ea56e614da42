// `deno task serve [flags]`: zlake serve on Deno's own HTTP server
// (Deno.serve), with the flags, the lake, the worker threads of its queries
// and loads, and the Web-standard app of `zlake serve` on Node
// (adapters/node/lake-service.ts and serve-flags.ts). Prints the same lines;
// stops on SIGINT or SIGTERM.

import { FlagError } from '../node/flags.js';
import { startLakeService } from '../node/lake-service.js';
import { listenUrl, parseServeFlags, serveBanner, serveLog, serveOptions, serveRevision, serveUsage } from '../node/serve-flags.js';

const USAGE = serveUsage('deno task serve');
const encoder = new TextEncoder();
const write = (out: { writeSync(b: Uint8Array): number }, text: string) => {
  const b = encoder.encode(text);
  for (let off = 0; off < b.length; ) off += out.writeSync(b.subarray(off));
};

async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === '-h' || argv[0] === '-help' || argv[0] === '--help') {
    write(Deno.stdout, USAGE);
    return 0;
  }
  let flags;
  try {
    flags = parseServeFlags(argv);
  } catch (e) {
    if (!(e instanceof FlagError)) throw e;
    write(Deno.stderr, `${e.message}\n${USAGE}`);
    return 2;
  }
  const log = serveLog(flags, (line) => write(Deno.stderr, line));
  let lake;
  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    lake = await startLakeService(serveOptions(flags, (path) => Deno.readTextFileSync(path), log));
    const service = lake.service;
    // Deno.serve binds before it returns (and throws when it cannot).
    server = Deno.serve(
      {
        // As Go (and Node) listen with no host: every interface, IPv6 and IPv4.
        hostname: lake.host ?? '::',
        port: lake.port,
        // (Instead of Deno's own "Listening on" line: the banner below.)
        onListen: () => {},
        onError: (e) => {
          log('error', 'request failed', { error: e instanceof Error ? e.message : String(e) });
          return new Response(null, { status: 500 });
        },
      },
      (req) => service.fetch(req),
    );
  } catch (e) {
    await lake?.close();
    write(Deno.stderr, `${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  write(Deno.stdout, serveBanner(listenUrl(server.addr), serveRevision(flags), lake.opened.description));
  await new Promise<void>((ok) => {
    const stop = () => {
      Deno.removeSignalListener('SIGINT', stop);
      Deno.removeSignalListener('SIGTERM', stop);
      ok();
    };
    Deno.addSignalListener('SIGINT', stop);
    Deno.addSignalListener('SIGTERM', stop);
  });
  // Event streams never end on their own: the lake closes first, then the
  // server gets a moment to finish what is in flight.
  await lake.close();
  await Promise.race([server.shutdown(), new Promise((ok) => setTimeout(ok, 1000))]);
  return 0;
}

Deno.exit(await main(Deno.args));
