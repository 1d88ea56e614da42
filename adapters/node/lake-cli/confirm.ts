// The DANGER ZONE prompt of drop and vacuum: a question on stdout, a y/yes
// (any case) on stdin to go on; Go's fmt.Scanln errors otherwise.

import { InvalidError } from '../../../src/index.js';
import type { CommandContext } from './command.js';

export async function confirm(ctx: CommandContext, question: string): Promise<void> {
  await ctx.out(question);
  const line = await ctx.readLine();
  if (line === null) throw new InvalidError('EOF');
  const word = line.trim();
  if (word === '') throw new InvalidError('unexpected newline');
  const answer = word.toLowerCase();
  if (answer !== 'y' && answer !== 'yes') throw new InvalidError('operation canceled');
}
