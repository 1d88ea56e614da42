// `zlake zq [flags] [query] [file ...]`: zq's command line on the engine.

import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  NullValue,
  ParseError,
  QueryLimitError,
  TypeContext,
  TypeString,
  type SourceResolver,
  type CompiledQuery,
  ZIter,
  compile,
  encodeBatches,
  formatByName,
  readValues,
  openHttp,
  CompileError,
  semanticErrors,
  formatCompilationEntry,
  byteOffset,
  ZedError,
  type Batch,
  type Encoder,
  type EncoderOptions,
  type Value,
} from '../../src/index.js';
import { FlagError, csvDelimCheck, parseFlags, usage, type FlagSpec } from './flags.js';
import { fileSink, openInput, type Sink } from './io.js';
import { DiskSpillStore } from '../local/spill-store.js';
import { zedVersionLine } from './version.js';
import { useLocalParquetWasm } from '../local/parquet-wasm.js';

const FORMAT_LIST = 'arrows,csv,json,lake,parquet,table,text,tsv,vng,zeek,zjson,zng,zson';

const specs: readonly FlagSpec[] = [
  { kind: 'string', name: 'i', usage: 'format of input data [auto,arrows,csv,json,line,parquet,tsv,vng,zeek,zjson,zng,zson]', default: 'auto' },
  { kind: 'string', name: 'csv.delim', usage: 'CSV field delimiter (default ",")', check: csvDelimCheck },
  { kind: 'bool', name: 'zng.validate', usage: 'validate format when reading ZNG' },
  { kind: 'int', name: 'zng.threads', usage: 'number of ZNG read threads (0=GOMAXPROCS)' },
  { kind: 'string', name: 'zng.readmax', usage: 'maximum ZNG read buffer size in MiB, MB, etc.' },
  { kind: 'string', name: 'zng.readsize', usage: 'target ZNG read buffer size in MiB, MB, etc.' },
  { kind: 'string', name: 'f', usage: `format for output data [${FORMAT_LIST}]`, default: 'zng' },
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
  { kind: 'string', name: 'splitsize', usage: 'if >0 and -split is set, split into files at least this big rather than by data type' },
  { kind: 'bool', name: 'unbuffered', usage: 'disable output buffering' },
  { kind: 'string', name: 'o', usage: 'write data to output file' },
  { kind: 'bool', name: 's', usage: 'display search stats on stderr' },
  { kind: 'list', name: 'I', usage: 'source file containing Zed query text (may be used multiple times)' },
  { kind: 'bool', name: 'C', usage: 'display AST in Zed canonical format' },
  { kind: 'bool', name: 'e', usage: 'stop upon input errors', default: true },
  { kind: 'bool', name: 'q', usage: "don't display warnings" },
  { kind: 'string', name: 'aggmem', usage: 'maximum memory used per aggregate function value in MiB, MB, etc' },
  { kind: 'string', name: 'sortmem', usage: 'maximum memory used by sort in MiB, MB, etc' },
  { kind: 'string', name: 'fusemem', usage: 'maximum memory used by fuse in MiB, MB, etc' },
  { kind: 'bool', name: 'version', usage: 'print version and exit' },
];

export const zqUsage = `usage: zlake zq [ options ] [ zed-query ] file [ file ... ]\n\nOptions:\n${usage(specs)}\n`;

interface OutputPlan {
  format: string;
  opts: EncoderOptions;
}

function planOutput(flags: Map<string, unknown>, stdoutIsTTY: boolean): OutputPlan {
  let format = flags.get('f') as string;
  let pretty = flags.get('pretty') as number;
  const j = flags.get('j') === true;
  const J = flags.get('J') === true;
  const z = flags.get('z') === true;
  const Z = flags.get('Z') === true;
  const output = (flags.get('o') as string | undefined) ?? '';
  if (j || J) {
    if (format !== 'zng' || z || Z) throw new ZedError('invalid', 'cannot use -j or -J with -f, -z, or -Z');
    format = 'json';
    if (!J) pretty = 0;
  } else if (z || Z) {
    if (format !== 'zng') throw new ZedError('invalid', 'cannot use -z or -Z with -f');
    format = 'zson';
    if (!Z) pretty = 0;
  }
  if ((output === '' || output === '-') && flags.get('split') === undefined && format === 'zng' && flags.get('B') !== true && stdoutIsTTY) {
    format = 'zson';
    pretty = 0;
  }
  return {
    format,
    opts: {
      pretty,
      compress: flags.get('zng.compress') as boolean,
      frameThreshold: flags.get('zng.framethresh') as number,
    },
  };
}

function makeEncoder(plan: OutputPlan): Encoder {
  const f = formatByName(plan.format);
  if (f === undefined) throw new ZedError('invalid', `unknown format: ${plan.format}`);
  if (f.encoder === undefined) throw new ZedError('unsupported', `${plan.format}: output format not supported yet`);
  return f.encoder(plan.opts);
}

/** A per-type fan-out for -split: one file per distinct type, named as zq names them. */
class SplitSink {
  private readonly outs = new Map<unknown, { enc: Encoder; sink: Sink }>();
  private readonly seen = new Set<string>();
  constructor(
    private readonly dir: string,
    private readonly prefix: string,
    private readonly plan: OutputPlan,
    private readonly ext: string,
  ) {
    mkdirSync(dir, { recursive: true });
  }
  private pathFor(v: Value): string {
    let uniq = String(this.outs.size);
    const path = pathField(v);
    if (path !== null && path !== '') {
      if (this.seen.has(path)) uniq = `${path}-${uniq}`;
      else {
        uniq = path;
        this.seen.add(path);
      }
    }
    return join(this.dir, `${this.prefix}${uniq}.${this.ext}`);
  }
  async write(batch: Batch): Promise<void> {
    for (const v of batch) {
      let out = this.outs.get(v.type);
      if (out === undefined) {
        out = { enc: makeEncoder(this.plan), sink: fileSink(this.pathFor(v)) };
        this.outs.set(v.type, out);
      }
      const c = out.enc.write([v]);
      if (c.length > 0) await out.sink.write(c);
    }
  }
  async close(): Promise<void> {
    for (const { enc, sink } of this.outs.values()) {
      const c = enc.end();
      if (c.length > 0) await sink.write(c);
      await sink.close();
    }
  }
}

/** The record's string `_path` field, which names split outputs as zq names them. */
function pathField(v: Value): string | null {
  const t = v.type;
  if (t.kind !== 'record' || v.bytes === null) return null;
  const i = t.indexOf('_path');
  if (i < 0 || t.fields[i]!.type !== TypeString) return null;
  const it = new ZIter(v.bytes);
  for (let k = 0; k < i; k++) it.next();
  const body = it.next();
  return body === null ? null : new TextDecoder().decode(body);
}

interface Stats {
  bytesRead: number;
  recordsRead: number;
  recordsMatched: number;
}

async function* countingInput(stream: ReadableStream<Uint8Array>, stats: Stats): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) return;
      stats.bytesRead += r.value.length;
      yield r.value;
    }
  } finally {
    reader.releaseLock();
  }
}

function streamOf(it: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(c) {
      const r = await it.next();
      if (r.done) c.close();
      else c.enqueue(r.value);
    },
    async cancel() {
      await it.return(undefined);
    },
  });
}

/** Runs zq; returns the exit status. Errors are printed to stderr as zq words them. */
export async function runZq(argv: readonly string[]): Promise<number> {
  // Parquet's WebAssembly engine comes from node_modules, compiled on first use.
  useLocalParquetWasm();
  const cleanups: (() => Promise<void>)[] = [];
  try {
    return await runZqInner(argv, cleanups);
  } finally {
    for (const c of cleanups) await c().catch(() => {});
  }
}

async function runZqInner(argv: readonly string[], cleanups: (() => Promise<void>)[]): Promise<number> {
  let parsed;
  try {
    parsed = parseFlags(specs, argv);
  } catch (e) {
    if (e instanceof FlagError) {
      process.stderr.write(`${e.message}\n${zqUsage}`);
      return 2;
    }
    throw e;
  }
  const { flags } = parsed;
  // Zed's cli.Flags: -version wins over everything but a bad flag.
  if (flags.get('version') === true) {
    process.stdout.write(zedVersionLine());
    return 0;
  }
  let args = parsed.args;
  const includes = flags.get('I') as string[];
  if (args.length === 0 && includes.length === 0) {
    process.stderr.write(zqUsage);
    return 2;
  }
  try {
    let src = '';
    const ctx = new TypeContext();
    const stats: Stats = { bytesRead: 0, recordsRead: 0, recordsMatched: 0 };
    const inputOpts = {
      format: flags.get('i') as string,
      ...(flags.get('csv.delim') !== undefined ? { csvDelim: flags.get('csv.delim') as string } : {}),
    };
    const sources = fileSources(ctx, inputOpts, stats);
    const spillStore = new DiskSpillStore();
    cleanups.push(() => spillStore.close());
    let lone = false;
    if (args.length > 0 && !isFile(args[0]!)) {
      src = args[0]!;
      args = args.slice(1);
      lone = args.length === 0;
    }
    const parts = [...includes.map((p) => ({ name: p, text: readFileSync(p, 'utf8') })), { name: '', text: src }];
    const text = parts.map((p) => p.text).join('\n');
    let query: CompiledQuery;
    try {
      query = compile(text, { zctx: ctx, sources, spillStore, warn: (m) => process.stderr.write(`${m}\n`) });
    } catch (e) {
      throw includes.length > 0 ? inSources(e, parts) : compileFailure(e, text, src, lone);
    }
    let nullInput = false;
    if (lone && !query.hasSource) {
      if (!query.startsWithYield) throw singleArgError(src, null);
      nullInput = true;
    }
    const plan = planOutput(flags, process.stdout.isTTY === true);
    const paths = args;
    // The filter the optimizer pushed into the input lets the JSON reader skip lines.
    const terms = query.pushdown?.terms;
    const searchOpts = terms !== undefined && terms !== null ? { ...inputOpts, terms } : inputOpts;
    async function* input(): AsyncGenerator<Batch> {
      if (nullInput) {
        yield [NullValue];
        return;
      }
      for (const p of paths) {
        const name = p === '-' ? 'stdio:stdin' : p;
        try {
          const url = isUrl(p);
          for await (const batch of readValues(streamOf(countingInput(url ? urlInput(p) : openInput(p), stats)), ctx, { ...searchOpts, seekable: p !== '-' && !url })) {
            stats.recordsRead += batch.length;
            yield batch;
          }
        } catch (e) {
          if (e instanceof Error && 'code' in e && e.code === 'ENOENT') throw new ZedError('not-found', `${name}: file does not exist`, { cause: e });
          if (e instanceof ZedError && !(e as { prefixed?: boolean }).prefixed) {
            const wrapped = new ZedError(e.kind, `${name}: ${e.message}`, { cause: e });
            (wrapped as { prefixed?: boolean }).prefixed = true;
            throw wrapped;
          }
          throw e;
        }
      }
    }
    // The main channel is the output; `debug` goes to stderr as ZSON, as zq does.
    const debug = formatByName('zson')!.encoder!({ pretty: 0 });
    async function* matched(): AsyncGenerator<Batch> {
      for await (const c of query.pipeline.runChannels(query.hasSource ? emptyInput() : input(), ctx)) {
        if (c.batch === null) continue;
        if (c.channel === 'main') {
          stats.recordsMatched += c.batch.length;
          yield c.batch;
        } else if (c.channel === 'debug') {
          const text = debug.write(c.batch);
          process.stderr.write(typeof text === 'string' ? text : Buffer.from(text));
        }
      }
    }
    const split = flags.get('split') as string | undefined;
    if (split !== undefined) {
      const f = formatByName(plan.format);
      const prefix = (flags.get('o') as string | undefined) ?? '';
      const sink = new SplitSink(split, prefix === '' ? '' : `${prefix}-`, plan, f?.extension ?? plan.format);
      for await (const batch of matched()) await sink.write(batch);
      await sink.close();
    } else {
      const out = flags.get('o') as string | undefined;
      const sink = fileSink(out === undefined || out === '' || out === '-' ? null : out);
      for await (const chunk of encodeBatches(matched(), makeEncoder(plan))) await sink.write(chunk);
      await sink.close();
    }
    if (flags.get('s') === true) {
      process.stderr.write(
        `{bytes_read:${stats.bytesRead},bytes_matched:${stats.bytesRead},records_read:${stats.recordsRead},records_matched:${stats.recordsMatched}}\n`,
      );
    }
    return 0;
  } catch (e) {
    if (e instanceof ZedError) {
      process.stderr.write(`${e.message}\n`);
      return 1;
    }
    if (e instanceof Error && 'code' in e && typeof e.code === 'string' && e.code.startsWith('E')) {
      process.stderr.write(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

async function* emptyInput(): AsyncGenerator<Batch> {}

/**
 * A query that does not compile, as zq reports it: syntax errors, and
 * semantic errors of a lone query argument, get zq's "zq: " prefix;
 * semantic errors carry their place in the query text.
 */
function compileFailure(e: unknown, text: string, src: string, lone: boolean): unknown {
  if (e instanceof ParseError) return lone ? singleArgError(src, e) : new ZedError('invalid', `zq: ${e.message}`, { cause: e });
  if (e instanceof CompileError && e.loc !== null) {
    const err = semanticErrors(text, [{ msg: e.message, start: e.loc.start, end: e.loc.end }]);
    return lone ? new ZedError('invalid', `zq: ${err.message}`, { cause: err }) : err;
  }
  return e;
}

/**
 * A compile error of a query made of -I files and the query argument (Zed's
 * SourceSet): its line and column are counted in the part it falls in, and
 * the message names that file ("... in FILE at line L, column C:").
 */
function inSources(e: unknown, parts: readonly { name: string; text: string }[]): unknown {
  let pos: number;
  let end: number | null;
  let msg: string;
  const text = parts.map((p) => p.text).join('\n');
  if (e instanceof ParseError) {
    let lineStart = 0;
    for (let l = 1; l < e.line; l++) lineStart = text.indexOf('\n', lineStart) + 1;
    pos = lineStart + e.column - 1;
    end = null;
    msg = e.reason;
  } else if (e instanceof CompileError && e.loc !== null) {
    pos = e.loc.start;
    end = e.loc.end;
    msg = e.message;
  } else {
    return e;
  }
  // The part `pos` falls in, and where it starts in the joined text.
  let at = 0;
  let base = 0;
  while (at < parts.length - 1 && base + parts[at]!.text.length + 1 <= pos) base += parts[at++]!.text.length + 1;
  const part = parts[at]!;
  const local = part.text;
  const lpos = Math.min(pos - base, local.length);
  const lend = end === null ? -1 : byteOffset(local, Math.min(end - base, local.length));
  const named = part.name === '' ? msg : `${msg} in ${part.name}`;
  // A query over a limit may be one line of a megabyte: no copy of it.
  const out = formatCompilationEntry(local, named, byteOffset(local, lpos), lend, !(e instanceof QueryLimitError));
  return new ZedError('invalid', e instanceof ParseError ? `zq: ${out}` : out, { cause: e });
}

function singleArgError(src: string, err: ParseError | null): ZedError {
  const shown = src.length > 20 ? `${src.slice(0, 20)}...` : src;
  let msg = `zq: could not invoke zq with a single argument because:\n - a file could not be found with the name ${JSON.stringify(shown)}`;
  if (err !== null) {
    msg += '\n - the argument could not be compiled as a valid Zed query:';
    for (const line of err.message.split('\n')) msg += `\n   ${line}`;
  } else {
    msg +=
      '\n - the argument is a valid Zed query but does not begin with a source (e.g., "file input.zson") or yield operator';
  }
  return new ZedError('invalid', msg);
}

/** zq's sources: `file path` reads a local file (its format detected unless given). */
function fileSources(ctx: TypeContext, opts: { format: string; csvDelim?: string }, stats: Stats): SourceResolver {
  return {
    open(src, _env, pushdown) {
      if (src.kind === 'HTTP') return countBatches(openHttp(src, ctx, { onBytes: (n) => (stats.bytesRead += n) }), stats);
      if (src.kind !== 'File') throw new CompileError('"from pool" cannot be used without a lake', src.loc);
      const path = src.resolved?.path ?? (src.path.kind === 'String' || src.path.kind === 'QuotedString' ? src.path.text : null);
      if (path === null) throw new ZedError('invalid', 'file: path patterns are not supported');
      const format = src.format ?? opts.format;
      const terms = pushdown?.terms ?? null;
      return (async function* () {
        try {
          for await (const batch of readValues(streamOf(countingInput(openInput(path), stats)), ctx, { ...opts, format, seekable: true, ...(terms !== null ? { terms } : {}) })) {
            stats.recordsRead += batch.length;
            yield batch;
          }
        } catch (e) {
          if (e instanceof ZedError) throw new ZedError(e.kind, `${path}: ${e.message}`, { cause: e });
          if (e instanceof Error && 'code' in e && e.code === 'ENOENT') throw new ZedError('not-found', `${path}: file does not exist`);
          throw e;
        }
      })();
    },
  };
}

async function* countBatches(batches: AsyncIterable<Batch>, stats: Stats): AsyncGenerator<Batch> {
  for await (const b of batches) {
    stats.recordsRead += b.length;
    yield b;
  }
}

/** zq takes http and https URLs where it takes files. */
function isUrl(p: string): boolean {
  return /^https?:\/\//i.test(p);
}

/** A URL's body as an input, fetched when first read; a 404 is a missing file, as in Zed's HTTP storage engine. */
function urlInput(url: string): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(ctl) {
      if (reader === null) {
        const resp = await fetch(url);
        if (resp.status !== 200) {
          await resp.body?.cancel();
          if (resp.status === 404) throw Object.assign(new Error(`${url}: file does not exist`), { code: 'ENOENT' });
          throw new ZedError('invalid', `${resp.status} ${resp.statusText}`);
        }
        if (resp.body === null) return ctl.close();
        reader = resp.body.getReader();
      }
      const r = await reader.read();
      if (r.done) ctl.close();
      else ctl.enqueue(r.value);
    },
    async cancel(reason) {
      await reader?.cancel(reason);
    },
  });
}

function isFile(p: string): boolean {
  if (isUrl(p)) return true;
  try {
    return p === '-' || (existsSync(p) && statSync(p).isFile());
  } catch {
    return false;
  }
}
