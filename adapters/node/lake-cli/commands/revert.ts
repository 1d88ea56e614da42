// zlake revert commit: a new commit on the working branch that undoes the
// actions of an earlier commit.

import { InvalidError, ksuidHexToBase62, parseId, parseIdOrThrow } from '../../../../src/index.js';
import type { LakeCommand } from '../command.js';
import { goQuote } from '../go-text.js';
import { NO_HEAD } from '../head.js';
import { commitFlags, commitMessage, headOf, useFlag } from '../shared-flags.js';

export function revertCommand(env: NodeJS.ProcessEnv): LakeCommand {
  return {
    name: 'revert',
    usage: 'revert commit',
    short: 'revert reverses an old commit',
    long: `The revert command reverses the actions in a commit by applying the inverse
steps in a new commit to the tip of the indicated branch. Any data loaded
in a reverted commit remains in the lake but no longer appears in the branch.
The new commit may recursively be reverted by an additional revert operation.`,
    flags: [...commitFlags(env), useFlag(env)],
    async run(ctx, args) {
      if (args.length !== 1) throw new InvalidError('commit ID must be specified');
      const lake = await ctx.openLake();
      try {
        const head = headOf(ctx.flags);
        if (head.pool === '') throw new InvalidError(NO_HEAD);
        const poolId = await lake.poolId(head.pool);
        if (parseId(head.branch) !== null) throw new InvalidError('branch must be named');
        const commit = parseIdOrThrow(args[0]!);
        const revert = await lake.revert(poolId, head.branch, commit, commitMessage(ctx.flags));
        ctx.say(`${goQuote(head.branch)}: ${ksuidHexToBase62(commit)} reverted in ${ksuidHexToBase62(revert)}\n`);
      } finally {
        await lake.close();
      }
    },
  };
}
