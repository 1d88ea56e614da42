// The `zlake` command: dispatches to zq and (as they land) serve and the lake commands.

import { runZq, zqUsage } from './zq.js';

const HELP = `usage: zlake <command> [options] [arguments]

Commands:
  zq      process data with Zed queries (zq's flags and arguments)
  help    show this help

Run "zlake zq -h" for zq's options.
`;

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'zq':
      if (rest[0] === '-h' || rest[0] === '--help' || rest[0] === '-help') {
        process.stdout.write(zqUsage);
        return 0;
      }
      return runZq(rest);
    case undefined:
    case 'help':
    case '-h':
    case '--help':
      process.stdout.write(HELP);
      return cmd === undefined ? 2 : 0;
    default:
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
