// The lake commands of `zlake` (Zed's `zed` command): finds the command,
// parses its flags over the lake-wide ones (which may also come before the
// command name), runs it, and prints failures as Zed does, exiting 1.

import { ZedError } from '../../../src/index.js';
import { FlagError, usage, type FlagSpec, type FlagValues } from '../flags.js';
import { commandLevelFlags, isHelp, lakeOf, metaOf, parseLevel } from './command-line.js';
import type { LakeApi } from './api.js';
import { NeedHelp, type CommandContext, type LakeCommand } from './command.js';
import { authCommand, credentialStore } from './commands/auth.js';
import { branchCommand } from './commands/branch.js';
import { compactCommand } from './commands/compact.js';
import { createCommand } from './commands/create.js';
import { deleteCommand } from './commands/delete.js';
import { dropCommand } from './commands/drop.js';
import { initCommand } from './commands/init.js';
import { loadCommand } from './commands/load.js';
import { logCommand } from './commands/log.js';
import { lsCommand } from './commands/ls.js';
import { manageCommand } from './commands/manage.js';
import { mergeCommand } from './commands/merge.js';
import { queryCommand } from './commands/query.js';
import { renameCommand } from './commands/rename.js';
import { revertCommand } from './commands/revert.js';
import { tokenCommand } from './commands/token.js';
import { useCommand } from './commands/use.js';
import { vacuumCommand } from './commands/vacuum.js';
import { vacateCommand } from './commands/vacate.js';
import { vectorCommand } from './commands/vector.js';
import { LocalApi } from './local-api.js';
import { openDirectLake } from './local-lake.js';
import { clientLocation, describeLocation } from './locate.js';
import { RemoteApi } from './remote-api.js';
import { ROOT_FLAGS } from './shared-flags.js';
import { StdinLines } from './stdin-lines.js';
import { lakeCommandsHelp, SUBCOMMAND_NAMES } from './names.js';
import { zlakeVersion } from '../version.js';
import { useLocalParquetWasm } from '../../local/parquet-wasm.js';
import { useNodeClock } from '../platform-clock.js';

function commandFor(name: string, env: NodeJS.ProcessEnv): LakeCommand | undefined {
  switch (name) {
    case 'auth':
      return authCommand;
    case 'branch':
      return branchCommand(env);
    case 'compact':
      return compactCommand(env);
    case 'create':
      return createCommand;
    case 'delete':
      return deleteCommand(env);
    case 'drop':
      return dropCommand;
    case 'init':
      return initCommand;
    case 'load':
      return loadCommand(env);
    case 'log':
      return logCommand(env);
    case 'ls':
      return lsCommand;
    case 'manage':
      return manageCommand;
    case 'merge':
      return mergeCommand(env);
    case 'query':
      return queryCommand(env);
    case 'rename':
      return renameCommand;
    case 'token':
      return tokenCommand;
    case 'revert':
      return revertCommand(env);
    case 'use':
      return useCommand(env);
    case 'vacate':
      return vacateCommand;
    case 'vacuum':
      return vacuumCommand(env);
    case 'vector':
      return vectorCommand(env);
    default:
      return undefined;
  }
}

/** Runs `zlake [lake flags] <command> [flags] [args]`; returns the exit status. */
export async function runLakeCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  // Parquet's WebAssembly engine (for load) comes from node_modules, compiled on first use.
  useLocalParquetWasm();
  useNodeClock();
  const stdin = new StdinLines();
  try {
    return await run(argv, env, stdin);
  } catch (e) {
    if (e instanceof FlagError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    process.stderr.write(`${errorText(e)}\n`);
    return 1;
  } finally {
    stdin.close();
  }
}

async function run(argv: readonly string[], env: NodeJS.ProcessEnv, stdin: StdinLines): Promise<number> {
  const root = parseLevel(ROOT_FLAGS, argv);
  if (root.flags.get('version') === true) {
    process.stdout.write(`Version: ${zlakeVersion()}\n`);
    return 0;
  }
  const [name, ...rest] = root.args;
  if (name === 'serve' && !isHelp(root.flags)) return runServeWith(argv, root.args);
  const command = name === undefined ? undefined : commandFor(name, env);
  if (command === undefined) {
    if (name === undefined || name === 'help' || isHelp(root.flags)) {
      process.stdout.write(rootHelp());
      return 0;
    }
    throw new ZedError('invalid', `"zed": no such sub-command ${JSON.stringify(name)}: options are: ${SUBCOMMAND_NAMES.join(' ')}`);
  }
  // One flag set for both levels, as Zed's charm builds it: a lake-wide flag
  // given before the command name is the default after it.
  const parsed = parseLevel(commandLevelFlags(command.flags, root.flags), rest);
  const flags = parsed.flags;
  if (flags.get('version') === true && !isHelp(flags)) {
    process.stdout.write(`Version: ${zlakeVersion()}\n`);
    return 0;
  }
  if (isHelp(flags)) {
    process.stdout.write(commandHelp(command));
    return 0;
  }
  const ctx = commandContext(env, flags, stdin, command.flags, root.flags.get('meta') as string | undefined);
  try {
    await command.run(ctx, parsed.args);
  } catch (e) {
    if (e instanceof NeedHelp) {
      process.stdout.write(commandHelp(command));
      return 0;
    }
    throw e;
  }
  return 0;
}

/**
 * `zed [lake flags] serve [flags]`: the lake-wide -lake and -q given before
 * "serve" reach it as they do in Zed, where serve shares the root's flags.
 */
async function runServeWith(argv: readonly string[], rootArgs: readonly string[]): Promise<number> {
  const before = argv.slice(0, argv.length - rootArgs.length).filter((a) => a !== '--');
  const { runServe } = await import('../serve.js');
  return runServe([...rootFlagsForServe(before), ...rootArgs.slice(1)]);
}

/** The root flags serve takes too (-lake, -meta); others before "serve" (-q, -configdir) it ignores, as Zed's does. */
function rootFlagsForServe(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const m = /^--?(lake|meta|configdir|cpuprofile|memprofile)(=.*)?$/.exec(a);
    if (m === null) continue;
    const takes = m[2] === undefined;
    const arg = takes ? [a, args[++i] ?? ''] : [a];
    if (m[1] === 'lake' || m[1] === 'meta') out.push(...arg);
  }
  return out;
}

/** The context a command runs in, from its parsed flags; `own` are the command's own flag specs. */
function commandContext(env: NodeJS.ProcessEnv, flags: FlagValues, stdin: StdinLines, own: readonly FlagSpec[], rootMeta: string | undefined): CommandContext {
  const lake = lakeOf(flags, env);
  const meta = metaOf(flags, env, own, rootMeta);
  const quiet = flags.get('q') === true;
  const ctx: CommandContext = {
    env,
    flags,
    quiet,
    lake,
    meta,
    locate: () => clientLocation({ lake }, env),
    async openLake(): Promise<LakeApi> {
      const loc = await clientLocation({ lake }, env);
      if (loc.kind === 'remote') return new RemoteApi(loc.url, credentialStore(ctx));
      return new LocalApi(await openDirectLake(loc, meta ?? undefined), describeLocation(loc));
    },
    say(text) {
      if (!quiet) process.stdout.write(text);
    },
    out: (text) =>
      new Promise<void>((ok, fail) => {
        process.stdout.write(text, (err) => (err ? fail(err) : ok()));
      }),
    readLine: () => stdin.next(),
    subcommand(specs, argv) {
      // A subcommand takes the lake-wide flags too (Zed's charm), their values so far as defaults.
      const parsed = parseLevel(commandLevelFlags(specs, flags, [...ROOT_FLAGS, ...own]), argv);
      return { ctx: commandContext(env, parsed.flags, stdin, [...own, ...specs], rootMeta), args: parsed.args };
    },
  };
  return ctx;
}

function errorText(e: unknown): string {
  if (e instanceof ZedError) return e.message;
  if (e instanceof Error && 'code' in e && typeof e.code === 'string') return e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}

function rootHelp(): string {
  return `NAME
    zlake - run Zed commands

USAGE
    zlake <command> [options] [arguments...]

OPTIONS
${usage(ROOT_FLAGS.filter((f) => !['h', 'help', 'hidden'].includes(f.name)))}

COMMANDS
${lakeCommandsHelp}

The lake is found as Zed finds it: -lake, else $ZED_LAKE, else a service on
http://localhost:9867, else $XDG_DATA_HOME/zed, else ~/.local/share/zed.
`;
}

function commandHelp(c: LakeCommand): string {
  const opts = [...c.flags, ...ROOT_FLAGS.filter((r) => !['h', 'help', 'hidden'].includes(r.name))];
  return `NAME
    zlake ${c.name} - ${c.short}

USAGE
    zlake ${c.usage}

OPTIONS
${usage(opts)}

DESCRIPTION
${c.long
  .split('\n')
  .map((l) => (l === '' ? '' : `    ${l}`))
  .join('\n')}
`;
}
