// `zlake ls` on a folder lake, answered from the lake's metadata database
// alone: the same pool records (`from :pools`) in the same lake format, with
// no query engine, data formats or lake library loaded. `ls` is the lake
// command people and scripts run most; this path loads about a sixth of
// the lake commands' code (scripts/bundle-node.mjs builds it a bundle of
// its own), which is most of a short command's time.
//
// It answers only the plain case: `ls` with no pool, on a folder lake given
// by -lake or $ZED_LAKE, with its own metastore and every other flag at its
// default. Anything else, and any failure before output, returns null, and
// the lake commands (index.ts) run the command as always, errors included.

import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { LakeEncoder, poolValue, RecordMaker, TypeContext } from '../../../src/index.js';
import { openLibsqlMetaStore } from '../../local/libsql.js';
import { parseFlags, type FlagSpec, type FlagValues } from '../flags.js';
import { fileSink } from '../io.js';
import { commandLevelFlags, lakeOf, metaOf } from './command-line.js';
import { isLakeDir, META_DB } from './local-lake.js';
import { lakeLocation } from './locate.js';
import { LS_FLAGS } from './commands/ls-flags.js';
import { ROOT_FLAGS } from './shared-flags.js';

/** Runs `argv` (the lake commands' arguments) if it is a plain `ls`; its exit status, or null to run it the usual way. */
export async function quickLs(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number | null> {
  const text = await quickLsText(argv, env);
  if (text === null) return null;
  const out = fileSink(null);
  await out.write(text);
  await out.close();
  return 0;
}

/** What a plain `ls` in `argv` prints, or null when `argv` is not one (or it failed). */
export async function quickLsText(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<string | null> {
  let flags: FlagValues;
  try {
    const root = parseFlags(ROOT_FLAGS, argv);
    const [name, ...rest] = root.args;
    if (name !== 'ls' || !allDefault(ROOT_FLAGS, root.flags)) return null;
    const specs = commandLevelFlags(LS_FLAGS, root.flags);
    const parsed = parseFlags(specs, rest);
    if (parsed.args.length > 0) return null;
    flags = parsed.flags;
    if (!allDefault(specs, flags)) return null;
  } catch {
    return null;
  }
  // With no lake named, the commands first look for a service on localhost.
  const lake = lakeOf(flags, env);
  if (lake === null || metaOf(flags, env, LS_FLAGS, undefined) !== null) return null;
  try {
    const loc = lakeLocation({ lake }, env);
    if (loc.kind !== 'local' || !isLakeDir(loc.path, undefined)) return null;
    const meta = await openLibsqlMetaStore(pathToFileURL(join(loc.path, META_DB)).href);
    try {
      const m = new RecordMaker(new TypeContext());
      const pools = (await meta.store.listPools()).map((p) => poolValue(m, p));
      const encoder = new LakeEncoder({ head: '' });
      return encoder.write(pools) + encoder.end();
    } finally {
      meta.close();
    }
  } catch {
    return null;
  }
}

/** Whether every flag but -lake has its default value (a list, none). */
function allDefault(specs: readonly FlagSpec[], flags: FlagValues): boolean {
  return specs.every((s) => {
    if (s.name === 'lake') return true;
    const v = flags.get(s.name);
    return s.kind === 'list' ? (v as string[]).length === 0 : v === s.default;
  });
}
