// `zlake zq [flags] [query] [file ...]`: zq's command line on the engine.
// Its parts: the command line (zq/command-line.ts), the query (zq/query.ts),
// the inputs (zq/inputs.ts), the run (zq/channels.ts) and the output flags
// shared with the lake commands (output.ts, split-output.ts).

import { TypeContext, ZedError, type Batch } from '../../src/index.js';
import { FlagError } from './flags.js';
import { DiskSpillStore } from '../local/spill-store.js';
import { useLocalParquetWasm } from '../local/parquet-wasm.js';
import { useNodeClock } from './platform-clock.js';
import { encoderFor, planOutput, writeOutput, type OutputPlan } from './output.js';
import { stdoutIsTerminal } from './io.js';
import { writeSplitOutput } from './split-output.js';
import { zedVersionLine } from './version.js';
import { mainChannel } from './zq/channels.js';
import { parseZqCommandLine, zqUsage, type ZqRun } from './zq/command-line.js';
import { commandLineInputs, fileSources, nullInput, type InputOptions } from './zq/inputs.js';
import { canonicalZqQuery, compileZqQuery } from './zq/query.js';
import { applyRuntimeFlags } from './runtime-flags.js';
import { newZqStats, zqStatsLine } from './zq/stats.js';

export { zqUsage };

/** Runs zq; returns the exit status. Errors are printed to stderr as zq words them. */
export async function runZq(argv: readonly string[]): Promise<number> {
  // Parquet's WebAssembly engine comes from node_modules, compiled on first use.
  useLocalParquetWasm();
  useNodeClock();
  let line;
  try {
    line = parseZqCommandLine(argv);
  } catch (e) {
    if (e instanceof FlagError) {
      process.stderr.write(`${e.message}\n${zqUsage}`);
      return 2;
    }
    throw e;
  }
  switch (line.kind) {
    case 'version':
      process.stdout.write(zedVersionLine());
      return 0;
    case 'usage':
      process.stderr.write(zqUsage);
      return 2;
    case 'run':
      return runReported(line);
  }
}

/** Runs a query; a Zed error or a system error (ENOENT, EPIPE, ...) is printed and exits 1. */
async function runReported(run: ZqRun): Promise<number> {
  try {
    await runQuery(run);
    return 0;
  } catch (e) {
    if (e instanceof ZedError || isSystemError(e)) {
      process.stderr.write(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

async function runQuery({ flags, args, includes }: ZqRun): Promise<void> {
  if (flags.get('C') === true) {
    process.stdout.write(`${canonicalZqQuery(args, includes)}\n`);
    return;
  }
  const spillStore = new DiskSpillStore();
  try {
    const ctx = new TypeContext();
    const stats = newZqStats();
    const inputOpts: InputOptions = {
      format: flags.get('i') as string,
      ...(flags.get('csv.delim') !== undefined ? { csvDelim: flags.get('csv.delim') as string } : {}),
    };
    const sources = fileSources(ctx, inputOpts, stats);
    const limits = applyRuntimeFlags(flags);
    const query = compileZqQuery(args, includes, { zctx: ctx, sources, spillStore, ...limits, warn: (m) => process.stderr.write(`${m}\n`) });
    const plan = planOutput(flags, 'zng', stdoutIsTerminal());
    let input: AsyncIterable<Batch>;
    if (query.compiled.hasSource) input = noInput();
    else if (query.onNull) input = nullInput();
    else {
      // The filter the optimizer pushed into the input lets the JSON reader skip lines.
      const terms = query.compiled.pushdown?.terms;
      // And the fields it reads let JSON leave the others out of records.
      const fields = query.compiled.fields;
      // -e=false: inputs that do not open are reported and skipped.
      const skip = flags.get('e') === false ? (m: string) => void process.stderr.write(`${m}\n`) : undefined;
      const opts = { ...inputOpts, ...(terms !== undefined && terms !== null ? { terms } : {}), ...(fields !== undefined ? { fields } : {}) };
      input = commandLineInputs(query.paths, ctx, opts, stats, skip);
    }
    await writeZqOutput(mainChannel(query.compiled, input, ctx, stats), plan);
    if (flags.get('s') === true) process.stderr.write(zqStatsLine(stats));
  } finally {
    await spillStore.close().catch(() => {});
  }
}

async function writeZqOutput(batches: AsyncIterable<Batch>, plan: OutputPlan): Promise<void> {
  if (plan.split !== null) await writeSplitOutput(batches, plan, plan.split);
  else await writeOutput(batches, plan, encoderFor(plan));
}

async function* noInput(): AsyncGenerator<Batch> {}

/** Node's errors of the system (ENOENT, EACCES, EPIPE, ...), which zq prints as they are. */
function isSystemError(e: unknown): e is Error {
  return e instanceof Error && 'code' in e && typeof e.code === 'string' && e.code.startsWith('E');
}
