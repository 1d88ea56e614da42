// Client access: the lake commands against a lake service over its HTTP API
// (Zed's lake/api remote over api/client), with fetch. Requests carry JSON;
// loads and query results travel as ZNG, queries with control messages
// (channels, stats, in-band errors). Failures read as the Go client shows
// them: `status code N: <error>`, or the compile error text alone.

import {
  formatByName,
  InternalError,
  InvalidError,
  ksuidHexToBase62,
  parseId,
  TypeContext,
  ZedError,
  ZngDecoder,
  type Batch,
  type KsuidHex,
  type Value,
  type ZngControl,
} from '../../../src/index.js';
import type { CommitMessage, LakeApi, PoolKeySpec, QueryOptions, QueryRun, QueryStats } from './api.js';
import type { Commitish } from './head.js';
import { Auth0Client, type Auth0Details } from './auth0-client.js';
import type { CredentialStore } from './credentials.js';
import { fieldOf, idOf, typeName } from './values.js';
import { parseZson } from './zson-text.js';
import { fetchFailure } from './dial-error.js';

const JSON_TYPE = 'application/json';
const ZNG_TYPE = 'application/x-zng';
/** Zed's control message encoding for ZSON text. */
const CONTROL_ZSON = 2;

interface RequestOptions {
  readonly body?: unknown;
  readonly raw?: ReadableStream<Uint8Array>;
  readonly contentType?: string;
  readonly accept?: string;
  readonly commit?: CommitMessage;
}

/** An HTTP failure as the Go client words it. */
export class ServiceError extends ZedError {
  constructor(
    readonly status: number,
    message: string,
    /** The error body's own message (the client refreshes its login when it is exactly "invalid token"). */
    readonly serviceMessage: string | null = null,
  ) {
    super(status === 404 ? 'not-found' : status === 409 ? 'conflict' : status < 500 ? 'invalid' : 'internal', message);
  }
}

export class RemoteApi implements LakeApi {
  readonly #auth: CredentialStore | null;
  #access: string | null = null;

  /**
   * `auth`, when given, is where the login's tokens are kept (Zed's
   * credentials file): the service's are sent as a bearer, and refreshed
   * once when the service calls the access token invalid, as Zed's
   * client does (api/client/connection.go).
   */
  constructor(
    readonly location: string,
    auth: CredentialStore | null = null,
  ) {
    const tokens = auth?.tokens(location) ?? null;
    this.#auth = tokens === null ? null : auth;
    this.#access = tokens?.access ?? null;
  }

  async poolId(nameOrId: string): Promise<KsuidHex> {
    if (nameOrId === '') throw new InvalidError('no pool name provided');
    const id = parseId(nameOrId);
    if (id !== null && (await this.#poolIds(`from :pools | id == hex('${id}')`)).length > 0) return id;
    const ids = await this.#poolIds(`from :pools | name == '${nameOrId}'`);
    if (ids.length === 0) throw new ServiceError(404, `${JSON.stringify(nameOrId)}: pool not found`);
    if (ids.length > 1) throw new InternalError(`internal error: multiple pools found with same name: ${nameOrId}`);
    return ids[0]!;
  }

  async #poolIds(query: string): Promise<KsuidHex[]> {
    const run = await this.query(query, null, { zctx: new TypeContext() });
    const ids: KsuidHex[] = [];
    for await (const batch of run.batches) {
      for (const v of batch) {
        const id = idOf(fieldOf(v, 'id'));
        if (id !== null) ids.push(id);
      }
    }
    return ids;
  }

  async commitObject(poolId: KsuidHex, branch: string): Promise<KsuidHex> {
    const r = (await this.#json('GET', path('pool', base62(poolId), 'branch', branch))) as { commit?: string };
    return hexOfJson(r.commit);
  }

  async createPool(name: string, key: PoolKeySpec, seekStride: number, threshold: number): Promise<KsuidHex> {
    const body = { name, layout: { order: key.order, keys: key.keys }, seek_stride: seekStride, thresh: threshold };
    const r = (await this.#json('POST', '/pool', { body })) as { pool?: { id?: string } };
    return hexOfJson(r.pool?.id);
  }

  async removePool(poolId: KsuidHex): Promise<void> {
    await this.#send('DELETE', path('pool', base62(poolId)), {});
  }

  async renamePool(poolId: KsuidHex, name: string): Promise<void> {
    if (name === '') throw new InvalidError('no pool name provided');
    await this.#send('PUT', path('pool', base62(poolId)), { body: { name } });
  }

  async createBranch(poolId: KsuidHex, name: string, at: KsuidHex): Promise<void> {
    await this.#json('POST', path('pool', base62(poolId)), { body: { name, commit: base62(at) } });
  }

  async removeBranch(poolId: KsuidHex, name: string): Promise<void> {
    await this.#send('DELETE', path('pool', base62(poolId), 'branch', name), {});
  }

  async mergeBranch(poolId: KsuidHex, child: string, parent: string, message: CommitMessage): Promise<KsuidHex> {
    return this.#commit('POST', path('pool', base62(poolId), 'branch', parent, 'merge', child), { commit: message });
  }

  async revert(poolId: KsuidHex, branch: string, commit: KsuidHex, message: CommitMessage): Promise<KsuidHex> {
    return this.#commit('POST', path('pool', base62(poolId), 'branch', branch, 'revert', base62(commit)), { commit: message });
  }

  async load(poolId: KsuidHex, branch: string, values: AsyncIterable<Batch>, message: CommitMessage): Promise<KsuidHex> {
    // As Zed's client does: inputs are read here and sent to the service as ZNG.
    const raw = zngStream(values);
    return this.#commit('POST', path('pool', base62(poolId), 'branch', branch), { raw, contentType: ZNG_TYPE, commit: message });
  }

  async deleteObjects(poolId: KsuidHex, branch: string, ids: readonly KsuidHex[], message: CommitMessage): Promise<KsuidHex> {
    const body = { object_ids: ids.map(base62) };
    return this.#commit('POST', path('pool', base62(poolId), 'branch', branch, 'delete'), { body, commit: message });
  }

  async deleteWhere(poolId: KsuidHex, branch: string, where: string, message: CommitMessage): Promise<KsuidHex> {
    return this.#commit('POST', path('pool', base62(poolId), 'branch', branch, 'delete'), { body: { where }, commit: message });
  }

  async vacuum(pool: string, revision: string, dryrun: boolean, orphanGraceNs?: bigint): Promise<KsuidHex[]> {
    if (orphanGraceNs !== undefined) throw new InvalidError('-orphan.grace works on a lake opened directly, not through a service');
    const url = `${path('pool', pool, 'revision', revision, 'vacuum')}${dryrun ? '?dryrun=T' : ''}`;
    const r = (await this.#json('POST', url)) as { object_ids?: string[] | null };
    return (r.object_ids ?? []).map(hexOfJson);
  }

  async compact(poolId: KsuidHex, branch: string, ids: readonly KsuidHex[], vectors: boolean, message: CommitMessage): Promise<KsuidHex> {
    const url = `${path('pool', base62(poolId), 'branch', branch, 'compact')}${vectors ? '?vectors=T' : ''}`;
    return this.#commit('POST', url, { ...idsBody(ids), commit: message });
  }

  async vectors(add: boolean, pool: string, branch: string, ids: readonly KsuidHex[], message: CommitMessage): Promise<KsuidHex> {
    return this.#commit(add ? 'POST' : 'DELETE', path('pool', pool, 'revision', branch, 'vector'), { ...idsBody(ids), commit: message });
  }

  async query(text: string, head: Commitish | null, opts: QueryOptions): Promise<QueryRun> {
    const body = head === null ? { query: text } : { query: text, head: { pool: head.pool, branch: head.branch } };
    const res = await this.#send('POST', '/query?ctrl=T', { body, accept: ZNG_TYPE });
    const stats: QueryStats = { bytesRead: 0, bytesMatched: 0, recordsRead: 0, recordsMatched: 0 };
    return { batches: queryBatches(res, opts, stats), stats };
  }

  /** GET /auth/method or /auth/identity as the parsed JSON body. */
  auth(which: 'method' | 'identity'): Promise<unknown> {
    return this.#json('GET', `/auth/${which}`);
  }

  /** zlake's API token routes (beyond Zed). */
  tokenRequest(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    if (method === 'DELETE') return this.#send(method, path, {}).then(() => null);
    return this.#json(method, path, body === undefined ? {} : { body });
  }

  /** Zed's refreshAuthToken: new tokens from the Auth0 domain the service names, kept in the store. */
  async #refresh(): Promise<string> {
    const method = (await this.auth('method')) as { auth0?: Auth0Details | null };
    if (method.auth0 === null || method.auth0 === undefined) throw new InvalidError(`auth not available on lake: ${this.location}`);
    const store = this.#auth!;
    const tokens = store.tokens(this.location);
    if (tokens === null) throw new InvalidError(`auth credentials not set for lake: ${this.location}`);
    const refreshed = await new Auth0Client(method.auth0).refreshToken(tokens.refresh);
    store.setTokens(this.location, refreshed);
    this.#access = refreshed.access;
    return refreshed.access;
  }

  async close(): Promise<void> {}

  async #commit(method: string, url: string, opts: RequestOptions): Promise<KsuidHex> {
    const r = (await this.#json(method, url, opts)) as { commit?: string };
    return hexOfJson(r.commit);
  }

  async #json(method: string, url: string, opts: RequestOptions = {}): Promise<unknown> {
    const res = await this.#send(method, url, { ...opts, accept: JSON_TYPE });
    const text = await res.text();
    try {
      return JSON.parse(text);
    } catch {
      throw new InternalError(`${method} ${url}: unexpected response: ${text.slice(0, 200)}`);
    }
  }

  async #send(method: string, url: string, opts: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { Accept: opts.accept ?? JSON_TYPE };
    let body: BodyInit | undefined;
    if (opts.raw !== undefined) {
      body = opts.raw;
      headers['Content-Type'] = opts.contentType ?? '';
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = JSON_TYPE;
    }
    if (opts.commit !== undefined) {
      const { author, body: b, meta } = opts.commit;
      headers['Zed-Commit'] = asciiJson({ author, body: b, meta });
    }
    const target = this.location + url;
    for (let attempt = 0; ; attempt++) {
      if (this.#access !== null) headers['Authorization'] = `Bearer ${this.#access}`;
      let res: Response;
      try {
        res = await fetch(target, { method, headers, ...(body !== undefined ? { body, duplex: 'half' } : {}) } as RequestInit);
      } catch (e) {
        throw new InternalError(`${goMethod(method)} ${JSON.stringify(target)}: ${await fetchFailure(e, target)}`, { cause: e });
      }
      if (res.status >= 200 && res.status <= 299) return res;
      const err = await responseError(res);
      // A streamed body cannot be sent twice: only the others are retried.
      const replayable = opts.raw === undefined;
      if (attempt === 0 && res.status === 401 && err.serviceMessage === 'invalid token' && this.#auth !== null && replayable) {
        await this.#refresh();
        continue;
      }
      throw err;
    }
  }
}

function base62(id: KsuidHex): string {
  return ksuidHexToBase62(id);
}

/** A path from segments, each percent-encoded (so `/` and `+` in names survive). */
function path(...segments: string[]): string {
  return segments.map((s) => `/${encodeURIComponent(s)}`).join('');
}

/** Object ids as Zed's client sends them: Zed bytes (here in ZSON), never JSON strings. */
function idsBody(ids: readonly KsuidHex[]): RequestOptions {
  const text = `{object_ids:[${ids.map((id) => `0x${id}`).join(',')}]}`;
  return { raw: new Blob([text]).stream(), contentType: 'application/x-zson' };
}

function hexOfJson(id: string | undefined): KsuidHex {
  const hex = id === undefined ? null : parseId(id);
  if (hex === null) throw new InternalError(`unexpected id in response: ${String(id)}`);
  return hex;
}

/** JSON with non-ASCII escaped, as a header value must be (Zui does the same). */
function asciiJson(v: unknown): string {
  return JSON.stringify(v).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Go's net/http names methods this way in errors: `Post "url": ...`. */
function goMethod(m: string): string {
  return m.charAt(0) + m.slice(1).toLowerCase();
}

async function responseError(res: Response): Promise<ServiceError> {
  const text = await res.text();
  if ((res.headers.get('Content-Type') ?? '').startsWith(JSON_TYPE)) {
    try {
      const e = JSON.parse(text) as { error?: string; compilation_errors?: unknown[] };
      // Zed's client shows compile errors with their positions, without the status.
      if (Array.isArray(e.compilation_errors) && e.compilation_errors.length > 0) {
        return new ServiceError(res.status, e.error ?? '', e.error ?? null);
      }
      return new ServiceError(res.status, `status code ${res.status}: ${e.error ?? ''}`, e.error ?? null);
    } catch {
      // Fall through to the raw body.
    }
  }
  return new ServiceError(res.status, `status code ${res.status}: ${text.replace(/\n$/, '')}`);
}

/** Values as a ZNG byte stream, pulled as the request body is sent. */
function zngStream(values: AsyncIterable<Batch>): ReadableStream<Uint8Array> {
  const enc = formatByName('zng')!.encoder!({});
  const it = values[Symbol.asyncIterator]();
  const bytes = (c: string | Uint8Array): Uint8Array => (typeof c === 'string' ? new TextEncoder().encode(c) : c);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const r = await it.next();
        if (r.done) {
          const tail = bytes(enc.end());
          if (tail.length > 0) controller.enqueue(tail);
          controller.close();
          return;
        }
        const out = bytes(enc.write(r.value));
        if (out.length > 0) {
          controller.enqueue(out);
          return;
        }
      }
    },
    async cancel() {
      await it.return?.();
    },
  });
}

/**
 * The main channel's values of a ZNG query response with control messages;
 * `debug` values go to opts.onDebug, QueryError throws, QueryStats update `stats`.
 */
async function* queryBatches(res: Response, opts: QueryOptions, stats: QueryStats): AsyncGenerator<Batch> {
  const controls: ZngControl[] = [];
  const dec = new ZngDecoder(opts.zctx, { onControl: (c) => controls.push(c) });
  const ctl = new TypeContext();
  let channel = 'main';
  /** Values decoded so far (control positions count them). */
  let seen = 0;
  // Splits one push's values at the control messages that came with them.
  function* route(vals: Value[]): Generator<Batch> {
    let i = 0;
    const take = (upTo: number): Batch | null => {
      const start = i;
      while (i < vals.length && seen + i < upTo) i++;
      if (i === start) return null;
      const run = vals.slice(start, i);
      if (channel === 'main') return run;
      opts.onDebug?.(run);
      return null;
    };
    for (const c of controls) {
      const run = take(c.position);
      if (run !== null) yield run;
      const msg = control(c, ctl);
      if (msg.kind === 'channel') channel = msg.channel;
      else if (msg.kind === 'error') throw new ZedError('internal', msg.error);
      else if (msg.kind === 'stats') Object.assign(stats, msg.stats);
    }
    controls.length = 0;
    const rest = take(Infinity);
    seen += vals.length;
    if (rest !== null) yield rest;
  }
  const body = res.body;
  if (body === null) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      yield* route(dec.push(r.value));
    }
    yield* route(dec.end());
  } finally {
    await reader.cancel().catch(() => {});
  }
}

type Control =
  | { kind: 'channel'; channel: string }
  | { kind: 'error'; error: string }
  | { kind: 'stats'; stats: QueryStats }
  | { kind: 'other' };

function control(c: ZngControl, ctx: TypeContext): Control {
  if (c.format !== CONTROL_ZSON) return { kind: 'other' };
  const v = parseZson(new TextDecoder().decode(c.body), ctx);
  const str = (x: Value | undefined) => (x === undefined || x.bytes === null ? '' : new TextDecoder().decode(x.bytes));
  switch (typeName(v)) {
    case 'QueryChannelSet':
      return { kind: 'channel', channel: str(fieldOf(v, 'channel')) };
    case 'QueryChannelEnd':
      return { kind: 'channel', channel: 'main' };
    case 'QueryError':
      return { kind: 'error', error: str(fieldOf(v, 'error')) };
    case 'QueryStats': {
      const p = fieldOf(v, 'Progress') ?? v;
      const n = (name: string) => fieldOf(p, name)?.asIntNumber() ?? 0;
      return {
        kind: 'stats',
        stats: { bytesRead: n('bytes_read'), bytesMatched: n('bytes_matched'), recordsRead: n('records_read'), recordsMatched: n('records_matched') },
      };
    }
    default:
      return { kind: 'other' };
  }
}
