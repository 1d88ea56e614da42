// The one table of data formats: name, media type, file extension, and the
// factories for decoders and encoders. Everything that switches on a format
// (zq flags, HTTP content negotiation, detection) looks it up here.

import type { DecoderFactory, EncoderFactory } from './codec.js';
import { ZsonDecoder, ZsonEncoder } from './zson/index.js';
import { ZngDecoder, ZngEncoder } from './zng/index.js';
import { JsonDecoder } from './json/json-decoder.js';
import { JsonEncoder } from './json/json-encoder.js';
import { NdjsonDecoder } from './ndjson/index.js';
import { ZjsonDecoder, ZjsonEncoder } from './zjson/index.js';
import { ZeekDecoder, ZeekEncoder } from './zeek/index.js';
import { CsvDecoder, CsvEncoder, looksLikeCsv } from './csv/index.js';
import { TableEncoder } from './table/index.js';
import { TextFormatEncoder } from './text/index.js';

export type FormatName =
  | 'zson'
  | 'zng'
  | 'zjson'
  | 'json'
  | 'ndjson'
  | 'csv'
  | 'tsv'
  | 'line'
  | 'zeek'
  | 'vng'
  | 'parquet'
  | 'arrows'
  | 'table'
  | 'text';

export interface FormatEntry {
  readonly name: FormatName;
  readonly mediaType: string;
  readonly extension: string;
  readonly binary: boolean;
  readonly decoder?: DecoderFactory;
  readonly encoder?: EncoderFactory;
  /** A cheap check on the first bytes before a trial decode. */
  readonly detect?: (prefix: Uint8Array, complete: boolean) => boolean;
}

const formats: readonly FormatEntry[] = [
  {
    name: 'zson',
    mediaType: 'application/x-zson',
    extension: 'zson',
    binary: false,
    decoder: (ctx) => new ZsonDecoder(ctx),
    encoder: (opts) => new ZsonEncoder({ pretty: opts.pretty ?? 0 }),
  },
  {
    name: 'zng',
    mediaType: 'application/x-zng',
    extension: 'zng',
    binary: true,
    decoder: (ctx) => new ZngDecoder(ctx),
    encoder: (opts) =>
      new ZngEncoder({
        compress: opts.compress ?? true,
        ...(opts.frameThreshold !== undefined ? { frameThreshold: opts.frameThreshold } : {}),
      }),
  },
  {
    name: 'zjson',
    mediaType: 'application/x-zjson',
    extension: 'zjson',
    binary: false,
    decoder: (ctx) => new ZjsonDecoder(ctx),
    encoder: () => new ZjsonEncoder(),
  },
  {
    name: 'json',
    mediaType: 'application/json',
    extension: 'json',
    binary: false,
    decoder: (ctx) => new JsonDecoder(ctx),
    encoder: (opts) => new JsonEncoder({ pretty: opts.pretty ?? 0 }),
  },
  {
    name: 'ndjson',
    mediaType: 'application/x-ndjson',
    extension: 'ndjson',
    binary: false,
    decoder: (ctx) => new NdjsonDecoder(ctx),
    encoder: () => new JsonEncoder({ pretty: 0 }),
  },
  {
    name: 'csv',
    mediaType: 'text/csv',
    extension: 'csv',
    binary: false,
    decoder: (ctx, opts) => new CsvDecoder(ctx, { delim: opts.csvDelim ?? ',' }),
    encoder: () => new CsvEncoder({ delim: ',' }),
    // Detection always tries ',' (zio/anyio isCSVStream), whatever -csv.delim says.
    detect: (prefix, complete) => looksLikeCsv(prefix, complete, 0x2c),
  },
  {
    name: 'tsv',
    mediaType: 'text/tab-separated-values',
    extension: 'tsv',
    binary: false,
    decoder: (ctx) => new CsvDecoder(ctx, { delim: '\t' }),
    encoder: () => new CsvEncoder({ delim: '\t' }),
    detect: (prefix, complete) => looksLikeCsv(prefix, complete, 0x09),
  },
  { name: 'line', mediaType: 'application/x-line', extension: 'txt', binary: false },
  {
    name: 'zeek',
    mediaType: 'application/x-zeek',
    extension: 'log',
    binary: false,
    decoder: (ctx) => new ZeekDecoder(ctx),
    encoder: () => new ZeekEncoder(),
  },
  { name: 'vng', mediaType: 'application/x-vng', extension: 'vng', binary: true },
  { name: 'parquet', mediaType: 'application/x-parquet', extension: 'parquet', binary: true },
  { name: 'arrows', mediaType: 'application/vnd.apache.arrow.stream', extension: 'arrows', binary: true },
  { name: 'table', mediaType: 'text/plain', extension: 'txt', binary: false, encoder: () => new TableEncoder() },
  { name: 'text', mediaType: 'text/plain', extension: 'txt', binary: false, encoder: () => new TextFormatEncoder() },
];

const byName = new Map<string, FormatEntry>(formats.map((f) => [f.name, f]));

export function formatByName(name: string): FormatEntry | undefined {
  return byName.get(name);
}

export function allFormats(): readonly FormatEntry[] {
  return formats;
}
