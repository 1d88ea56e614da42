// zlake log: the commit history from the working branch (or -use commitish)
// back to the pool's first commit, as the meta-query `from 'pool'@'branch':log`.

import { InvalidError, parseId, ZedError } from '../../../../src/index.js';
import type { LakeCommand } from '../command.js';
import type { Commitish } from '../head.js';
import { runToOutput } from '../meta-output.js';
import { outputFlags } from '../../output-flags.js';
import { headOf, useFlag } from '../shared-flags.js';

export function logCommand(env: NodeJS.ProcessEnv): LakeCommand {
  return {
    name: 'log',
    usage: 'log [options]',
    short: 'display the commit log history starting at any commit',
    long: `The log command outputs a commit history of any branch or unnamed commit object
from a data pool in the format desired.
By default, the output is in the human-readable "lake" format
but ZNG can be used to easily be pipe a log to zq or other tooling for analysis.`,
    flags: [...outputFlags('lake'), useFlag(env)],
    async run(ctx, args) {
      if (args.length !== 0) throw new InvalidError('no arguments allowed');
      const head = headOf(ctx.flags);
      try {
        await runToOutput(ctx, { text: fromSpec(head, 'log'), head: null, defaultFormat: 'lake', lakeHead: head.branch });
      } catch (e) {
        throw withoutPosition(e);
      }
    },
  };
}

/** Zed's Commitish.FromSpec: a from clause for the commitish and a meta source. */
export function fromSpec(c: Commitish, meta: string): string {
  const at = parseId(c.branch) !== null ? c.branch : `'${c.branch}'`;
  return `from '${c.pool}'@${at}${meta === '' ? '' : `:${meta}`}`;
}

/** Zed's log prints a lone compile error's message without its position (`logs: pool not found`). */
function withoutPosition(e: unknown): unknown {
  if (!(e instanceof ZedError)) return e;
  const m = /^([^\n]*?) at line \d+, column \d+:\n[^\n]*\n[^\n]*$/.exec(e.message);
  return m === null ? e : new ZedError(e.kind, m[1]!, { cause: e });
}
