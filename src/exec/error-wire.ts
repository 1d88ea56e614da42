// Errors as plain data and back, for a query run in another thread: the
// class that decides the client's status and body (a ZedError's kind, a
// CompilationError's spans) survives the trip; stacks do not.

import { ZedError, type ErrorKind } from '../errors/index.js';
import { CompilationError, type CompilationEntry } from './compilation-error.js';

interface PlainCause {
  readonly kind: ErrorKind;
  readonly message: string;
}

export type PlainError =
  | { readonly type: 'compilation'; readonly message: string; readonly syntax: boolean; readonly entries: readonly (Omit<CompilationEntry, 'cause'> & { readonly cause?: PlainCause })[]; readonly cause?: PlainCause }
  | { readonly type: 'zed'; readonly kind: ErrorKind; readonly message: string }
  | { readonly type: 'other'; readonly message: string };

function plainCause(e: unknown): PlainCause | undefined {
  return e instanceof ZedError ? { kind: e.kind, message: e.message } : undefined;
}

function reviveCause(c: PlainCause | undefined): ZedError | undefined {
  return c === undefined ? undefined : new ZedError(c.kind, c.message);
}

export function plainError(e: unknown): PlainError {
  if (e instanceof CompilationError) {
    const cause = plainCause(e.cause);
    return {
      type: 'compilation',
      message: e.message,
      syntax: e.syntax,
      entries: e.entries.map((x) => {
        const c = plainCause(x.cause);
        return { msg: x.msg, pos: x.pos, end: x.end, ...(c !== undefined ? { cause: c } : {}) };
      }),
      ...(cause !== undefined ? { cause } : {}),
    };
  }
  if (e instanceof ZedError) return { type: 'zed', kind: e.kind, message: e.message };
  return { type: 'other', message: e instanceof Error ? e.message : String(e) };
}

export function reviveError(p: PlainError): Error {
  switch (p.type) {
    case 'compilation': {
      const entries = p.entries.map((x) => {
        const c = reviveCause(x.cause);
        return { msg: x.msg, pos: x.pos, end: x.end, ...(c !== undefined ? { cause: c } : {}) };
      });
      const cause = reviveCause(p.cause);
      return new CompilationError(p.message, entries, p.syntax, cause !== undefined ? { cause } : undefined);
    }
    case 'zed':
      return new ZedError(p.kind, p.message);
    case 'other':
      return new Error(p.message);
    default: {
      const never: never = p;
      throw new Error(`unknown error form ${JSON.stringify(never)}`);
    }
  }
}
