// zlake drop [-f] pool: deletes a pool and all its data (after confirmation).

import { InvalidError } from '../../../../src/index.js';
import type { LakeCommand } from '../command.js';
import { confirm } from '../confirm.js';
import { goQuote } from '../go-text.js';

export const dropCommand: LakeCommand = {
  name: 'drop',
  usage: 'drop pool',
  short: 'delete a data pool from a lake',
  long: `The drop command removes the named pool from the lake.

DANGER ZONE.
When deleting an entire pool, the drop command prompts for confirmation.
Once the pool is deleted, its data is gone so use this command carefully.`,
  flags: [{ kind: 'bool', name: 'f', usage: 'do not prompt for confirmation' }],
  async run(ctx, args) {
    if (args.length !== 1) throw new InvalidError('a single pool name must be specified');
    const lake = await ctx.openLake();
    try {
      const name = args[0]!;
      const id = await lake.poolId(name);
      if (ctx.flags.get('f') !== true) {
        await confirm(ctx, `Are you sure you want to delete pool ${goQuote(name)}? There is no going back... [y|n]\n`);
      }
      await lake.removePool(id);
      ctx.say(`pool deleted: ${name}\n`);
    } finally {
      await lake.close();
    }
  },
};
