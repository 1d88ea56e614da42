// The output flags of zq and the lake commands (Zed's cli/outputflags), on
// their own: the commands declare them without loading the encoders
// (output.ts), which a quick command such as `ls` never needs.

import type { FlagSpec } from './flags.js';
import { bytesCheck } from './lake-cli/go-text.js';

const FORMAT_LIST = 'arrows,csv,json,lake,parquet,table,text,tsv,vng,zeek,zjson,zng,zson';

export function outputFlags(defaultFormat: string): FlagSpec[] {
  return [
    { kind: 'string', name: 'f', usage: `format for output data [${FORMAT_LIST}]`, default: defaultFormat },
    { kind: 'bool', name: 'j', usage: 'use line-oriented JSON output independent of -f option' },
    { kind: 'bool', name: 'J', usage: 'use formatted JSON output independent of -f option' },
    { kind: 'bool', name: 'z', usage: 'use line-oriented ZSON output independent of -f option' },
    { kind: 'bool', name: 'Z', usage: 'use formatted ZSON output independent of -f option' },
    { kind: 'bool', name: 'B', usage: 'allow binary zng be sent to a terminal output' },
    { kind: 'bool', name: 'color', usage: 'enable/disable color formatting for -Z and lake text output', default: true },
    { kind: 'bool', name: 'zng.compress', usage: 'compress ZNG frames', default: true },
    { kind: 'int', name: 'zng.framethresh', usage: 'minimum ZNG frame size in uncompressed bytes', default: 524288 },
    { kind: 'int', name: 'pretty', usage: 'tab size to pretty print JSON/ZSON output (0 for newline-delimited JSON/ZSON', default: 4 },
    { kind: 'string', name: 'persist', usage: 'regular expression to persist type definitions across the stream' },
    { kind: 'string', name: 'split', usage: 'split output into one file per data type in this directory (but see -splitsize)' },
    {
      kind: 'string',
      name: 'splitsize',
      usage: 'if >0 and -split is set, split into files at least this big rather than by data type',
      check: bytesCheck,
    },
    { kind: 'bool', name: 'unbuffered', usage: 'disable output buffering' },
    { kind: 'string', name: 'o', usage: 'write data to output file' },
  ];
}
