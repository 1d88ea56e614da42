// zlake vacuum [-dryrun] [-f] [-orphan.grace d]: removes the data objects
// deleted before the working branch's tip from storage for good (after
// confirmation). -orphan.grace (zlake's own) sets how old an object no commit
// added must be to go too: a load still running may own a younger one.

import { InvalidError, parseDuration } from '../../../../src/index.js';
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
      { kind: 'string', name: 'orphan.grace', usage: 'age past which objects of no commit are removed, e.g. 10m (default 1h; a lake opened directly only)' },
    ],
    async run(ctx) {
      const at = headOf(ctx.flags);
      const graceText = ctx.flags.get('orphan.grace') as string | undefined;
      const grace = graceText === undefined ? undefined : parseDuration(graceText);
      if (grace === null || (grace !== undefined && grace < 0n)) throw new InvalidError(`invalid -orphan.grace "${graceText}": want a duration such as 10m`);
      const lake = await ctx.openLake();
      try {
        const dryrun = ctx.flags.get('dryrun') === true;
        if (!dryrun && ctx.flags.get('f') !== true) {
          await confirm(
            ctx,
            `Are you sure you want to vacuum data objects from ${goQuote(formatCommitish(at))}? There is no going back... [y|n]\n`,
          );
        }
        const ids = await lake.vacuum(at.pool, at.branch, dryrun, grace);
        ctx.say(`${dryrun ? 'would vacuum' : 'vacuumed'} ${ids.length} object${ids.length === 1 ? '' : 's'}\n`);
      } finally {
        await lake.close();
      }
    },
  };
}
