// zlake delete [options] id...  |  zlake delete -where filter: a commit that
// removes data objects (or the values a filter matches) from the branch.

import { InvalidError, ksuidHexToBase62, parseIdOrThrow } from '../../../../src/index.js';
import type { LakeCommand } from '../command.js';
import { NO_HEAD } from '../head.js';
import { commitFlags, commitMessage, headOf, useFlag } from '../shared-flags.js';

export function deleteCommand(env: NodeJS.ProcessEnv): LakeCommand {
  return {
    name: 'delete',
    usage: 'delete id [id ...]',
    short: 'delete data objects from a pool branch',
    long: `The delete command takes a list of data object IDs and deletes references to
those objects from HEAD by committing a new delete operation to HEAD. With
-where, it deletes every value for which the filter expression is true, e.g.:

zlake delete -where 'ts > 2022-10-05T17:20:00Z and ts < 2022-10-05T17:21:00Z'

No data is removed from the lake: the delete is an action in the pool's
commit journal and can be undone with "zlake revert" (see also "vacuum").`,
    flags: [...commitFlags(env), useFlag(env), { kind: 'string', name: 'where', usage: 'delete by pool key predicate', default: '' }],
    async run(ctx, args) {
      const lake = await ctx.openLake();
      try {
        const head = headOf(ctx.flags);
        if (head.pool === '') throw new InvalidError(NO_HEAD);
        const poolId = await lake.poolId(head.pool);
        const where = ctx.flags.get('where') as string;
        const message = commitMessage(ctx.flags);
        let commit;
        if (where !== '') {
          if (args.length > 0) throw new InvalidError('too many arguments');
          commit = await lake.deleteWhere(poolId, head.branch, where, message);
        } else {
          const ids = args.map((a) => parseIdOrThrow(a));
          if (ids.length === 0) throw new InvalidError('no data object IDs specified');
          commit = await lake.deleteObjects(poolId, head.branch, ids, message);
        }
        ctx.say(`${ksuidHexToBase62(commit)} delete committed\n`);
      } finally {
        await lake.close();
      }
    },
  };
}
