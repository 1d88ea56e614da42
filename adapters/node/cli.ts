// The `zlake` command: dispatches to zq, serve and the lake commands (Zed's
// `zed`). Each is imported only when named, so a command loads only its own
// modules (and in the build, its own bundle: scripts/bundle-node.mjs).

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
    default: {
      // A plain `ls` on a folder lake has a quick path of its own (quick-ls.ts).
      if (argv.includes('ls')) {
        const code = await (await import('./lake-cli/quick-ls.js')).quickLs(argv, process.env);
        if (code !== null) return code;
      }
      // Everything else is Zed's `zed` command line: its help, -version,
      // lake-wide flags, the lake commands, and Zed's text for an unknown one.
      return (await import('./lake-cli/index.js')).runLakeCli(argv);
    }
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
