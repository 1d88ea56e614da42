// zlake create [-orderby key[:asc|:desc]] [-S size] [-use] name: a new pool.

import { InvalidError, ksuidHexToBase62 } from '../../../../src/index.js';
import type { LakeCommand } from '../command.js';
import type { PoolKeySpec } from '../api.js';
import { goQuote, parseBytes } from '../go-text.js';
import { writeHead } from '../head.js';

export const createCommand: LakeCommand = {
  name: 'create',
  usage: 'create [-orderby key[:asc|:desc]] name',
  short: 'create a new data pool',
  long: `The create command creates a new pool. A pool key may be specified as the
sort key of the data stored in the pool; ":asc" or ":desc" after the key gives
the sort order (ascending when omitted). Without -orderby the pool key is ts,
descending. A new pool has one branch, "main".`,
  flags: [
    { kind: 'string', name: 'seekstride', usage: "size of seek-index unit for ZNG data, as '32KB', '1MB', etc.", default: '64KiB' },
    { kind: 'string', name: 'S', usage: "target size of pool data objects, as '10MB' or '4GiB', etc.", default: '500MiB' },
    { kind: 'bool', name: 'use', usage: 'set created pool as the current pool' },
    { kind: 'string', name: 'orderby', usage: 'pool key with optional :asc or :desc suffix to organize data in pool (cannot be changed)', default: 'ts:desc' },
  ],
  async run(ctx, args) {
    const seekStride = parseBytes('seekstride', ctx.flags.get('seekstride') as string);
    const threshold = parseBytes('S', ctx.flags.get('S') as string);
    if (args.length !== 1) throw new InvalidError('create requires one argument');
    const lake = await ctx.openLake();
    try {
      const key = parseSortKey(ctx.flags.get('orderby') as string);
      const name = args[0]!;
      const id = await lake.createPool(name, key, seekStride, threshold);
      ctx.say(`pool created: ${name} ${ksuidHexToBase62(id)}\n`);
      if (ctx.flags.get('use') === true) {
        writeHead(ctx.env, name, 'main');
        ctx.say(`Switched to branch "main" on pool ${goQuote(name)}\n`);
      }
    } finally {
      await lake.close();
    }
  },
};

/** Zed's order.ParseSortKeys for one key: `a.b[:asc|:desc]`; '' means the default (ts desc). */
export function parseSortKey(text: string): PoolKeySpec {
  if (text === '') return { order: 'desc', keys: [] };
  const parts = text.split(':');
  if (parts.length > 2) throw new InvalidError('only one order clause allowed in sortkey description');
  let order: 'asc' | 'desc' = 'asc';
  if (parts.length === 2) {
    const o = parts[1]!.toLowerCase();
    if (o !== 'asc' && o !== 'desc') throw new InvalidError(`unknown order: ${parts[1]}`);
    order = o;
  }
  const keys = parts[0]!.split(',').map((k) => k.split('.'));
  if (keys.length > 1) throw new InvalidError('multiple pool keys not supported');
  return { order, keys };
}
