// zlake load [options] file|- ...: reads the files (any format, detected
// unless -i names one) and commits their values to a branch in one commit.

import { statSync } from 'node:fs';
import { InvalidError, ksuidHexToBase62, readValues, TypeContext, ZedError, type Batch } from '../../../../src/index.js';
import { openInput } from '../../io.js';
import type { LakeCommand } from '../command.js';
import { NO_HEAD } from '../head.js';
import { LoadProgress } from '../../load-progress.js';
import { commitFlags, commitMessage, headOf, INPUT_FLAGS, RUNTIME_FLAGS, useFlag } from '../shared-flags.js';

export function loadCommand(env: NodeJS.ProcessEnv): LakeCommand {
  return {
    name: 'load',
    usage: 'load [options] file|S3-object|- ...',
    short: 'add and commit data to a branch',
    long: 'The load command adds data to a pool and commits it to a branch.',
    flags: [...commitFlags(env), ...INPUT_FLAGS, useFlag(env), ...RUNTIME_FLAGS],
    async run(ctx, args) {
      if (args.length === 0) throw new InvalidError('zed load: at least one input file must be specified (- for stdin)');
      const csvDelim = ctx.flags.get('csv.delim') as string | undefined;
      if (csvDelim !== undefined && new TextEncoder().encode(csvDelim).length !== 1) {
        throw new InvalidError(`invalid value ${JSON.stringify(csvDelim)} for flag -csv.delim: CSV field delimiter must be exactly one character`);
      }
      const lake = await ctx.openLake();
      try {
        // As Zed does, an input that cannot be opened is reported and skipped.
        const paths = args.filter((p) => {
          if (p === '-' || isFile(p)) return true;
          process.stderr.write(`${p}: file does not exist\n`);
          return false;
        });
        const head = headOf(ctx.flags);
        if (head.pool === '') throw new InvalidError(NO_HEAD);
        const poolId = await lake.poolId(head.pool);
        const opts = { format: ctx.flags.get('i') as string, ...(csvDelim !== undefined ? { csvDelim } : {}) };
        // As zed load: a progress line on stderr when it is a terminal, unless -q.
        const progress = !ctx.quiet && process.stderr.isTTY === true ? new LoadProgress(paths.map((p) => (p === '-' ? 0 : statSync(p).size))) : null;
        progress?.start();
        let commit: string;
        try {
          commit = await lake.load(poolId, head.branch, readAll(paths, opts, progress), commitMessage(ctx.flags));
        } finally {
          await progress?.stop();
        }
        ctx.say(`${ksuidHexToBase62(commit)} committed\n`);
      } finally {
        await lake.close();
      }
    },
  };
}

/** How format detection's error starts (src/formats/detect.ts). */
const DETECTION_ERROR = 'format detection error';

/** The values of the inputs in turn, their bytes counted for the progress line. */
async function* readAll(paths: readonly string[], opts: { format: string; csvDelim?: string }, progress: LoadProgress | null): AsyncGenerator<Batch> {
  const zctx = new TypeContext();
  for (const p of paths) {
    const name = p === '-' ? 'stdio:stdin' : p;
    try {
      const input = openInput(p);
      // The load copies each batch's values before it asks for the next: the reader may reuse their memory.
      yield* readValues(progress === null ? input : progress.count(input), zctx, { ...opts, borrow: true });
    } catch (e) {
      // As Zed opens inputs (detecting their format) before the load and
      // skips, with a warning, those it cannot open: the others still load,
      // and with none left the service answers "no records in request".
      if (e instanceof ZedError && e.message.startsWith(DETECTION_ERROR)) {
        process.stderr.write(`${name}: ${e.message}\n`);
        continue;
      }
      if (e instanceof ZedError) throw new ZedError(e.kind, `${name}: ${e.message}`, { cause: e });
      throw e;
    }
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
