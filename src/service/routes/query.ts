// POST /query (lake-api.md §6): compile before answering, so every error up
// to there is a JSON error with its status; then 200 and the results stream
// as the pipeline yields them. The body is pull-driven (nothing is computed
// ahead of the client), a client that goes away stops the query, and errors
// after the start go in-band (QueryError with ctrl) and to /query/status.

import { INDEX_METAS, LATEST_METAS, type QueryHead } from '../../exec/index.js';
import { readBody, decodeRequest, type RequestRecord } from '../body.js';
import type { Ctx } from '../context.js';
import type { RouteKit } from '../kit.js';
import { formatToMediaType } from '../media.js';
import { boolQuery, pathParam } from '../params.js';
import { respondValue } from '../respond.js';
import { Wire } from '../wire.js';
import { InvalidError, QueryCanceledError } from '../../errors/index.js';
import type { QueryStatusHandle } from '../query-status.js';
import type { Capabilities } from '../revision.js';

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

/**
 * The bytes written before the first pull: a small answer goes out whole,
 * with a Content-Length, in one write; a larger one streams after them.
 */
const PREFIX_BYTES = 64 * 1024;

/** A pull-driven body over `chunks` after `head`; cancelling it (the client left) aborts the query. */
function bodyStream(head: Uint8Array[], chunks: AsyncGenerator<Uint8Array>, abort: AbortController): ReadableStream<Uint8Array> {
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
          if (r.value.length > 0) {
            controller.enqueue(r.value);
            return;
          }
        }
      },
      cancel() {
        abort.abort(new QueryCanceledError());
        // Not awaited: a pipeline mid-read stops at its next batch.
        void chunks.return(undefined).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
}

/** The response: whole when the query ends within the first PREFIX_BYTES, else streamed. */
async function queryResponse(chunks: AsyncGenerator<Uint8Array>, abort: AbortController, contentType: string): Promise<Response> {
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
    const b = r.value;
    if (b.length > 0) {
      head.push(b);
      size += b.length;
    }
  }
  return new Response(bodyStream(head, chunks, abort), { status: 200, headers: { 'Content-Type': contentType } });
}

export function queryRoutes(kit: RouteKit): void {
  const { settings } = kit;

  const handleQuery = async (c: Ctx): Promise<Response> => {
    const caps = c.get('caps');
    const req = queryRequest(decodeRequest(await readBody(c.req.raw, settings.bodyLimit), c.req.header('Content-Type') ?? null, caps));
    // Before v1.6.0 there was no ctrl parameter: ZNG and ZJSON always carried control messages.
    const ctrl = caps.ctrlParam ? boolQuery(c, 'ctrl') : true;
    const abort = new AbortController();
    const clientSignal = c.req.raw.signal;
    const onClientAbort = () => abort.abort(new QueryCanceledError());
    clientSignal.addEventListener('abort', onClientAbort, { once: true });
    const format = c.get('format');
    // The status entry exists once the query has compiled (errors come only after that).
    let status: QueryStatusHandle | null = null;
    let body: AsyncGenerator<Uint8Array>;
    try {
      const scopes = c.get('scopes');
      body = await kit.queries.start(
        { query: req.query, head: req.head, format, ctrl, channel: caps.channel, indexMetas: caps.indexRoutes, ...(scopes !== null ? { scopes } : {}) },
        {
          signal: abort.signal,
          onError: (message, stage) => {
            status?.fail(message);
            kit.log('warn', stage === 'write' ? 'Error writing batch' : 'Error pulling batch', { error: message });
          },
        },
      );
    } catch (e) {
      clientSignal.removeEventListener('abort', onClientAbort);
      throw e;
    }
    status = kit.statuses.start(c.get('requestId'));
    const started = status;
    const chunks = (async function* () {
      try {
        yield* body;
      } finally {
        clientSignal.removeEventListener('abort', onClientAbort);
        started.end();
      }
    })();
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
