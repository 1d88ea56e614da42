// The `zlake` command: dispatches to zq, serve and the lake commands. Each
// is imported only when named, so a command loads only its own modules (and
// in the build, its own bundle: scripts/bundle-node.mjs).

import { isLakeCommandLine, lakeCommandsHelp } from './lake-cli/names.js';

const HELP = `usage: zlake <command> [options] [arguments]

Commands:
  zq      process data with Zed queries (zq's flags and arguments)
  serve   serve the lake API over HTTP (zed serve's flags, --api-version)
  help    show this help

Lake commands (Zed's "zed" command; "zlake <command> -h" for each):
${lakeCommandsHelp}

Run "zlake zq -h" for zq's options.
`;

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'zq': {
      const { runZq, zqUsage } = await import('./zq.js');
      if (rest[0] === '-h' || rest[0] === '--help' || rest[0] === '-help') {
        process.stdout.write(zqUsage);
        return 0;
      }
      return runZq(rest);
    }
    case 'serve': {
      const { runServe, serveUsage } = await import('./serve.js');
      if (rest[0] === '-h' || rest[0] === '--help' || rest[0] === '-help') {
        process.stdout.write(serveUsage);
        return 0;
      }
      return runServe(rest);
    }
    case undefined:
    case 'help':
    case '-h':
    case '--help':
      process.stdout.write(HELP);
      return cmd === undefined ? 2 : 0;
    default:
      if (isLakeCommandLine(argv)) return (await import('./lake-cli/index.js')).runLakeCli(argv);
      process.stderr.write(`zlake: unknown command "${cmd}"\n${HELP}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`zlake: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
