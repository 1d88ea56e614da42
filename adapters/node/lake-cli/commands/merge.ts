// zlake merge [-f] target: merges the working branch into the target branch.

import { InvalidError } from '../../../../src/index.js';
import type { LakeCommand } from '../command.js';
import { goQuote } from '../go-text.js';
import { NO_HEAD } from '../head.js';
import { commitFlags, commitMessage, headOf, useFlag } from '../shared-flags.js';

export function mergeCommand(env: NodeJS.ProcessEnv): LakeCommand {
  return {
    name: 'merge',
    usage: 'merge branch',
    short: 'merge current branch into another',
    long: `The merge command merges the working branch (or -use pool@branch) into the
branch given, e.g. "zlake merge -use logs@updates main". Merging main into
another branch needs -f.`,
    flags: [...commitFlags(env), useFlag(env), { kind: 'bool', name: 'f', usage: 'force merge of main into a target' }],
    async run(ctx, args) {
      if (args.length === 0) throw new InvalidError('merge target branch must be given');
      if (args.length > 1) throw new InvalidError('too many arguments');
      const target = args[0]!;
      const lake = await ctx.openLake();
      try {
        const head = headOf(ctx.flags);
        if (head.pool === '') throw new InvalidError(NO_HEAD);
        if (head.branch === '' || target === '') throw new InvalidError('both a child and a parent branch name must be specified');
        if (head.branch === 'main' && ctx.flags.get('f') !== true) {
          throw new InvalidError('merging the main branch into another branch is unusual; use -f to force');
        }
        const poolId = await lake.poolId(head.pool);
        await lake.mergeBranch(poolId, head.branch, target, commitMessage(ctx.flags));
        ctx.say(`${goQuote(head.branch)}: merged into branch ${goQuote(target)}\n`);
      } finally {
        await lake.close();
      }
    },
  };
}
