// Functions about errors and missing values: error, is_error, has_error,
// quiet, missing, has and coalesce (function/types.go, has.go,
// coalesce.go). missing() and has() see error("missing") and
// error("quiet") as absent values; other errors pass through them.

import { NullValue, type Value, readElement, underlying, type Type } from '../../zed/index.js';
import { untag } from '../expr/coerce.js';
import { FALSE, TRUE, boolValue } from '../expr/compare.js';
import { isMissing, isQuiet } from '../expr/errors.js';
import type { FunctionDef } from './registry.js';

/** has(): false if any argument is missing or quiet, the first other error, else true. */
function has(args: readonly Value[]): Value {
  for (const v of args) {
    if (v.isError()) return isMissing(v) || isQuiet(v) ? FALSE : v;
  }
  return TRUE;
}

/** Whether values of type `t` can hold an error anywhere (memoized per type). */
function mayHoldError(t: Type, memo: Map<Type, boolean>): boolean {
  let r = memo.get(t);
  if (r !== undefined) return r;
  memo.set(t, false);
  const u = underlying(t);
  switch (u.kind) {
    case 'error':
      r = true;
      break;
    case 'record':
      r = u.fields.some((f) => mayHoldError(f.type, memo));
      break;
    case 'array':
    case 'set':
      r = mayHoldError(u.elem, memo);
      break;
    case 'map':
      r = mayHoldError(u.key, memo) || mayHoldError(u.value, memo);
      break;
    case 'union':
      r = u.types.some((m) => mayHoldError(m, memo));
      break;
    default:
      r = false;
  }
  memo.set(t, r);
  return r;
}

const el = { start: 0, end: 0 };

/**
 * Zed's HasError: true when the value's type is an error type (even a null
 * one inside a container), or a non-null container holds one. A union
 * counts by its member, unless the member's value is null.
 */
function hasError(t: Type, b: Uint8Array | null, memo: Map<Type, boolean>): boolean {
  if (!mayHoldError(t, memo)) return false;
  const u = underlying(t);
  if (u.kind === 'error') return true;
  if (b === null) return false;
  const child = (ct: Type, off: number): number => {
    const next = readElement(b, off, b.length, el);
    return hasError(ct, el.start < 0 ? null : b.subarray(el.start, el.end), memo) ? -1 : next;
  };
  let off = 0;
  switch (u.kind) {
    case 'union': {
      const m = untag(u, b);
      return m.bytes !== null && hasError(m.type, m.bytes, memo);
    }
    case 'record':
      for (const f of u.fields) {
        if (off >= b.length) break;
        if ((off = child(f.type, off)) < 0) return true;
      }
      return false;
    case 'array':
    case 'set':
      while (off < b.length) if ((off = child(u.elem, off)) < 0) return true;
      return false;
    case 'map':
      while (off < b.length) {
        if ((off = child(u.key, off)) < 0) return true;
        if ((off = child(u.value, off)) < 0) return true;
      }
      return false;
  }
  return false;
}

export const errorFunctions: readonly FunctionDef[] = [
  {
    name: 'error',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      return (args) => ectx.errors.of(args[0]!);
    },
  },
  {
    name: 'is_error',
    minArgs: 1,
    maxArgs: 1,
    boolResult: true,
    make() {
      return (args) => boolValue(args[0]!.isError());
    },
  },
  {
    name: 'has_error',
    minArgs: 1,
    maxArgs: 1,
    boolResult: true,
    make() {
      const memo = new Map<Type, boolean>();
      return (args) => boolValue(hasError(args[0]!.type, args[0]!.bytes, memo));
    },
  },
  {
    name: 'quiet',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      return (args) => (isMissing(args[0]!) ? ectx.errors.quiet() : args[0]!);
    },
  },
  {
    name: 'has',
    minArgs: 1,
    maxArgs: -1,
    boolResult: true,
    make() {
      return has;
    },
  },
  {
    name: 'missing',
    minArgs: 1,
    maxArgs: -1,
    boolResult: true,
    make() {
      return (args) => {
        const v = has(args);
        return v === TRUE ? FALSE : v === FALSE ? TRUE : v;
      };
    },
  },
  {
    name: 'coalesce',
    minArgs: 1,
    maxArgs: -1,
    make() {
      return (args) => {
        for (const v of args) if (v.bytes !== null && !isMissing(v) && !isQuiet(v)) return v;
        return NullValue;
      };
    },
  },
];
