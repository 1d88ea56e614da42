// Errors of zq's inputs, named by the file or URL they came from.

import { NotFoundError, ZedError } from '../../../src/index.js';

/** A file (or URL) that is not there, as zq words it. */
export class MissingFileError extends NotFoundError {
  constructor(
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(`${path}: file does not exist`, options);
  }
}

/** An error reading an input, its message prefixed by the input's name; the kind is the cause's. */
export class InputReadError extends ZedError {
  constructor(
    readonly input: string,
    cause: ZedError,
  ) {
    super(cause.kind, `${input}: ${cause.message}`, { cause });
  }
}

/** Node's error for a missing file. */
export function isNoSuchFile(e: unknown): boolean {
  return e instanceof Error && 'code' in e && e.code === 'ENOENT';
}
