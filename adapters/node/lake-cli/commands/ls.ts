// zlake ls [pool]: the pools of the lake, or the branches of one pool, as the
// meta-queries `from :pools` and `from 'pool':branches` (lake format by default).

import { InvalidError } from '../../../../src/index.js';
import type { LakeCommand } from '../command.js';
import { runToOutput } from '../meta-output.js';
import { LS_FLAGS } from './ls-flags.js';

export const lsCommand: LakeCommand = {
  name: 'ls',
  usage: 'ls [options] [pool]',
  short: 'list pools in a lake or branches in a pool',
  long: `"zlake ls" lists pools in a lake or branches in a pool.

By default, all pools in the lake are listed along with each pool's unique ID
and pool key configuration.

If a pool name or pool ID is given, then the pool's branches are listed along
with the ID of their commit object, which points at the tip of each branch.`,
  flags: LS_FLAGS,
  async run(ctx, args) {
    if (args.length > 1) throw new InvalidError('too many arguments');
    let text = 'from :pools';
    if (args.length === 1) {
      const pool = args[0]!;
      if (pool.includes("'")) throw new InvalidError('pool name may not contain quote characters');
      text = `from '${pool}':branches`;
    }
    await runToOutput(ctx, { text, head: null, defaultFormat: 'lake', lakeHead: '' });
  },
};
