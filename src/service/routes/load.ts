// Load: POST /pool/{pool}/branch/{branch} (lake-api.md §3.4). The body streams
// from the socket through gunzip and the format's reader into the lake's
// object writer, so a load of any size is never held whole. Reader errors
// after the first values end the input and become warnings (Zed's
// warningsReader); a body past the limit (413; gzip counts as inflated) or a
// broken connection fails the load before its commit, so nothing is committed.

import { InvalidError, ZedError } from '../../errors/index.js';
import { concatBytes } from '../../util/concat.js';
import { readValues } from '../../formats/index.js';
import { parseZsonValue } from '../../zson/index.js';
import { TypeContext, type Batch, type Value } from '../../zed/index.js';
import { BodyTooLargeError } from '../body.js';
import type { RouteKit } from '../kit.js';
import { requestFormat } from '../media.js';
import { commitMessage, pathParam } from '../params.js';
import { respondValue } from '../respond.js';
import { Wire } from '../wire.js';

const encoder = new TextEncoder();

/** Bytes gathered from the socket before the reader sees them (network chunks are small). */
const COALESCE = 1 << 20;

/**
 * The request body, failed once past `limit` bytes, in chunks of about
 * COALESCE bytes: a decoder's per-chunk work then costs nothing next to
 * its per-byte work, as when it reads a file.
 */
function limited(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null, limit: number): ReadableStream<Uint8Array> {
  if (body === null) return new ReadableStream({ start: (c) => c.close() });
  const reader = body instanceof ReadableStream ? body.getReader() : body[Symbol.asyncIterator]();
  let n = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const parts: Uint8Array[] = [];
      let size = 0;
      let done = false;
      while (size < COALESCE) {
        const r = 'read' in reader ? await reader.read() : await reader.next();
        if (r.done) {
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


export function loadRoutes(kit: RouteKit): void {
  const { lake, settings } = kit;

  kit.api('POST', '/pool/:pool/branch/:branch', async (c) => {
    const caps = c.get('caps');
    const branch = pathParam(c, 'branch');
    const format = caps.loadContentType ? requestFormat(c.req.header('Content-Type'), 'auto', caps) : 'auto';
    let csvDelim: string | undefined;
    const delim = caps.csvDelim ? (c.req.query('csv.delim') ?? '') : '';
    if (delim !== '') {
      if (encoder.encode(delim).length !== 1) throw new InvalidError('invalid query param "csv.delim": must be exactly one character');
      csvDelim = delim;
    }
    const msg = commitMessage(c);
    const pool = await lake.getPool(pathParam(c, 'pool'));
    await lake.getBranch(`0x${pool.id}`, branch);
    const declared = Number(c.req.header('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > settings.loadLimit) throw new BodyTooLargeError(settings.loadLimit);

    const zctx = new TypeContext();
    // The runtime's own reading of the body when it gives one (ZedService.fetch), else the Request's.
    const raw = (c.env as { rawBody?: AsyncIterable<Uint8Array> } | undefined)?.rawBody;
    // The limit holds for the bytes sent and, for a gzip body, for the bytes it inflates to.
    let inflated = 0;
    const values = readValues(limited(raw ?? c.req.raw.body, settings.loadLimit), zctx, {
      format,
      onInput: (n) => {
        inflated += n;
        if (inflated > settings.loadLimit) throw new BodyTooLargeError(settings.loadLimit, true);
      },
      ...(csvDelim !== undefined ? { csvDelim } : {}),
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
    if (msg.meta !== '') {
      try {
        meta = parseZsonValue(msg.meta, zctx);
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
        // A reader's complaint ends the input; the connection's or the limit's fails the load.
        if (!(e instanceof ZedError) || e instanceof BodyTooLargeError) throw e;
        warnings.push(e.message);
      }
    }
    const r = await lake.load(`0x${pool.id}`, branch, input(), {
      ...(msg.author !== '' ? { author: msg.author } : {}),
      ...(msg.body !== '' ? { message: msg.body } : {}),
      ...(meta !== undefined ? { meta } : {}),
    });
    kit.publish({ kind: 'branch-commit', op: 'load', poolId: pool.id, poolName: pool.name, commitId: r.commit, branch, parent: '' });
    return respondValue(c, new Wire(caps.revision).commitResponse(r.commit, warnings));
  });
}
