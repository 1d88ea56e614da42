// zlake query [options] [query]: runs a Zed query over the lake; without a
// `from`, over the working branch. zq's output flags (ZNG by default, ZSON
// on a terminal); -s prints scan statistics on stderr.

import { readFileSync } from 'node:fs';
import { parseQuery } from '../../../../src/index.js';
import { queryPartsFailure } from '../../zq/compile-errors.js';
import { applyRuntimeFlags } from '../../runtime-flags.js';
import type { LakeCommand } from '../command.js';
import { NeedHelp } from '../command.js';
import { runToOutput } from '../meta-output.js';
import { outputFlags } from '../../output-flags.js';
import { headOf, RUNTIME_FLAGS, useFlag } from '../shared-flags.js';
import type { Commitish } from '../head.js';

export function queryCommand(env: NodeJS.ProcessEnv): LakeCommand {
  return {
    name: 'query',
    usage: 'query [options] [zed-query]',
    short: 'run a Zed query on a Zed data lake',
    long: `"zlake query" runs a Zed query on the lake. A query usually starts with
"from pool[@branch]"; without one it reads the working branch (see "use").
Meta-queries such as "from :pools" or "from pool@branch:objects" read the
lake's metadata.`,
    flags: [
      ...outputFlags('zng'),
      useFlag(env),
      { kind: 'bool', name: 's', usage: 'display search stats on stderr' },
      { kind: 'list', name: 'I', usage: 'source file containing Zed query text (may be used multiple times)' },
      ...RUNTIME_FLAGS,
    ],
    async run(ctx, args) {
      applyRuntimeFlags(ctx.flags);
      const includes = ctx.flags.get('I') as string[];
      if (args.length > 1 || (args.length === 0 && includes.length === 0)) throw new NeedHelp();
      const src = args[0] ?? '';
      const parts = [...includes.map((p) => ({ name: p, text: readFileSync(p, 'utf8') })), { name: '', text: src }];
      const text = parts.map((p) => p.text).join('\n');
      // As Zed's client does, the query is parsed here first, so that a
      // syntax error is placed in the -I file (or the argument) it falls in.
      if (includes.length > 0) {
        try {
          parseQuery(text);
        } catch (e) {
          throw queryPartsFailure(e, parts, '');
        }
      }
      let head: Commitish | null = null;
      try {
        head = headOf(ctx.flags);
      } catch {
        // Zed ignores a missing HEAD here: queries with a from need none.
      }
      const stats = await runToOutput(ctx, { text, head, defaultFormat: 'zng', lakeHead: '' });
      if (ctx.flags.get('s') === true) {
        process.stderr.write(
          `{bytes_read:${stats.bytesRead},bytes_matched:${stats.bytesMatched},records_read:${stats.recordsRead},records_matched:${stats.recordsMatched}}\n`,
        );
      }
    },
  };
}
