// Value helpers the operators share: Zed's error values (missing, quiet,
// WrapError), Value.Under and TypeRecordOf.

import { bytesEqual, encodeUtf8 } from '../../util/utf8.js';
import {
  Builder,
  TypeBool,
  TypeString,
  Value,
  decodeIntNumber,
  readElement,
  underlying,
  type ErrorType,
  type RecordType,
  type Type,
  type TypeContext,
} from '../../zed/index.js';

const MISSING = encodeUtf8('missing');
const QUIET = encodeUtf8('quiet');

/** error("missing"); as Zed's IsMissing, the type must be error(string) itself. */
export function isMissing(v: Value): boolean {
  const t = v.type;
  return t.kind === 'error' && t.type === TypeString && v.bytes !== null && bytesEqual(v.bytes, MISSING);
}

/** error("quiet"), under the same rule as isMissing. */
export function isQuiet(v: Value): boolean {
  const t = v.type;
  return t.kind === 'error' && t.type === TypeString && v.bytes !== null && bytesEqual(v.bytes, QUIET);
}

/** True for a non-null bool (under any names) that is true: Zed's EvalBool success with val.Bool(). */
export function isTrue(v: Value): boolean {
  return underlying(v.type) === TypeBool && v.bytes !== null && v.bytes.length > 0 && v.bytes[0] !== 0;
}

/** Error values of one type context, with their types cached. */
export class ErrorValues {
  readonly stringError: ErrorType;
  readonly missing: Value;
  readonly quiet: Value;
  private readonly wrapTypes = new Map<Type, ErrorType>();
  private readonly b = new Builder(64);

  constructor(readonly zctx: TypeContext) {
    this.stringError = zctx.lookupError(TypeString);
    this.missing = new Value(this.stringError, MISSING);
    this.quiet = new Value(this.stringError, QUIET);
  }

  /** error("<msg>"). */
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
}

/** Zed's TypeRecordOf: the record under any names, or null. */
export function recordTypeOf(t: Type): RecordType | null {
  const u = underlying(t);
  return u.kind === 'record' ? u : null;
}

const el = { start: 0, end: 0 };

/**
 * Zed's Value.Under: strips named types and untags unions repeatedly. A null
 * union stays a null of the union type.
 */
export function valueUnder(v: Value): Value {
  let t: Type = v.type;
  let b = v.bytes;
  for (;;) {
    const u = underlying(t);
    if (u.kind !== 'union' || b === null) {
      return u === v.type && b === v.bytes ? v : new Value(u, b);
    }
    const off = readElement(b, 0, b.length, el);
    const tag = el.start < 0 ? 0 : decodeIntNumber(b, el.start, el.end);
    const inner = u.types[tag];
    if (inner === undefined) return new Value(u, b);
    readElement(b, off, b.length, el);
    t = inner;
    b = el.start < 0 ? null : b.subarray(el.start, el.end);
  }
}
