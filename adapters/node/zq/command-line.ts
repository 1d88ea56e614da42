// zq's flags and what its command line asks for: print the version, print
// the usage, or run a query over inputs.

import { csvDelimCheck, parseFlags, usage, type FlagSpec, type FlagValues } from '../flags.js';
import { outputFlags } from '../output-flags.js';
import { RUNTIME_FLAGS } from '../runtime-flags.js';

const specs: readonly FlagSpec[] = [
  { kind: 'string', name: 'i', usage: 'format of input data [auto,arrows,csv,json,line,parquet,tsv,vng,zeek,zjson,zng,zson]', default: 'auto' },
  { kind: 'string', name: 'csv.delim', usage: 'CSV field delimiter (default ",")', check: csvDelimCheck },
  { kind: 'bool', name: 'zng.validate', usage: 'validate format when reading ZNG' },
  { kind: 'int', name: 'zng.threads', usage: 'number of ZNG read threads (0=GOMAXPROCS)' },
  { kind: 'string', name: 'zng.readmax', usage: 'maximum ZNG read buffer size in MiB, MB, etc.' },
  { kind: 'string', name: 'zng.readsize', usage: 'target ZNG read buffer size in MiB, MB, etc.' },
  ...outputFlags('zng'),
  { kind: 'bool', name: 's', usage: 'display search stats on stderr' },
  { kind: 'list', name: 'I', usage: 'source file containing Zed query text (may be used multiple times)' },
  { kind: 'bool', name: 'C', usage: 'display AST in Zed canonical format' },
  { kind: 'bool', name: 'e', usage: 'stop upon input errors', default: true },
  { kind: 'bool', name: 'q', usage: "don't display warnings" },
  ...RUNTIME_FLAGS,
  { kind: 'bool', name: 'version', usage: 'print version and exit' },
];

export const zqUsage = `usage: zlake zq [ options ] [ zed-query ] file [ file ... ]\n\nOptions:\n${usage(specs)}\n`;

/** A run of zq: its flags, the query argument and files (`args`), and the -I query files. */
export interface ZqRun {
  readonly kind: 'run';
  readonly flags: FlagValues;
  readonly args: readonly string[];
  readonly includes: readonly string[];
}

export type ZqCommandLine = { readonly kind: 'version' } | { readonly kind: 'usage' } | ZqRun;

/** Parses zq's command line; a bad flag throws FlagError. */
export function parseZqCommandLine(argv: readonly string[]): ZqCommandLine {
  const { flags, args } = parseFlags(specs, argv);
  // Zed's cli.Flags: -version wins over everything but a bad flag.
  if (flags.get('version') === true) return { kind: 'version' };
  const includes = flags.get('I') as string[];
  if (args.length === 0 && includes.length === 0) return { kind: 'usage' };
  return { kind: 'run', flags, args, includes };
}
