// zlake compact id id [id ...]: rewrites data objects of the working branch
// as non-overlapping objects in one commit (Zed's cmd/zed/compact).

import { InvalidError, ksuidHexToBase62, parseIdOrThrow } from '../../../../src/index.js';
import type { LakeCommand } from '../command.js';
import { NO_HEAD } from '../head.js';
import { commitFlags, commitMessage, headOf, useFlag } from '../shared-flags.js';

export function compactCommand(env: NodeJS.ProcessEnv): LakeCommand {
  return {
    name: 'compact',
    usage: 'compact id id [id ...]',
    short: 'compact data objects on a pool branch',
    long: `The compact command takes a list of data object IDs, writes the values
in those objects to a sequence of new, non-overlapping objects, and creates
a commit on HEAD replacing the old objects with the new ones.`,
    flags: [...commitFlags(env), useFlag(env), { kind: 'bool', name: 'vectors', usage: 'write vectors for compacted objects' }],
    async run(ctx, args) {
      const ids = args.map((a) => parseIdOrThrow(a));
      const lake = await ctx.openLake();
      try {
        const head = headOf(ctx.flags);
        if (head.pool === '') throw new InvalidError(NO_HEAD);
        const poolId = await lake.poolId(head.pool);
        const commit = await lake.compact(poolId, head.branch, ids, ctx.flags.get('vectors') === true, commitMessage(ctx.flags));
        ctx.say(`${ksuidHexToBase62(commit)} compaction committed\n`);
      } finally {
        await lake.close();
      }
    },
  };
}
