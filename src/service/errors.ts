// The one place errors become HTTP (lake-api.md §4): a table from error kind
// to Zed's kind text and status, and Zed's JSON error body, written as Go's
// json.Encoder writes it (HTML-escaped, newline-terminated).

import { ZedError, type ErrorKind } from '../errors/index.js';
import { CompilationError } from '../exec/index.js';
import { goJson } from '../util/go-json.js';
import type { Capabilities } from './revision.js';

interface KindEntry {
  readonly text: string;
  readonly status: number;
}

// Zed's srverr kinds. Duplicate names are ConflictError-free ExistsErrors in
// the stores, but Zed classifies pools/branches ErrExists as a conflict (409).
const KINDS: Record<ErrorKind, KindEntry> = {
  invalid: { text: 'invalid operation', status: 400 },
  'not-found': { text: 'item does not exist', status: 404 },
  exists: { text: 'conflict with pending operation', status: 409 },
  conflict: { text: 'conflict with pending operation', status: 409 },
  unauthorized: { text: 'missing authentication credentials', status: 401 },
  forbidden: { text: 'forbidden', status: 403 },
  // Something the request asks for that zlake cannot do: the request is at fault.
  unsupported: { text: 'invalid operation', status: 400 },
  // zlake's limits: Zed has no such kinds, so the text is Zed's nearest.
  'too-large': { text: 'invalid operation', status: 413 },
  // Zed has no kind for it; a store out of reach is a 503 the client may retry.
  unavailable: { text: 'other error', status: 503 },
  internal: { text: 'other error', status: 500 },
};

const OTHER: KindEntry = { text: 'other error', status: 500 };

export interface ErrorBody {
  readonly type: 'Error';
  readonly kind: string;
  readonly error: string;
  readonly compilation_errors?: readonly { Msg: string; Pos: number; End: number }[];
  readonly info?: { parse_error_offset: number };
}

/** The status and body for an error raised before a response started. */
export function errorBody(err: unknown, caps: Capabilities): { status: number; body: ErrorBody } {
  // A store out of reach is the answer, whatever step it interrupted (a query's compile included).
  const down = unavailableIn(err);
  if (down !== null) return { status: KINDS.unavailable.status, body: { type: 'Error', kind: KINDS.unavailable.text, error: down.message } };
  if (err instanceof CompilationError) return compilationBody(err, caps);
  const entry = err instanceof ZedError ? KINDS[err.kind] : OTHER;
  const message = err instanceof Error ? err.message : String(err);
  return { status: entry.status, body: { type: 'Error', kind: entry.text, error: message === '' ? entry.text : message } };
}

/** The UnavailableError among `err`'s causes (and a compile error's entries'), if any. */
function unavailableIn(err: unknown): ZedError | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++) {
    if (e instanceof ZedError && e.kind === 'unavailable') return e;
    if (e instanceof CompilationError) {
      for (const entry of e.entries) if (entry.cause instanceof ZedError && entry.cause.kind === 'unavailable') return entry.cause;
    }
  }
  return null;
}

function compilationBody(err: CompilationError, caps: Capabilities): { status: number; body: ErrorBody } {
  const invalid = KINDS.invalid;
  if (caps.compilationErrors) {
    const list = err.entries.map((e) => ({ Msg: e.msg, Pos: e.pos, End: e.end }));
    return {
      status: invalid.status,
      body: { type: 'Error', kind: invalid.text, error: err.message, ...(list.length > 0 ? { compilation_errors: list } : {}) },
    };
  }
  // Before v1.16 a parse error carried its offset under `info`, and a semantic
  // error was its own cause (a missing pool is 404), without the source marker.
  const first = err.entries[0];
  if (err.syntax && first !== undefined) {
    return { status: invalid.status, body: { type: 'Error', kind: invalid.text, error: err.message, info: { parse_error_offset: first.pos } } };
  }
  const cause = first?.cause ?? (err.cause instanceof ZedError ? err.cause : undefined);
  if (cause !== undefined) {
    const entry = KINDS[cause.kind];
    return { status: entry.status, body: { type: 'Error', kind: entry.text, error: cause.message } };
  }
  const msg = err.entries.map((e) => e.msg).join('\n');
  return { status: invalid.status, body: { type: 'Error', kind: invalid.text, error: msg === '' ? err.message : msg } };
}

/** The JSON error response (whatever Accept said). */
export function errorResponse(err: unknown, caps: Capabilities, headers?: HeadersInit): Response {
  const { status, body } = errorBody(err, caps);
  const h = new Headers(headers);
  h.set('Content-Type', 'application/json');
  // The rest of a body over the limit is never read: the connection cannot carry another request.
  if (status === 413) h.set('Connection', 'close');
  return new Response(`${goJson(body)}\n`, { status, headers: h });
}
