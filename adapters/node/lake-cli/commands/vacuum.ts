// zlake vacuum [-dryrun] [-f]: removes the data objects deleted before the
// working branch's tip from storage for good (after confirmation).

import type { LakeCommand } from '../command.js';
import { confirm } from '../confirm.js';
import { goQuote } from '../go-text.js';
import { formatCommitish } from '../head.js';
import { headOf, useFlag } from '../shared-flags.js';

export function vacuumCommand(env: NodeJS.ProcessEnv): LakeCommand {
  return {
    name: 'vacuum',
    usage: 'vacuum [options]',
    short: 'clear space by removing unreferenced objects',
    long: `"zlake vacuum" clears up space in a pool by removing objects that are not
visible from a pool's branch or commit.

DANGER ZONE:
Running this command will permanently delete objects referenced in
previous commits causing missing data when time traveling to those commits.`,
    flags: [
      useFlag(env),
      { kind: 'bool', name: 'dryrun', usage: 'vacuum without deleting objects' },
      { kind: 'bool', name: 'f', usage: 'do not prompt for confirmation' },
    ],
    async run(ctx) {
      const at = headOf(ctx.flags);
      const lake = await ctx.openLake();
      try {
        const dryrun = ctx.flags.get('dryrun') === true;
        if (!dryrun && ctx.flags.get('f') !== true) {
          await confirm(
            ctx,
            `Are you sure you want to vacuum data objects from ${goQuote(formatCommitish(at))}? There is no going back... [y|n]\n`,
          );
        }
        const ids = await lake.vacuum(at.pool, at.branch, dryrun);
        ctx.say(`${dryrun ? 'would vacuum' : 'vacuumed'} ${ids.length} object${ids.length === 1 ? '' : 's'}\n`);
      } finally {
        await lake.close();
      }
    },
  };
}
