// zq's inputs: the files and URLs named on the command line, and the files
// a query's `file` sources name; both counted for -s.

import { existsSync, statSync } from 'node:fs';
import {
  CompileError,
  FormatDetectionError,
  InvalidError,
  NullValue,
  ZedError,
  openHttp,
  readValues,
  toStream,
  type Batch,
  type InputOptions as ReadOptions,
  type SourceResolver,
  type TypeContext,
} from '../../../src/index.js';
import { openInput } from '../io.js';
import { InputReadError, isNoSuchFile, MissingFileError } from './input-errors.js';
import type { ZqStats } from './stats.js';
import { isUrl, urlInput } from './url-input.js';

/** How zq reads its inputs (-i, -csv.delim), and the search terms the optimizer pushed down, if any. */
export type InputOptions = Pick<ReadOptions, 'csvDelim' | 'terms' | 'fields'> & { readonly format: string };

/** Whether a command-line argument names an input (a file, stdin or a URL) rather than a query. */
export function isInputArg(p: string): boolean {
  if (isUrl(p)) return true;
  try {
    // As Zed's cli.FileExists: anything but a folder (a named pipe too).
    return p === '-' || (existsSync(p) && !statSync(p).isDirectory());
  } catch {
    return false;
  }
}

/** A regular file, which can be read twice (not a named pipe or a device). */
function isPlainFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/**
 * The values of the command line's inputs, one after another; "-" is stdin.
 * With `skipUnopened` (zq's -e=false), an input that cannot be opened (it is
 * missing, or no format matches it) is reported there and skipped, as Zed
 * does; an error inside an input still stops the query.
 */
export async function* commandLineInputs(
  paths: readonly string[],
  ctx: TypeContext,
  opts: InputOptions,
  stats: ZqStats,
  skipUnopened?: (message: string) => void,
): AsyncGenerator<Batch> {
  for (const p of paths) {
    const name = p === '-' ? 'stdio:stdin' : p;
    let opened = false;
    try {
      const url = isUrl(p);
      const bytes = countBytes(url ? urlInput(p) : openInput(p), stats);
      for await (const batch of readValues(bytes, ctx, { ...opts, seekable: p !== '-' && !url && isPlainFile(p) })) {
        opened = true;
        stats.recordsRead += batch.length;
        yield batch;
      }
    } catch (e) {
      let err = e;
      if (isNoSuchFile(e)) err = new MissingFileError(name, { cause: e });
      else if (e instanceof ZedError && !(e instanceof MissingFileError) && !(e instanceof InputReadError)) err = new InputReadError(name, e);
      const unopened = !opened && (err instanceof MissingFileError || (err instanceof InputReadError && err.cause instanceof FormatDetectionError));
      if (skipUnopened !== undefined && unopened && err instanceof Error) {
        skipUnopened(err.message);
        continue;
      }
      throw err;
    }
  }
}

/** The input of a query that starts with `yield` and has no file: one null. */
export async function* nullInput(): AsyncGenerator<Batch> {
  yield [NullValue];
}

/** zq's sources: `file path` reads a local file (its format detected unless given); `get` fetches a URL. */
export function fileSources(ctx: TypeContext, opts: InputOptions, stats: ZqStats): SourceResolver {
  return {
    open(src, _env, pushdown) {
      if (src.kind === 'HTTP') return countBatches(openHttp(src, ctx, { onBytes: (n) => (stats.bytesRead += n) }), stats);
      if (src.kind !== 'File') throw new CompileError('"from pool" cannot be used without a lake', src.loc);
      const path = src.resolved?.path ?? (src.path.kind === 'String' || src.path.kind === 'QuotedString' ? src.path.text : null);
      if (path === null) throw new InvalidError('file: path patterns are not supported');
      const format = src.format ?? opts.format;
      const terms = pushdown?.terms ?? null;
      return (async function* () {
        try {
          for await (const batch of readValues(countBytes(openInput(path), stats), ctx, { ...opts, format, seekable: true, ...(terms !== null ? { terms } : {}) })) {
            stats.recordsRead += batch.length;
            yield batch;
          }
        } catch (e) {
          if (e instanceof ZedError) throw new InputReadError(path, e);
          if (isNoSuchFile(e)) throw new MissingFileError(path);
          throw e;
        }
      })();
    },
  };
}

async function* countBatches(batches: AsyncIterable<Batch>, stats: ZqStats): AsyncGenerator<Batch> {
  for await (const b of batches) {
    stats.recordsRead += b.length;
    yield b;
  }
}

/** `stream` as read, its bytes counted into stats. */
function countBytes(stream: ReadableStream<Uint8Array>, stats: ZqStats): ReadableStream<Uint8Array> {
  return toStream(countChunks(stream, stats));
}

async function* countChunks(stream: ReadableStream<Uint8Array>, stats: ZqStats): AsyncGenerator<Uint8Array> {
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
