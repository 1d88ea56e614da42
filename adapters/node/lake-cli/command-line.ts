// The two levels of a lake command's flags, as Zed's charm parses them: the
// lake-wide flags before the command's name, then the command's own with the
// lake-wide ones it does not redefine (given before its name, they are the
// defaults after it). Shared by the lake commands (index.ts) and `ls`'s quick
// path (quick-ls.ts), which must read a command line the same way.

import { FlagError, parseFlags, type FlagSpec, type FlagValues } from '../flags.js';
import { ROOT_FLAGS } from './shared-flags.js';

/**
 * The flags after a command's name: those of the levels above (`above`,
 * the lake-wide ones by default) that it does not redefine, with their
 * values there (`values`) as defaults, then its own.
 */
export function commandLevelFlags(own: readonly FlagSpec[], values: FlagValues, above: readonly FlagSpec[] = ROOT_FLAGS): FlagSpec[] {
  return [...above.filter((r) => !own.some((c) => c.name === r.name)).map((r) => withDefault(r, values.get(r.name))), ...own];
}

/** Parses one level of flags; Go's flag errors also name the arguments (charm's "at flag"). */
export function parseLevel(specs: readonly FlagSpec[], args: readonly string[]): { flags: FlagValues; args: string[] } {
  try {
    return parseFlags(specs, args);
  } catch (e) {
    if (e instanceof FlagError) {
      process.stderr.write(`${e.message}\n`);
      throw new FlagError(`at flag: ${JSON.stringify(args.join(' '))}: ${e.message}`);
    }
    throw e;
  }
}

export function withDefault(spec: FlagSpec, value: boolean | string | number | string[] | undefined): FlagSpec {
  if (value === undefined) return spec;
  switch (spec.kind) {
    case 'bool':
      return { ...spec, default: value as boolean };
    case 'string':
      return { ...spec, default: value as string };
    case 'int':
      return { ...spec, default: value as number };
    case 'list':
      return spec;
  }
}

export function isHelp(flags: FlagValues): boolean {
  return flags.get('h') === true || flags.get('help') === true;
}

/** The lake a command names: -lake, else $ZED_LAKE; null for the default. */
export function lakeOf(flags: FlagValues, env: NodeJS.ProcessEnv): string | null {
  return (flags.get('lake') as string | undefined) ?? env['ZED_LAKE'] ?? null;
}

/**
 * The metastore a command names: -meta, else $ZLAKE_META; null for the
 * lake's own. A command with a -meta of its own (commit metadata, in `own`)
 * takes the metastore's before its name (`rootMeta`).
 */
export function metaOf(flags: FlagValues, env: NodeJS.ProcessEnv, own: readonly FlagSpec[], rootMeta: string | undefined): string | null {
  const metaFlag = own.some((f) => f.name === 'meta') ? rootMeta : (flags.get('meta') as string | undefined);
  return metaFlag ?? env['ZLAKE_META'] ?? null;
}
