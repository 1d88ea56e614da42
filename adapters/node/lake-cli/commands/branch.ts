// zlake branch [-d] [name]: creates a branch at the working branch's tip (or
// the -use commit), deletes one with -d, or lists the pool's branches.

import { InvalidError, parseId } from '../../../../src/index.js';
import type { LakeCommand } from '../command.js';
import { goQuote } from '../go-text.js';
import { runToOutput } from '../meta-output.js';
import { outputFlags } from '../../output-flags.js';
import { headOf, useFlag } from '../shared-flags.js';

export function branchCommand(env: NodeJS.ProcessEnv): LakeCommand {
  return {
    name: 'branch',
    usage: 'branch new-branch [base]',
    short: 'create a new branch',
    long: `The branch command creates a new branch with the indicated name at the tip of
HEAD (or the commit given by -use). It does not check out the new branch.
With -d the branch is deleted instead; no data is deleted by this and the
branch can be recreated from its commit id. With no name, the branches of
the working pool are listed.`,
    flags: [{ kind: 'bool', name: 'd', usage: 'delete the branch instead of creating it' }, ...outputFlags('lake'), useFlag(env)],
    async run(ctx, args) {
      if (args.length > 1) throw new InvalidError('too many arguments');
      if (args.length === 0) {
        const head = headOf(ctx.flags);
        if (head.pool === '') throw new InvalidError('must be on a checked out branch to list the branches in the same pool');
        await runToOutput(ctx, { text: `from '${head.pool}':branches`, head: null, defaultFormat: 'lake', lakeHead: head.branch });
        return;
      }
      const name = args[0]!;
      const lake = await ctx.openLake();
      try {
        const head = headOf(ctx.flags);
        if (head.pool === '') throw new InvalidError('a pool name must be included: pool@branch');
        const poolId = await lake.poolId(head.pool);
        const parent = parseId(head.branch) ?? (await lake.commitObject(poolId, head.branch));
        if (ctx.flags.get('d') === true) {
          await lake.removeBranch(poolId, name);
          ctx.say(`branch deleted: ${name}\n`);
          return;
        }
        await lake.createBranch(poolId, name, parent);
        ctx.say(`${goQuote(name)}: branch created\n`);
      } finally {
        await lake.close();
      }
    },
  };
}
