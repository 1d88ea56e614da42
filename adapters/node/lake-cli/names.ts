// The command names and one-line summaries of `zlake` (Zed's `zed`), kept
// apart from the commands themselves so help can list them.

export const LAKE_COMMANDS: readonly (readonly [string, string])[] = [
  ['auth', 'authentication and authorization commands'],
  ['branch', 'create a new branch'],
  ['compact', 'compact data objects on a pool branch'],
  ['create', 'create a new data pool'],
  ['delete', 'delete data objects from a pool branch'],
  ['drop', 'delete a data pool from a lake'],
  ['init', 'create and initialize a new, empty lake'],
  ['load', 'add and commit data to a branch'],
  ['log', 'display the commit log history starting at any commit'],
  ['ls', 'list pools in a lake or branches in a pool'],
  ['manage', 'run compaction and other maintenance tasks on a lake'],
  ['merge', 'merge current branch into another'],
  ['query', 'run a Zed query on a Zed data lake'],
  ['rename', 'rename a data pool'],
  ['revert', 'revert reverses an old commit'],
  ['serve', 'service requests to a Zed lake'],
  ['token', 'manage API tokens with pool scopes (zlake only)'],
  ['use', 'use a branch or print current branch and lake'],
  ['vacate', 'compact a pool\'s commit history by squashing old commit objects'],
  ['vacuum', 'clear space by removing unreferenced objects'],
  ['vector', 'create and delete vectorized versions of lake data'],
  ['zq', 'process data with Zed queries (zq\'s flags and arguments)'],
];

/** The sub-commands an unknown one is told about: Zed's, in its order, then zlake's own. */
export const SUBCOMMAND_NAMES: readonly string[] = [
  ...['auth', 'branch', 'compact', 'create', 'delete', 'drop', 'init', 'load', 'log', 'ls', 'manage', 'merge', 'query', 'rename', 'revert', 'serve', 'use', 'vacate', 'vacuum', 'vector'],
  ...['token', 'zq'],
];

export const lakeCommandsHelp = LAKE_COMMANDS.map(([name, short]) => `    ${name} - ${short}`).join('\n');
