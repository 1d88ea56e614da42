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

export class UnsupportedError extends ZedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('unsupported', message, options);
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
