// zlake rename old-name new-name: renames a pool (its id stays).

import { InvalidError, ksuidHexToBase62 } from '../../../../src/index.js';
import type { LakeCommand } from '../command.js';

export const renameCommand: LakeCommand = {
  name: 'rename',
  usage: 'rename old-name new-name',
  short: 'rename a data pool',
  long: 'The rename command changes the name of a pool, given by its name or id, to the new name.',
  flags: [],
  async run(ctx, args) {
    if (args.length !== 2) throw new InvalidError('two pool names must be provided');
    const [oldName, newName] = args as [string, string];
    const lake = await ctx.openLake();
    try {
      const id = await lake.poolId(oldName);
      await lake.renamePool(id, newName);
      ctx.say(`pool ${ksuidHexToBase62(id)} renamed from ${oldName} to ${newName}\n`);
    } finally {
      await lake.close();
    }
  },
};
