// zlake vector add|delete id...: binds or unbinds the vector (VNG) copies
// of data objects on the working branch (Zed's cmd/zed/vector).

import { InvalidError, ksuidHexToBase62, parseIdOrThrow } from '../../../../src/index.js';
import type { LakeCommand } from '../command.js';
import { NeedHelp } from '../command.js';
import { NO_HEAD } from '../head.js';
import { commitFlags, commitMessage, headOf, useFlag } from '../shared-flags.js';

const SUBCOMMANDS = ['add', 'delete'];

export function vectorCommand(env: NodeJS.ProcessEnv): LakeCommand {
  return {
    name: 'vector',
    usage: 'vector [subcommand]',
    short: 'create and delete vectorized versions of lake data',
    long: `The vector subcommands control the creation, management, and deletion
of vectorized data in a Zed lake.

Subcommands:
  add      create vectorized forms of one or more data objects
  delete   deleted vectors from one or more data objects`,
    flags: [],
    async run(outer, args) {
      const [sub, ...subArgs] = args;
      if (sub === undefined) throw new NeedHelp();
      if (!SUBCOMMANDS.includes(sub)) {
        throw new InvalidError(`"zed vector": no such sub-command ${JSON.stringify(sub)}: options are: ${SUBCOMMANDS.join(' ')}`);
      }
      const { ctx, args: rest } = outer.subcommand([...commitFlags(env), useFlag(env)], subArgs);
      const ids = rest.map((a) => parseIdOrThrow(a));
      const lake = await ctx.openLake();
      try {
        const head = headOf(ctx.flags);
        if (head.pool === '') throw new InvalidError(NO_HEAD);
        const add = sub === 'add';
        const commit = await lake.vectors(add, head.pool, head.branch, ids, commitMessage(ctx.flags));
        ctx.say(`${ksuidHexToBase62(commit)} vectors ${add ? 'added' : 'deleted'}\n`);
      } finally {
        await lake.close();
      }
    },
  };
}
