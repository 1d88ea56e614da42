// Calls to the lake service from the page: relative URLs (so the console
// works behind a proxy that mounts the service under a path), the bearer
// token when there is one, and every failure turned into an ApiError or a
// NetworkError with a message a person can read.

import { session } from '../session.js';

/** One compilation error as the service sends it: byte offsets into the query text. */
export interface CompilationError {
  readonly Msg: string;
  readonly Pos: number;
  readonly End: number;
}

/** The service answered with an error (Zed's JSON error body). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly kind: string,
    message: string,
    readonly compilationErrors: readonly CompilationError[] = [],
  ) {
    super(message);
  }
}

/** The service could not be reached, or the connection broke. */
export class NetworkError extends Error {}

export interface CallOptions {
  readonly method?: string;
  /** A JSON body (sent as application/json), or bytes as they are. */
  readonly json?: unknown;
  readonly accept?: string;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
}

/** The Authorization header of the session's token, if any. */
export function authHeaders(): Record<string, string> {
  const t = session.token.value;
  return t === null ? {} : { Authorization: `Bearer ${t}` };
}

/** A path segment: pool ids, branch names and commit ids go in encoded. */
export function seg(s: string): string {
  return encodeURIComponent(s);
}

/** The error of a non-2xx response: Zed's body when it is one, else the status line. */
export async function errorOf(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { kind?: string; error?: string; compilation_errors?: CompilationError[] };
    if (typeof body.error === 'string') return new ApiError(res.status, body.kind ?? '', body.error, body.compilation_errors ?? []);
  } catch {
    // not JSON: fall through to the text itself
  }
  const t = text.trim();
  return new ApiError(res.status, '', t !== '' ? t : `${res.status} ${res.statusText}`);
}

/** Notes a 401 (the session asks for a token) and throws the error. */
export function failed(e: ApiError): never {
  if (e.status === 401) session.unauthorized(e.message);
  throw e;
}

/** A request to the service; throws unless the status is 2xx. */
export async function call(path: string, opts: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: opts.accept ?? 'application/json', ...authHeaders(), ...opts.headers };
  let body: string | undefined;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['Content-Type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(path, { method: opts.method ?? 'GET', headers, ...(body !== undefined ? { body } : {}), ...(opts.signal !== undefined ? { signal: opts.signal } : {}) });
  } catch (e) {
    if (opts.signal?.aborted === true) throw e;
    throw new NetworkError(`Cannot reach the lake service (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!res.ok) failed(await errorOf(res));
  return res;
}

/** A request answered with JSON. */
export async function callJson<T>(path: string, opts: CallOptions = {}): Promise<T> {
  const res = await call(path, opts);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** A message for any failure, for the page. */
export function describeError(e: unknown): string {
  if (e instanceof ApiError) return e.status === 401 ? `Not authorized: ${e.message}` : e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}
