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
import { CsvDecoder, CsvEncoder, csvFirstLine } from './csv/index.js';
import { LineDecoder } from './line/index.js';
import type { Detection } from './detect-hook.js';
import { arrowsPrefix, parquetMagic, vngHeader } from './magic.js';
import { TableEncoder } from './table/index.js';
import { TextFormatEncoder } from './text/index.js';
import { VngDecoder, VngEncoder } from './vng/index.js';
import { LakeEncoder } from './lake/index.js';
import { ArrowsDecoder, ArrowsEncoder } from './arrow/index.js';
import { ParquetDecoder, ParquetEncoder } from './parquet/index.js';

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
  | 'text'
  | 'lake';

export interface FormatEntry {
  readonly name: FormatName;
  readonly mediaType: string;
  readonly extension: string;
  readonly binary: boolean;
  readonly decoder?: DecoderFactory;
  readonly encoder?: EncoderFactory;
  /** How auto-detection tries it, rank = Zed's order (detect-hook.ts); absent: never listed. */
  readonly detect?: Detection;
}

const formats: readonly FormatEntry[] = [
  {
    name: 'zson',
    mediaType: 'application/x-zson',
    extension: 'zson',
    binary: false,
    decoder: (ctx) => new ZsonDecoder(ctx),
    encoder: (opts) => new ZsonEncoder({ pretty: opts.pretty ?? 0 }),
    detect: { kind: 'trial', rank: 70 },
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
    detect: { kind: 'trial', rank: 80 },
  },
  {
    name: 'zjson',
    mediaType: 'application/x-zjson',
    extension: 'zjson',
    binary: false,
    decoder: (ctx) => new ZjsonDecoder(ctx),
    encoder: () => new ZjsonEncoder(),
    // Before JSON and ZSON: ZJSON is a subset of both.
    detect: { kind: 'trial', rank: 50 },
  },
  {
    name: 'json',
    mediaType: 'application/json',
    extension: 'json',
    binary: false,
    decoder: (ctx, opts) => new JsonDecoder(ctx, opts.fields),
    encoder: (opts) => new JsonEncoder({ pretty: opts.pretty ?? 0 }),
    // Zed wants ten values (or a clean end) before it calls input JSON.
    detect: { kind: 'trial', rank: 60, want: 10 },
  },
  {
    name: 'ndjson',
    mediaType: 'application/x-ndjson',
    extension: 'ndjson',
    binary: false,
    decoder: (ctx, opts) => new NdjsonDecoder(ctx, opts.fields, true, opts.borrow === true),
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
    detect: { kind: 'trial', rank: 90, check: (prefix, end) => csvFirstLine(prefix, end, 'csv', 0x2c) },
  },
  {
    name: 'tsv',
    mediaType: 'text/tab-separated-values',
    extension: 'tsv',
    binary: false,
    decoder: (ctx) => new CsvDecoder(ctx, { delim: '\t' }),
    encoder: () => new CsvEncoder({ delim: '\t' }),
    detect: { kind: 'trial', rank: 100, check: (prefix, end) => csvFirstLine(prefix, end, 'tsv', 0x09) },
  },
  {
    name: 'line',
    mediaType: 'application/x-line',
    extension: 'txt',
    binary: false,
    decoder: () => new LineDecoder(),
    detect: { kind: 'never' },
  },
  {
    name: 'zeek',
    mediaType: 'application/x-zeek',
    extension: 'log',
    binary: false,
    decoder: (ctx) => new ZeekDecoder(ctx),
    encoder: () => new ZeekEncoder(),
    detect: { kind: 'trial', rank: 40 },
  },
  {
    name: 'vng',
    mediaType: 'application/x-vng',
    extension: 'vng',
    binary: true,
    decoder: (ctx) => new VngDecoder(ctx),
    encoder: () => new VngEncoder(),
    // Zed detects VNG only in a seekable input (a file), by its header.
    detect: { kind: 'seekable', rank: 20, check: vngHeader },
  },
  {
    name: 'parquet',
    mediaType: 'application/x-parquet',
    extension: 'parquet',
    binary: true,
    decoder: (ctx) => new ParquetDecoder(ctx),
    encoder: () => new ParquetEncoder(),
    // Zed tries Parquet first, and only in a seekable input (a file).
    detect: { kind: 'seekable', rank: 10, check: parquetMagic },
  },
  {
    name: 'arrows',
    mediaType: 'application/vnd.apache.arrow.stream',
    extension: 'arrows',
    binary: true,
    decoder: (ctx) => new ArrowsDecoder(ctx),
    encoder: () => new ArrowsEncoder(),
    detect: { kind: 'trial', rank: 30, check: arrowsPrefix },
  },
  { name: 'table', mediaType: 'text/plain', extension: 'txt', binary: false, encoder: () => new TableEncoder() },
  { name: 'text', mediaType: 'text/plain', extension: 'txt', binary: false, encoder: () => new TextFormatEncoder() },
  // Lake metadata as text (zed ls, zed log); the CLI builds it with a HEAD to mark.
  { name: 'lake', mediaType: 'text/plain', extension: 'txt', binary: false, encoder: () => new LakeEncoder() },
];

const byName = new Map<string, FormatEntry>(formats.map((f) => [f.name, f]));

export function formatByName(name: string): FormatEntry | undefined {
  return byName.get(name);
}

export function allFormats(): readonly FormatEntry[] {
  return formats;
}
