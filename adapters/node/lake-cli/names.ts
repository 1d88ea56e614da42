// The lake command names and one-line summaries, kept apart from the
// commands themselves so `zlake` can list and recognise them without
// loading the lake (libSQL, the engine) for `zlake zq`.

export const LAKE_COMMANDS: readonly (readonly [string, string])[] = [
  ['auth', 'authentication and authorization commands'],
  ['branch', 'create a new branch'],
  ['create', 'create a new data pool'],
  ['delete', 'delete data objects from a pool branch'],
  ['drop', 'delete a data pool from a lake'],
  ['init', 'create and initialize a new, empty lake'],
  ['load', 'add and commit data to a branch'],
  ['log', 'display the commit log history starting at any commit'],
  ['ls', 'list pools in a lake or branches in a pool'],
  ['merge', 'merge current branch into another'],
  ['query', 'run a Zed query on a Zed data lake'],
  ['rename', 'rename a data pool'],
  ['revert', 'revert reverses an old commit'],
  ['token', 'manage API tokens with pool scopes (zlake only)'],
  ['use', 'use a branch or print current branch and lake'],
  ['vacuum', 'clear space by removing unreferenced objects'],
];

export function isLakeCommand(name: string): boolean {
  return LAKE_COMMANDS.some(([n]) => n === name);
}

/** True when argv is a lake command line: a lake command, or lake-wide flags first (-version among them, as in Zed's `zed -version`). */
export function isLakeCommandLine(argv: readonly string[]): boolean {
  const first = argv[0];
  return first !== undefined && (isLakeCommand(first) || /^--?(lake|q|configdir|version)(=|$)/.test(first));
}

export const lakeCommandsHelp = LAKE_COMMANDS.map(([name, short]) => `  ${name.padEnd(8)}${short}`).join('\n');
