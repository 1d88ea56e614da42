// zlake use [pool][@branch]: sets the working branch (saved in ~/.zed_head or
// $ZED_HEAD_DIR/.zed_head), or with no argument prints it and the lake.

import { InvalidError } from '../../../../src/index.js';
import type { LakeCommand } from '../command.js';
import { goQuote } from '../go-text.js';
import { formatCommitish, parseCommitish, writeHead, type Commitish } from '../head.js';
import { describeLocation } from '../locate.js';
import { headOf, useFlag } from '../shared-flags.js';

export function useCommand(env: NodeJS.ProcessEnv): LakeCommand {
  return {
    name: 'use',
    usage: 'use [pool][@branch]',
    short: 'use a branch or print current branch and lake',
    long: `The use command prints or sets the working pool and branch, which commands
like load, merge and log use when -use is not given.

With no argument, use prints the working pool and branch and the lake.
"pool" sets the working pool and the branch main; "pool@branch" sets both;
"@branch" sets only the branch of the working pool. The pool and branch must
exist. The working branch is kept in ~/.zed_head (or $ZED_HEAD_DIR/.zed_head).`,
    flags: [useFlag(env)],
    async run(ctx, args) {
      if (args.length > 1) throw new InvalidError('too many arguments');
      if (args.length === 0) {
        let head: Commitish;
        try {
          head = headOf(ctx.flags);
        } catch {
          throw new InvalidError('default pool and branch unset');
        }
        await ctx.out(`HEAD at ${formatCommitish(head)}\n`);
        try {
          await ctx.out(`Lake at ${describeLocation(await ctx.locate())}\n`);
        } catch {
          // Zed prints the lake only when it can be located.
        }
        return;
      }
      let c = parseCommitish(args[0]!);
      if (c.pool === '') {
        let head: Commitish;
        try {
          head = headOf(ctx.flags);
        } catch {
          throw new InvalidError('default pool unset');
        }
        c = { pool: head.pool, branch: c.branch };
      }
      if (c.branch === '') c = { pool: c.pool, branch: 'main' };
      const lake = await ctx.openLake();
      try {
        const poolId = await lake.poolId(c.pool);
        await lake.commitObject(poolId, c.branch);
      } finally {
        await lake.close();
      }
      writeHead(ctx.env, c.pool, c.branch);
      ctx.say(`Switched to branch ${goQuote(c.branch)} on pool ${goQuote(c.pool)}\n`);
    },
  };
}
