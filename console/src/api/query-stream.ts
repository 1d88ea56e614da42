// Runs a query with POST /query?ctrl=true as ZJSON and hands over what
// arrives as it arrives: values (decoded by zlake's own ZJSON decoder, so
// types and ZSON text are the service's), channel changes, stats and an
// in-band error. Aborting the signal closes the connection, which stops
// the query on the server.

import { ZjsonDecoder } from '../../../src/formats/zjson/index.js';
import { LineSplitter } from '../../../src/util/line-splitter.js';
import { TypeContext, type Value } from '../../../src/zed/index.js';
import { authHeaders, errorOf, failed, NetworkError } from './client.js';

/** QueryStats as the service sends it in ZJSON. */
export interface QueryStats {
  readonly start_time: { readonly sec: number; readonly ns: number };
  readonly update_time: { readonly sec: number; readonly ns: number };
  readonly bytes_read: number;
  readonly bytes_matched: number;
  readonly records_read: number;
  readonly records_matched: number;
}

export interface QueryHandlers {
  /** Values of one channel, in arrival order. */
  values(channel: string, values: readonly Value[]): void;
  stats(stats: QueryStats): void;
  /** The query failed after it started (QueryError). */
  error(message: string): void;
}

export interface QueryHead {
  readonly pool: string;
  readonly branch: string;
}

/** The prefix of every control line (the service writes `type` first). */
const CONTROL = new TextEncoder().encode('{"type":"Query');

function isControl(buf: Uint8Array, start: number, end: number): boolean {
  if (end - start < CONTROL.length) return false;
  for (let i = 0; i < CONTROL.length; i++) if (buf[start + i] !== CONTROL[i]) return false;
  return true;
}

/**
 * Runs `query`; resolves when the response has ended, rejects with an
 * ApiError (compile errors carry positions) or a NetworkError.
 */
export async function runQuery(query: string, head: QueryHead | null, requestId: string, signal: AbortSignal, on: QueryHandlers): Promise<void> {
  let res: Response;
  try {
    res = await fetch('query?ctrl=true', {
      method: 'POST',
      headers: { Accept: 'application/x-zjson', 'Content-Type': 'application/json', 'X-Request-ID': requestId, ...authHeaders() },
      body: JSON.stringify({ query, ...(head !== null ? { head } : {}) }),
      signal,
    });
  } catch (e) {
    if (signal.aborted) throw e;
    throw new NetworkError(`Cannot reach the lake service (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!res.ok) failed(await errorOf(res));
  if (res.body === null) return;
  const decoder = new ZjsonDecoder(new TypeContext());
  const text = new TextDecoder();
  const lines = new LineSplitter();
  let channel = 'main';
  let pending: Value[] = [];
  const flush = () => {
    if (pending.length > 0) on.values(channel, pending);
    pending = [];
  };
  const onLine = (buf: Uint8Array, start: number, end: number) => {
    if (end === start) return;
    if (isControl(buf, start, end)) {
      const msg = JSON.parse(text.decode(buf.subarray(start, end))) as { type: string; value: Record<string, unknown> };
      switch (msg.type) {
        case 'QueryChannelSet':
          flush();
          channel = String(msg.value.channel);
          break;
        case 'QueryChannelEnd':
          flush();
          break;
        case 'QueryStats':
          on.stats(msg.value as unknown as QueryStats);
          break;
        case 'QueryError':
          flush();
          on.error(String(msg.value.error));
          break;
        default:
          break;
      }
      return;
    }
    const line = new Uint8Array(end - start + 1);
    line.set(buf.subarray(start, end));
    line[line.length - 1] = 10;
    for (const v of decoder.push(line)) pending.push(v);
  };
  const reader = res.body.getReader();
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (e) {
        if (signal.aborted) throw e;
        throw new NetworkError(`The connection to the lake service broke during the query (${e instanceof Error ? e.message : String(e)})`);
      }
      if (next.done) break;
      lines.push(next.value, onLine);
      flush();
    }
  } finally {
    reader.releaseLock();
  }
  flush();
}
