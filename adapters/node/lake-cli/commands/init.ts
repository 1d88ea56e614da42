// zlake init [path]: creates a new, empty lake folder (or, for an S3 lake,
// the tables of its metastore).

import { InvalidError } from '../../../../src/index.js';
import type { LakeCommand } from '../command.js';
import { createDirectLake } from '../local-lake.js';
import { describeLocation, lakeLocation, parseLocation } from '../locate.js';

export const initCommand: LakeCommand = {
  name: 'init',
  usage: 'init [ path ]',
  short: 'create and initialize a new, empty lake',
  long: `"zlake init" creates a new, empty lake at the given path or, without one,
at the lake location (-lake, ZED_LAKE, or the default data directory).
It fails if a lake is already there.`,
  flags: [],
  async run(ctx, args) {
    if (args.length > 1) throw new InvalidError('too many arguments');
    let loc;
    if (args.length === 0) {
      loc = lakeLocation({ lake: ctx.lake }, ctx.env);
    } else {
      if (args[0] === '') throw new InvalidError('single lake path argument required');
      loc = parseLocation(args[0]!);
    }
    if (loc.kind === 'remote') throw new InvalidError('init command not valid on remote lake');
    const lake = await createDirectLake(loc, ctx.meta ?? undefined);
    await lake.close();
    ctx.say(`lake created: ${describeLocation(loc)}\n`);
  },
};
