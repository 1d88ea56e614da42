// One load of the service (POST /pool/{pool}/branch/{branch}, lake-api.md
// §3.4) from its body to its commit: the body streams through gunzip and
// the format's reader into the lake's object writer, so a load of any size
// is never held whole. Reader errors after the first values end the input
// and become warnings (Zed's warningsReader); a body past the limit (gzip
// counts as inflated) or a broken connection fails the load before its
// commit, so nothing is committed. The spec is plain data so that a runtime
// can run the job in a worker of its own (see LoadExecutor).

import { BodyTooLargeError, InvalidError, ZedError } from '../errors/index.js';
import { readValues } from '../formats/index.js';
import type { Lake } from '../lake/index.js';
import { concatBytes } from '../util/concat.js';
import { TypeContext, type Batch, type Value } from '../zed/index.js';
import { parseZsonValue } from '../zson/index.js';

/** What a client asked to load: structured-cloneable, so it can cross to a worker. */
export interface LoadJobSpec {
  /** The pool's id (hex), already resolved from the request's name or id. */
  readonly poolId: string;
  readonly branch: string;
  /** The body's format name, or 'auto' to detect it. */
  readonly format: string;
  readonly csvDelim?: string;
  /** Commit metadata from the Zed-Commit header ('' when not given). */
  readonly author: string;
  readonly message: string;
  /** ZSON text of the commit's meta value ('' when none). */
  readonly meta: string;
  /** Bytes the body may hold, sent and inflated (Infinity for no limit). */
  readonly limit: number;
}

export interface LoadJobResult {
  /** The new commit's id (hex). */
  readonly commit: string;
  readonly warnings: readonly string[];
}

/** Runs service loads: in this thread, or elsewhere (a worker pool) in an adapter. */
export interface LoadExecutor {
  /** Loads `body`; throws a ZedError (a 4xx) or another error (a 500); `signal` aborts it uncommitted. */
  load(spec: LoadJobSpec, body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | null, signal: AbortSignal): Promise<LoadJobResult>;
  close?(): Promise<void>;
}

/** Bytes gathered from the connection before the reader sees them (network chunks are small). */
const COALESCE = 1 << 20;

/**
 * The body, failed once past `limit` bytes, in chunks of about COALESCE
 * bytes: a decoder's per-chunk work then costs nothing next to its
 * per-byte work, as when it reads a file.
 */
function limited(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null, limit: number, signal: AbortSignal): ReadableStream<Uint8Array> {
  if (body === null) return new ReadableStream({ start: (c) => c.close() });
  const reader = body instanceof ReadableStream ? body.getReader() : body[Symbol.asyncIterator]();
  let n = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const parts: Uint8Array[] = [];
      let size = 0;
      let done = false;
      while (size < COALESCE) {
        if (signal.aborted) throw signal.reason;
        const r = 'read' in reader ? await reader.read() : await reader.next();
        if (r.done === true) {
          done = true;
          break;
        }
        n += r.value.length;
        if (n > limit) throw new BodyTooLargeError(limit);
        parts.push(r.value);
        size += r.value.length;
      }
      if (size > 0) controller.enqueue(parts.length === 1 ? parts[0]! : concatBytes(parts, size));
      if (done) controller.close();
    },
    async cancel(reason) {
      if ('cancel' in reader) await reader.cancel(reason);
      else await reader.return?.(undefined);
    },
  });
}

/** Loads `body` into the spec's branch; see LoadExecutor.load. */
export async function runLoadJob(lake: Lake, spec: LoadJobSpec, body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | null, signal: AbortSignal): Promise<LoadJobResult> {
  const zctx = new TypeContext();
  // The limit holds for the bytes sent and, for a gzip body, for the bytes it inflates to.
  let inflated = 0;
  const values = readValues(limited(body, spec.limit, signal), zctx, {
    format: spec.format,
    // The load copies each batch's values before it asks for the next (the first is held only until then).
    borrow: true,
    onInput: (n) => {
      inflated += n;
      if (inflated > spec.limit) throw new BodyTooLargeError(spec.limit, true);
    },
    ...(spec.csvDelim !== undefined ? { csvDelim: spec.csvDelim } : {}),
  });
  // The first read detects the format: its failure is the request's.
  let first: IteratorResult<Batch>;
  try {
    first = await values.next();
  } catch (e) {
    if (e instanceof ZedError && !(e instanceof InvalidError) && !(e instanceof BodyTooLargeError)) throw new InvalidError(e.message, { cause: e });
    throw e;
  }
  if (first.done === true) throw new InvalidError('no records in request');
  let meta: Value | undefined;
  if (spec.meta !== '') {
    try {
      meta = parseZsonValue(spec.meta, zctx);
    } catch (e) {
      await values.return(undefined);
      throw new InvalidError('invalid commit metadata in request', { cause: e });
    }
  }
  const warnings: string[] = [];
  async function* input(): AsyncGenerator<Batch> {
    yield first.value as Batch;
    try {
      for await (const batch of values) yield batch;
    } catch (e) {
      // A reader's complaint ends the input; the connection's, the limit's or an abort fails the load.
      if (!(e instanceof ZedError) || e instanceof BodyTooLargeError || signal.aborted) throw e;
      warnings.push(e.message);
    }
  }
  const r = await lake.load(`0x${spec.poolId}`, spec.branch, input(), {
    ...(spec.author !== '' ? { author: spec.author } : {}),
    ...(spec.message !== '' ? { message: spec.message } : {}),
    ...(meta !== undefined ? { meta } : {}),
  });
  return { commit: r.commit, warnings };
}

/** Runs each load in this thread, over `lake`. */
export function inProcessLoads(lake: Lake): LoadExecutor {
  return { load: (spec, body, signal) => runLoadJob(lake, spec, body, signal) };
}
