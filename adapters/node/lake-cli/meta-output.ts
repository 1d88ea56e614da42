// Runs a query on the lake and writes its values with the output flags: the
// shared body of ls, log, branch (listing) and query.

import { TypeContext, UnsupportedError, type Batch, type Encoder } from '../../../src/index.js';
import type { LakeApi, QueryStats } from './api.js';
import type { CommandContext } from './command.js';
import type { Commitish } from './head.js';
import { zsonLine } from './zson-text.js';
import { encoderFor, planOutput, writeOutput, type OutputPlan } from '../output.js';
import { stdoutIsTerminal } from '../io.js';

export interface QueryOutput {
  readonly text: string;
  readonly head: Commitish | null;
  readonly defaultFormat: string;
  /** The branch or commit the lake format marks as HEAD. */
  readonly lakeHead: string;
}

/** Plans the output before opening the lake, as Zed checks its output flags first. */
export async function runToOutput(ctx: CommandContext, q: QueryOutput): Promise<QueryStats> {
  const plan = planOutput(ctx.flags, q.defaultFormat, stdoutIsTerminal());
  if (plan.split !== null) throw new UnsupportedError('-split: not supported by the lake commands');
  const encoder = encoderFor(plan, q.lakeHead);
  const lake = await ctx.openLake();
  try {
    return await writeQuery(lake, q, plan, encoder);
  } finally {
    await lake.close();
  }
}

async function writeQuery(
  lake: LakeApi,
  q: QueryOutput,
  plan: OutputPlan,
  encoder: Encoder,
): Promise<QueryStats> {
  const zctx = new TypeContext();
  const run = await lake.query(q.text, q.head, {
    zctx,
    // The debug channel goes to stderr as ZSON, as zed query writes it.
    onDebug: (batch: Batch) => {
      for (const v of batch) process.stderr.write(zsonLine(v));
    },
  });
  await writeOutput(run.batches, plan, encoder);
  return run.stats;
}
