// Output flags of zq and the lake commands (Zed's cli/outputflags): -f with a
// per-command default (zng for zq and query, lake for ls, log and branch),
// the -z/-Z/-j/-J shortcuts, -pretty, -o, -split; and the writer they select.

import {
  encodeBatches,
  formatByName,
  InvalidError,
  LakeEncoder,
  UnsupportedError,
  type Batch,
  type Encoder,
  type EncoderOptions,
} from '../../src/index.js';
import type { FlagValues } from './flags.js';
import { fileSink } from './io.js';
import { parseBytes } from './lake-cli/go-text.js';

export interface OutputPlan {
  readonly format: string;
  /** -pretty (after the shortcuts), -zng.compress and -zng.framethresh. */
  readonly encoderOptions: EncoderOptions;
  /** The output file (-o; "-" is stdout), or null for stdout. With -split, the prefix of the files' names. */
  readonly file: string | null;
  /** The directory of -split, or null without it. */
  readonly split: string | null;
  /** -splitsize: with -split and above 0, files of at least this many bytes in turn, not one per type. */
  readonly splitSize: number;
}

/** Zed's outputflags.Init: resolves the shortcuts against the command's default format. */
export function planOutput(flags: FlagValues, defaultFormat: string, stdoutIsTTY: boolean): OutputPlan {
  let format = flags.get('f') as string;
  let pretty = flags.get('pretty') as number;
  const j = flags.get('j') === true;
  const J = flags.get('J') === true;
  const z = flags.get('z') === true;
  const Z = flags.get('Z') === true;
  if (j || J) {
    if (format !== defaultFormat || z || Z) throw new InvalidError('cannot use -j or -J with -f, -z, or -Z');
    format = 'json';
    if (!J) pretty = 0;
  } else if (z || Z) {
    if (format !== defaultFormat) throw new InvalidError('cannot use -z or -Z with -f');
    format = 'zson';
    if (!Z) pretty = 0;
  }
  let file = (flags.get('o') as string | undefined) ?? '';
  if (file === '-') file = '';
  const split = (flags.get('split') as string | undefined) ?? null;
  // Binary ZNG is not for a terminal unless -B asks for it.
  if (file === '' && split === null && format === 'zng' && flags.get('B') !== true && stdoutIsTTY) {
    format = 'zson';
    pretty = 0;
  }
  return {
    format,
    encoderOptions: {
      pretty,
      compress: flags.get('zng.compress') as boolean,
      frameThreshold: flags.get('zng.framethresh') as number,
    },
    file: file === '' ? null : file,
    split,
    splitSize: parseBytes('splitsize', (flags.get('splitsize') as string | undefined) ?? '0'),
  };
}

/** The encoder for a plan; the lake format marks `lakeHead` (a branch or commit) as HEAD. */
export function encoderFor(plan: OutputPlan, lakeHead = ''): Encoder {
  if (plan.format === 'lake') return new LakeEncoder({ head: lakeHead });
  const f = formatByName(plan.format);
  if (f === undefined) throw new InvalidError(`unknown format: ${plan.format}`);
  if (f.encoder === undefined) throw new UnsupportedError(`${plan.format}: output format not supported yet`);
  return f.encoder(plan.encoderOptions);
}

/** Encodes every batch to the plan's file or stdout. */
export async function writeOutput(batches: AsyncIterable<Batch>, plan: OutputPlan, encoder: Encoder): Promise<void> {
  const sink = fileSink(plan.file);
  try {
    for await (const chunk of encodeBatches(batches, encoder)) await sink.write(chunk);
  } finally {
    await sink.close();
  }
}
