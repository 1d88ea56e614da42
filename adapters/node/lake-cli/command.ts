// What every lake command is: a name, its help, its flags (Go flag syntax,
// on top of the lake-wide -lake, -q and -configdir) and a run function.

import type { FlagSpec, FlagValues } from '../flags.js';
import type { LakeApi } from './api.js';
import type { LakeLocation } from './locate.js';

export interface CommandContext {
  readonly env: NodeJS.ProcessEnv;
  /** The command's flags merged over the lake-wide ones. */
  readonly flags: FlagValues;
  /** -q: no success messages. */
  readonly quiet: boolean;
  /** -lake or $ZED_LAKE, null when neither was given. */
  readonly lake: string | null;
  /** The metastore URL (-meta before the command, or $ZLAKE_META), null for the lake's default. */
  readonly meta: string | null;
  /** Opens the lake (local folder or service) found as Zed finds it. */
  openLake(): Promise<LakeApi>;
  /** Where the lake is, probing for a local service as Zed does. */
  locate(): Promise<LakeLocation>;
  /** Writes to stdout unless -q. */
  say(text: string): void;
  out(text: string): Promise<void>;
  /** One line typed on stdin (for confirmations), or null at its end. */
  readLine(): Promise<string | null>;
  /** Parses a subcommand's arguments: its own flags and the lake-wide ones; the context it runs in. */
  subcommand(specs: readonly FlagSpec[], argv: readonly string[]): { ctx: CommandContext; args: string[] };
}

export interface LakeCommand {
  readonly name: string;
  readonly usage: string;
  readonly short: string;
  readonly long: string;
  readonly flags: readonly FlagSpec[];
  run(ctx: CommandContext, args: readonly string[]): Promise<void>;
}

/** Zed's charm.NeedHelp: the command prints its help and succeeds. */
export class NeedHelp extends Error {}
