// Every error out of a binary reader names its format ("arrows: ...",
// "parquet: ..."): errors from the libraries underneath become FormatErrors,
// and Zed errors from deeper down (an Arrow type Zed has no mapping for, a
// repeated field name) keep their kind and gain the prefix.

import { FormatError, UnsupportedError, ZedError } from '../../errors/index.js';

export function readerError(format: string, e: unknown): ZedError {
  const prefix = `${format}: `;
  if (e instanceof ZedError) {
    if (e.message.startsWith(prefix)) return e;
    if (e instanceof UnsupportedError) return new UnsupportedError(prefix + e.message, { cause: e });
    return new FormatError(prefix + e.message, { cause: e });
  }
  const msg = e instanceof Error ? e.message : String(e);
  return new FormatError(prefix + msg, { cause: e });
}
