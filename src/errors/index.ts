// Typed errors for every layer. Kinds mirror Zed's service error kinds; only
// src/service/errors.ts (a later layer) maps a kind to an HTTP status.

export type ErrorKind =
  | 'invalid'
  | 'not-found'
  | 'exists'
  | 'conflict'
  | 'unauthorized'
  | 'forbidden'
  | 'unsupported'
  | 'too-large'
  | 'unavailable'
  | 'internal';

export class ZedError extends Error {
  readonly kind: ErrorKind;
  constructor(kind: ErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.name = new.target.name;
  }
}

export class InvalidError extends ZedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('invalid', message, options);
  }
}

export class NotFoundError extends ZedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('not-found', message, options);
  }
}

export class ExistsError extends ZedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('exists', message, options);
  }
}

export class ConflictError extends ZedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('conflict', message, options);
  }
}

/** A request without valid credentials (Zed's srverr.NoCredentials): 401. */
export class UnauthorizedError extends ZedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('unauthorized', message, options);
  }
}

export class UnsupportedError extends ZedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('unsupported', message, options);
  }
}

/** A request or a query past one of the service's limits (a body, a load, a query's memory). */
export class TooLargeError extends ZedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('too-large', message, options);
  }
}

/** A body larger than the configured limit (413): refused whole, before anything is done. */
export class BodyTooLargeError extends TooLargeError {
  /** `inflated`: the body is gzip and its inflated bytes passed the limit. */
  constructor(
    readonly limit: number,
    inflated = false,
  ) {
    super(`request body too large: the limit is ${limit} bytes${inflated ? ' after gunzip' : ''}`);
  }
}

/**
 * A store the lake needs (object storage, the metastore) cannot be reached
 * or keeps failing; the request may succeed later and wrote nothing partial.
 */
export class UnavailableError extends ZedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('unavailable', message, options);
  }
}

/** A request the server refuses to serve (a foreign origin, an unknown Host, a token without the scope). */
export class ForbiddenError extends ZedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('forbidden', message, options);
  }
}

export class InternalError extends ZedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('internal', message, options);
  }
}

/**
 * A syntax error in text input (ZSON, JSON, a query) at a 1-based line and
 * column. `message` is the full text a user sees; `reason` is the bare cause.
 */
export class ParseError extends ZedError {
  readonly line: number;
  readonly column: number;
  readonly reason: string;
  constructor(reason: string, line: number, column: number, message?: string) {
    super('invalid', message ?? `${reason} at line ${line}, column ${column}`);
    this.reason = reason;
    this.line = line;
    this.column = column;
  }
}

/** Binary input (ZNG, VNG, ...) that is truncated or malformed. */
export class FormatError extends ZedError {
  /** The cause in Zed's words, without the place ours adds (format detection lists it alone). */
  readonly reason: string;
  constructor(message: string, options?: { cause?: unknown; reason?: string }) {
    super('invalid', message, options);
    this.reason = options?.reason ?? message;
  }
}

/** No format matched an input (Zed's "format detection error", each candidate's reason on its own line). */
export class FormatDetectionError extends InvalidError {}

// The errors of a query stopped by one of its limits, or by its client.
/** Go's time.Duration text of whole milliseconds: 5m0s, 1.5s, 250ms. */
export function durationText(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  let s = ms / 1000;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  const sec = `${Number(s.toFixed(3))}s`;
  if (h > 0) return `${h}h${m}m${sec}`;
  if (m > 0) return `${m}m${sec}`;
  return sec;
}

/** Bytes as a short text: 1GiB, 512MiB, 1000B. */
export function bytesText(n: number): string {
  for (const [unit, size] of [['GiB', 2 ** 30], ['MiB', 2 ** 20], ['KiB', 2 ** 10]] as const) {
    if (n >= size && n % size === 0) return `${n / size}${unit}`;
  }
  return `${n}B`;
}

/** The client went away (Go's context.Canceled). */
export class QueryCanceledError extends InvalidError {
  constructor() {
    super('context canceled');
  }
}

/** The query ran past its time limit (-query.timeout). */
export class QueryTimeoutError extends UnavailableError {
  constructor(readonly limitMs: number) {
    super(`query exceeded its time limit of ${durationText(limitMs)}`);
  }
}

/** The query's operators held more than its memory limit (-query.memory). */
export class QueryMemoryError extends TooLargeError {
  constructor(readonly limit: number, what?: string) {
    super(`query exceeded its memory limit of ${bytesText(limit)}${what === undefined ? '' : ` (${what})`}`);
  }
}
