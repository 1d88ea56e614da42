// Errors from corrupt VNG input: whatever goes wrong while interpreting bytes
// that are not a valid object becomes a FormatError (never an uncaught
// TypeError or RangeError), prefixed with what was being read.

import { FormatError, ZedError } from '../../errors/index.js';

export function asFormatError(e: unknown, what: string): unknown {
  if (e instanceof FormatError) return e;
  // Errors of other kinds (unsupported, internal) are not about the input.
  if (e instanceof ZedError && e.kind !== 'invalid') return e;
  const msg = e instanceof Error ? e.message : String(e);
  return new FormatError(`${what}: ${msg}`, { cause: e });
}
