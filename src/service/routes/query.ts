// POST /query (lake-api.md §6): compile before answering, so every error up
// to there is a JSON error with its status; then 200 and the results stream
// as the pipeline yields them. The body is pull-driven (nothing is computed
// ahead of the client), a client that goes away stops the query, and errors
// after the start go in-band (QueryError with ctrl) and to /query/status.

import { prepareQuery, QueryWriter, INDEX_METAS, LATEST_METAS, type PreparedQuery, type QueryHead } from '../../exec/index.js';
import type { Chunk } from '../../formats/index.js';
import { readBody, decodeRequest, type RequestRecord } from '../body.js';
import type { Ctx } from '../context.js';
import type { RouteKit } from '../kit.js';
import { formatToMediaType } from '../media.js';
import { boolQuery, pathParam } from '../params.js';
import { respondValue } from '../respond.js';
import { Wire } from '../wire.js';
import { InvalidError } from '../../errors/index.js';
import type { QueryStatusHandle } from '../query-status.js';
import type { Capabilities } from '../revision.js';

const STATS_INTERVAL_MS = 1000;
const encoder = new TextEncoder();

export interface QueryRequest {
  readonly query: string;
  readonly head: QueryHead | null;
}

/** Zed's api.QueryRequest: `{query, head: {pool, branch}}`; `head: null` means none. */
export function queryRequest(req: RequestRecord): QueryRequest {
  const head = req.record('head');
  return {
    query: req.string('query') ?? '',
    head: head === undefined ? null : { pool: head.string('pool') ?? null, branch: head.string('branch') ?? null },
  };
}

export function metasOf(caps: Capabilities) {
  return caps.indexRoutes ? INDEX_METAS : LATEST_METAS;
}

/** Resolves on each tick of a clock, for periodic QueryStats. */
class Ticker {
  #resolve: (() => void) | null = null;
  #promise: Promise<'tick'>;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(ms: number) {
    this.#promise = this.#arm();
    this.#timer = setInterval(() => {
      const r = this.#resolve;
      this.#promise = this.#arm();
      r?.();
    }, ms);
  }

  #arm(): Promise<'tick'> {
    return new Promise<'tick'>((resolve) => {
      this.#resolve = () => resolve('tick');
    });
  }

  get next(): Promise<'tick'> {
    return this.#promise;
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

/** The response body's chunks: data, control messages, the writer's end. */
async function* produce(q: PreparedQuery, writer: QueryWriter, ctrl: boolean, status: QueryStatusHandle, signal: AbortSignal): AsyncGenerator<Chunk> {
  const it = q.runChannels()[Symbol.asyncIterator]();
  const ticker = ctrl ? new Ticker(STATS_INTERVAL_MS) : null;
  let failed = false;
  try {
    let pending = it.next();
    for (;;) {
      pending.catch(() => {});
      const r = ticker === null ? await pending : await Promise.race([pending, ticker.next]);
      if (r === 'tick') {
        yield* writer.stats(q.meter.stats());
        continue;
      }
      if (r.done === true) break;
      pending = it.next();
      const { channel, batch } = r.value;
      if (batch === null) yield* writer.channelEnd(channel);
      else if (batch.length > 0) yield* writer.batch(batch, channel);
    }
    yield* writer.stats(q.meter.stats());
  } catch (e) {
    failed = true;
    const message = signal.aborted ? 'context canceled' : e instanceof Error ? e.message : String(e);
    status.fail(message);
    if (signal.aborted) return;
    yield* writer.error(message);
  } finally {
    ticker?.stop();
    status.end();
    if (failed || signal.aborted) void it.return?.(undefined)?.catch(() => {});
  }
  let tail: Chunk;
  try {
    tail = writer.end();
  } catch (e) {
    // An encoder that failed mid-stream may fail again at its end: the body just stops.
    if (!failed) status.fail(e instanceof Error ? e.message : String(e));
    return;
  }
  yield tail;
}

function bytesOf(c: Chunk): Uint8Array {
  return typeof c === 'string' ? encoder.encode(c) : c;
}

/**
 * The bytes written before the first pull: a small answer goes out whole,
 * with a Content-Length, in one write; a larger one streams after them.
 */
const PREFIX_BYTES = 64 * 1024;

/** A pull-driven body over `chunks` after `head`; cancelling it (the client left) aborts the query. */
function bodyStream(head: Uint8Array[], chunks: AsyncGenerator<Chunk>, abort: AbortController): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const h = head.shift();
        if (h !== undefined) {
          controller.enqueue(h);
          return;
        }
        for (;;) {
          const r = await chunks.next();
          if (r.done === true) {
            controller.close();
            return;
          }
          const b = bytesOf(r.value);
          if (b.length > 0) {
            controller.enqueue(b);
            return;
          }
        }
      },
      cancel() {
        abort.abort(new Error('context canceled'));
        // Not awaited: a pipeline mid-read stops at its next batch.
        void chunks.return(undefined).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
}

/** The response: whole when the query ends within the first PREFIX_BYTES, else streamed. */
async function queryResponse(chunks: AsyncGenerator<Chunk>, abort: AbortController, contentType: string): Promise<Response> {
  const head: Uint8Array[] = [];
  let size = 0;
  while (size < PREFIX_BYTES) {
    const r = await chunks.next();
    if (r.done === true) {
      const body = new Uint8Array(size);
      let off = 0;
      for (const b of head) {
        body.set(b, off);
        off += b.length;
      }
      return new Response(body, { status: 200, headers: { 'Content-Type': contentType } });
    }
    const b = bytesOf(r.value);
    if (b.length > 0) {
      head.push(b);
      size += b.length;
    }
  }
  return new Response(bodyStream(head, chunks, abort), { status: 200, headers: { 'Content-Type': contentType } });
}

export function queryRoutes(kit: RouteKit): void {
  const { lake, settings } = kit;

  const handleQuery = async (c: Ctx): Promise<Response> => {
    const caps = c.get('caps');
    const req = queryRequest(decodeRequest(await readBody(c.req.raw, settings.bodyLimit), c.req.header('Content-Type') ?? null, caps));
    // Before v1.6.0 there was no ctrl parameter: ZNG and ZJSON always carried control messages.
    const ctrl = caps.ctrlParam ? boolQuery(c, 'ctrl') : true;
    const abort = new AbortController();
    const clientSignal = c.req.raw.signal;
    const onClientAbort = () => abort.abort(new Error('context canceled'));
    clientSignal.addEventListener('abort', onClientAbort, { once: true });
    const q = await prepareQuery(lake, req.query, {
      head: req.head,
      signal: abort.signal,
      metas: metasOf(caps),
      now: settings.now,
      outbound: settings.outbound,
      ...(settings.spillStore !== undefined ? { spillStore: settings.spillStore } : {}),
    });
    const format = c.get('format');
    const writer = new QueryWriter({ format, ctrl, channel: caps.channel, channelIds: new Map(q.compiled.pipeline.channels.map((c, i) => [c, i])) });
    const status = kit.statuses.start(c.get('requestId'));
    const chunks = produce(q, writer, ctrl, status, abort.signal);
    return queryResponse(chunks, abort, formatToMediaType(format));
  };

  kit.api(['POST', 'OPTIONS'], '/query', handleQuery, { preflight: true });

  kit.api(
    'GET',
    '/query/status/:requestID',
    async (c) => {
      const err = await kit.statuses.wait(pathParam(c, 'requestID'));
      if (err === null) throw new InvalidError('query not found');
      return respondValue(c, new Wire(c.get('caps').revision).queryError(err));
    },
    { when: (caps) => caps.queryStatus },
  );
}
