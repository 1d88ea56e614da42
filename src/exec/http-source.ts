// `get URL` and `from URL`: one HTTP request through the Web-standard
// fetch, its response body read like a file (the format given, or else
// detected). As in Zed, the status code is not checked: whatever body
// comes back is read as data.

import type { ast } from '../compiler/index.js';
import { ZedError, InvalidError } from '../errors/index.js';
import { readValues } from '../formats/index.js';
import type { Batch, TypeContext } from '../zed/index.js';

export interface HttpSourceOptions {
  /** The fetch to use (the runtime's global fetch by default; a server's is guarded, see outbound.ts). */
  readonly fetch?: (url: string, init: RequestInit) => Promise<Response>;
  readonly signal?: AbortSignal;
  /** Called with the byte count of each body chunk read. */
  readonly onBytes?: (n: number) => void;
}

/** The URL the semantic pass resolved (a constant's value or the text as written). */
export function httpUrl(src: ast.HTTP): string {
  return src.resolved?.url ?? (src.url.kind === 'String' || src.url.kind === 'QuotedString' ? src.url.text : src.url.pattern);
}

/** Reads the response to `src`'s request as batches of values in `zctx`. */
export async function* openHttp(src: ast.HTTP, zctx: TypeContext, opts: HttpSourceOptions = {}): AsyncGenerator<Batch> {
  const url = httpUrl(src);
  const method = src.method ?? 'GET';
  const headers = new Headers();
  for (const [name, values] of Object.entries(src.resolved?.headers ?? {})) for (const v of values) headers.append(name, v);
  const init: RequestInit = { method, headers, ...(opts.signal !== undefined ? { signal: opts.signal } : {}) };
  if (src.body !== null) init.body = src.body;
  let resp: Response;
  try {
    resp = await (opts.fetch ?? fetch)(url, init);
  } catch (e) {
    if (e instanceof Error && e.name === 'AbortError') throw e;
    throw httpFailure(src, e);
  }
  const body = resp.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  const counted = opts.onBytes === undefined ? body : body.pipeThrough(counter(opts.onBytes));
  try {
    yield* readValues(counted, zctx, { ...(src.format !== null ? { format: src.format } : {}) });
  } catch (e) {
    if (e instanceof ZedError) throw new ZedError(e.kind, `${url}: ${e.message}`, { cause: e });
    throw e;
  }
}

/** A failed request as Go's client words it: `Get "url": why`. */
export function httpFailure(src: ast.HTTP, e: unknown): InvalidError {
  return new InvalidError(`${goMethod(src.method ?? 'GET')} ${JSON.stringify(httpUrl(src))}: ${reason(e)}`, { cause: e });
}

/** Go's http client names the method with its first letter capitalised ("Get", "Post"). */
function goMethod(method: string): string {
  return method.length === 0 ? method : method[0]!.toUpperCase() + method.slice(1).toLowerCase();
}

/** The innermost cause of a fetch failure, which names what went wrong (refused, unknown host, bad scheme). */
function reason(e: unknown): string {
  let cur: unknown = e;
  while (cur instanceof Error && cur.cause instanceof Error) cur = cur.cause;
  const msg = cur instanceof Error ? cur.message : String(cur);
  return msg.length > 0 ? msg : String(e);
}

function counter(onBytes: (n: number) => void): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    transform(chunk, ctl) {
      onBytes(chunk.byteLength);
      ctl.enqueue(chunk);
    },
  });
}
