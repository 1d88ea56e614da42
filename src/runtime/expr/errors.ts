// Error values as Zed's runtime makes them (context.go Missing, Quiet,
// NewErrorf, WrapError): error("missing"), error("quiet"), error("text") and
// the structured error({message:"text",on:<value>}). Runtime failures are
// values, never exceptions; one ErrorMaker per type context caches the types.

import { encodeUtf8 } from '../../util/utf8.js';
import { bytesEqual } from '../../util/utf8.js';
import {
  Builder,
  TypeString,
  Value,
  type ErrorType,
  type Type,
  type TypeContext,
} from '../../zed/index.js';

export const MISSING_BYTES: Uint8Array = encodeUtf8('missing');
export const QUIET_BYTES: Uint8Array = encodeUtf8('quiet');

/**
 * True for error("missing"). As in Zed (TypeError.IsMissing) the type must be
 * error(string) itself, not a named type over it.
 */
export function isMissing(v: Value): boolean {
  const t = v.type;
  return t.kind === 'error' && t.type === TypeString && v.bytes !== null && bytesEqual(v.bytes, MISSING_BYTES);
}

/** True for error("quiet"), under the same rule as isMissing. */
export function isQuiet(v: Value): boolean {
  const t = v.type;
  return t.kind === 'error' && t.type === TypeString && v.bytes !== null && bytesEqual(v.bytes, QUIET_BYTES);
}

/** Builds error values in one type context, caching their types. */
export class ErrorMaker {
  readonly stringError: ErrorType;
  private readonly missingValue: Value;
  private readonly quietValue: Value;
  private readonly wrapTypes = new Map<Type, ErrorType>();
  private readonly b = new Builder(64);

  constructor(readonly zctx: TypeContext) {
    this.stringError = zctx.lookupError(TypeString);
    this.missingValue = new Value(this.stringError, MISSING_BYTES);
    this.quietValue = new Value(this.stringError, QUIET_BYTES);
  }

  /** error("missing"); one shared (immutable) value. */
  missing(): Value {
    return this.missingValue;
  }

  /** error("quiet"); one shared (immutable) value. */
  quiet(): Value {
    return this.quietValue;
  }

  /** error("<msg>"), Zed's NewErrorf and NewError. */
  message(msg: string): Value {
    return new Value(this.stringError, encodeUtf8(msg));
  }

  /** error({message:"<msg>",on:<on>}), Zed's WrapError. */
  wrap(msg: string, on: Value): Value {
    let t = this.wrapTypes.get(on.type);
    if (t === undefined) {
      const rec = this.zctx.lookupRecord([
        { name: 'message', type: TypeString },
        { name: 'on', type: on.type },
      ]);
      t = this.zctx.lookupError(rec);
      this.wrapTypes.set(on.type, t);
    }
    const b = this.b;
    b.reset();
    b.append(encodeUtf8(msg));
    b.append(on.bytes);
    return new Value(t, b.bytes());
  }

  /** The error wrapping `v` itself, as the error() function makes it. */
  of(v: Value): Value {
    return new Value(this.zctx.lookupError(v.type), v.bytes);
  }
}
