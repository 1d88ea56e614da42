// The ZSON value parser: text of complete values to zcode, typed as Zed's
// zson.Analyzer types them (zson.md §2). Decorators follow the value they
// type, so a value is first built with the type its context gives it; when
// its decorators call for another type, the builder rewinds and the value's
// text is parsed again with that type. Typing errors wait until the value's
// decorators are known, since a decorator may resolve them (`%a(enum(a,b))`).

import type { ParseError } from '../errors/index.js';
import {
  ID,
  TypeFloat16,
  TypeFloat32,
  TypeInt64,
  TypeNull,
  TypeString,
  TypeType,
  TypeUint64,
  Value,
  isFloat,
  isInteger,
  isUnsigned,
  underlying,
  type EnumType,
  type Type,
  type UnionType,
} from '../zed/index.js';
import { TypingError, isWordChar, toNfc } from './lexer.js';
import { TIME_OVERFLOW, appendLiteral } from './literal.js';
import { parseFloatFor, parseIntFor } from './number-parse.js';
import { MAX_TIME_TEXT } from './time-parse.js';
import { MAX_NESTING, goQuote } from './type-parser.js';
import { ContainerParser } from './container-parser.js';

const enum Ch {
  Quote = 34,
  Percent = 37,
  LParen = 40,
  RParen = 41,
  LT = 60,
  Eq = 61,
  GT = 62,
  LBracket = 91,
  Backtick = 96,
  LBrace = 123,
  Pipe = 124,
}

// Bounds of the integer types by primitive ID, as numbers (uint64 and int64
// only need to hold the 15-digit integers of the fast path).
const INT_MIN: readonly (number | undefined)[] = [0, 0, 0, 0, undefined, undefined, -128, -32768, -2147483648, -(2 ** 53)];
const INT_MAX: readonly (number | undefined)[] = [255, 65535, 4294967295, 2 ** 53, undefined, undefined, 127, 32767, 2147483647, 2 ** 53];

export class ZsonParser extends ContainerParser {
  // The decorator stack (see decorate): a cast or a name, its offset, and
  // for a name the type it was first bound to and the resulting type.
  private readonly decs: (Type | string)[] = [];
  private readonly decAt: number[] = [];
  private readonly defIn: (Type | null)[] = [];
  private readonly defOut: (Type | null)[] = [];
  private decTop = 0;

  /** Parses the values up to the end of the text range, appending them to `out`. */
  parseValues(out: Value[]): void {
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.end) return;
      out.push(this.parseTopValue());
    }
  }

  /** Parses one value (with its decorators) at the cursor. */
  parseTopValue(): Value {
    this.skipSpace();
    this.nesting = 0;
    this.decTop = 0;
    this.b.reset();
    if (!this.startsValue()) this.fail('ZSON syntax error');
    const at = this.pos;
    let t: Type;
    try {
      t = this.parseValue(null);
    } catch (e) {
      // A runtime with a small stack may run out before MAX_NESTING.
      if (e instanceof RangeError) this.fail('parse error: values nest too deeply', at);
      throw e;
    }
    return new Value(t, this.b.bodyAt(0));
  }

  /** True when the character at the cursor may start a value. */
  override startsValue(): boolean {
    const c = this.peek();
    if (c < 0) return false;
    switch (c) {
      case Ch.LBrace:
      case Ch.LBracket:
      case Ch.Pipe:
      case Ch.LT:
      case Ch.Quote:
      case Ch.Backtick:
      case Ch.Percent:
      case Ch.Eq:
        return true;
    }
    return isWordChar(c);
  }

  /**
   * Parses a value and its decorators at the cursor (which starts a value),
   * appending one element; returns the value's type. `parent` is the type
   * the enclosing value gives it, or null.
   */
  override parseValue(parent: Type | null): Type {
    const b = this.b;
    const start = this.pos;
    const mark = b.len;
    const depth = b.depth;
    const decTop = this.decTop;
    if (++this.nesting > MAX_NESTING) this.fail(`parse error: values nest more than ${MAX_NESTING} levels`);
    const nesting = this.nesting;
    const parentUnion = parent !== null && underlying(parent).kind === 'union';
    const cast0 = parentUnion ? null : parent;
    let t: Type | null = null;
    let deferred: ParseError | null = null;
    try {
      t = this.parseAny(cast0);
    } catch (e) {
      if (!(e instanceof TypingError)) throw e;
      deferred = e;
      // Undo what the abandoned parse left half done.
      this.nesting = nesting;
      this.decTop = decTop;
      b.truncate(mark, depth);
      this.pos = start;
      this.skipAny();
    }
    this.skipSpace();
    if (this.peek() === Ch.LParen) {
      t = this.decorate(parent, cast0, t, deferred, start, mark, depth);
    } else {
      if (deferred !== null) throw deferred;
      if (parentUnion) t = this.wrap(mark, t!, parent, start);
    }
    this.nesting--;
    return t!;
  }

  /**
   * Parses the decorators after a value and applies them as Zed's analyzer
   * does: casts apply from the outermost in (a union cast leaves the inner
   * value to type itself, then tags it), and `=name` names the type so far.
   */
  private decorate(
    parent: Type | null,
    cast0: Type | null,
    t0: Type | null,
    deferred: ParseError | null,
    start: number,
    mark: number,
    depth: number,
  ): Type {
    // The decorators go on a stack shared by nested values (a value parsed
    // again below may have decorators of its own): a cast (a Type) or a
    // short-form definition (a name). Definitions bind at once so later
    // decorators may use them, and again below if the value's type changes.
    const base = this.decTop;
    const decs = this.decs;
    const ats = this.decAt;
    const defIn = this.defIn;
    const defOut = this.defOut;
    let top = base;
    let sofar = t0;
    while (this.peek() === Ch.LParen) {
      const at = this.pos;
      this.pos++;
      this.skipSpace();
      if (this.eatTight(Ch.Eq)) {
        const name = this.scanTypeName();
        if (name === '') this.fail('parse error: bad short-form type definition', at);
        defIn[top] = sofar;
        sofar = sofar === null ? null : this.enterTypeDef(name, sofar, at);
        defOut[top] = sofar;
        decs[top] = name;
      } else {
        const cast = this.parseType();
        sofar = cast;
        decs[top] = cast;
      }
      ats[top] = at;
      this.decTop = ++top;
      if (!this.eat(Ch.RParen)) this.fail('parse error: mismatched parentheses while parsing type decorator');
      this.skipSpace();
    }
    const end = this.pos;
    // Walk in from the outermost decorator to find the value's own type.
    let p = parent;
    let sawCast = false;
    for (let k = top - 1; k >= base; k--) {
      const d = decs[k]!;
      if (typeof d === 'string') continue;
      sawCast = true;
      this.typeCheck(d, p, ats[k]!);
      p = underlying(d).kind === 'union' ? null : d;
    }
    const anyUnion = p !== null && underlying(p).kind === 'union';
    const cast = anyUnion ? null : p;
    let t = t0;
    if (deferred !== null || (cast !== cast0 && cast !== t0)) {
      if (deferred !== null && cast === cast0) throw deferred;
      this.b.truncate(mark, depth);
      this.pos = start;
      t = this.parseAny(cast);
      this.pos = end;
    }
    let tt = t!;
    if (anyUnion) tt = this.wrap(mark, tt, p!, start);
    for (let k = base; k < top; k++) {
      const d = decs[k]!;
      if (typeof d === 'string') {
        tt = defIn[k] === tt ? defOut[k]! : this.enterTypeDef(d, tt, ats[k]);
      } else if (underlying(d).kind === 'union') {
        tt = this.wrap(mark, tt, d, ats[k]!);
      }
    }
    if (sawCast && parent !== null && underlying(parent).kind === 'union') tt = this.wrap(mark, tt, parent, start);
    this.decTop = base;
    return tt;
  }

  /** Zed's check that a decorator agrees with the type its context gives. */
  private typeCheck(cast: Type, parent: Type | null, at: number): void {
    if (parent === null || cast === parent || underlying(parent).kind === 'union') return;
    this.failTyping(
      `decorator conflict enclosing context ${this.quoteType(parent)} and decorator cast ${this.quoteType(cast)}`,
      at,
    );
  }

  /** Makes the element at `mark`, of type `t`, a value of union `u`. */
  wrap(mark: number, t: Type, u: Type, at: number): Type {
    // A null of type null is a null of the union.
    if (t === TypeNull) return u;
    const union = underlying(u) as UnionType;
    const selector = union.selectorOf(t);
    if (selector < 0) this.failTyping(`type ${this.quoteType(t)} is not in union type ${this.quoteType(union)}`, at);
    this.b.wrapUnion(mark, selector);
    return u;
  }

  /** Parses a value without decorators, typed `cast` (never a union) or as implied. */
  private parseAny(cast: Type | null): Type {
    const at = this.pos;
    switch (this.peek()) {
      case Ch.LBrace:
      case Ch.LBracket:
      case Ch.Pipe:
        return this.parseContainer(cast);
      case Ch.LT:
        return this.parseTypeValue(cast);
      case Ch.Quote: {
        const str = this.scanQuoted();
        if (cast === null && this.quotedAscii) {
          this.b.appendAscii(str);
          return TypeString;
        }
        return this.stringValue(str, cast, at);
      }
      case Ch.Backtick:
        return this.stringValue(this.scanBacktick(false), cast, at);
      case Ch.Eq:
        if (this.s.charCodeAt(this.pos + 1) === Ch.GT) {
          this.pos += 2;
          this.skipSpace();
          if (this.peek() !== Ch.Backtick) this.fail("no backtick found following '=>'");
          return this.stringValue(this.scanBacktick(true), cast, at);
        }
        break;
      case Ch.Percent:
        return this.parseEnum(cast);
    }
    if (this.startsValue()) return this.parseWord(cast);
    this.fail('ZSON syntax error');
  }

  private stringValue(s: string, cast: Type | null, at: number): Type {
    if (cast !== null) {
      const u = underlying(cast);
      if (u.kind === 'enum') return this.appendEnum(s, cast, u, at);
      if (u !== TypeString) this.failTyping(`type mismatch: "string" cannot be used as ${this.quoteType(cast)}`, at);
    }
    this.b.appendString(toNfc(s));
    return cast ?? TypeString;
  }

  private parseEnum(cast: Type | null): Type {
    const at = this.pos;
    this.pos++;
    const name = this.matchSymbol();
    if (name === null) this.fail('ZSON syntax error', at);
    if (cast === null) this.failTyping(`identifier ${goQuote(name)} must be enum and requires decorator`, at);
    const u = underlying(cast);
    if (u.kind !== 'enum') {
      this.failTyping(`identifier ${goQuote(name)} is enum and incompatible with type ${this.quoteType(cast)}`, at);
    }
    return this.appendEnum(name, cast, u, at);
  }

  private appendEnum(name: string, cast: Type, u: EnumType, at: number): Type {
    const selector = u.symbols.indexOf(name);
    if (selector < 0) this.failTyping(`symbol ${goQuote(name)} not a member of type ${this.quoteType(u)}`, at);
    this.b.appendUintNumber(selector);
    return cast;
  }

  private parseTypeValue(cast: Type | null): Type {
    const at = this.pos;
    this.pos++;
    const t = this.parseType();
    if (!this.eat(Ch.GT)) this.fail('parse error: mismatched parentheses while parsing type value');
    if (cast !== null && underlying(cast) !== TypeType) {
      this.failTyping(`cannot apply decorator (${this.quoteType(cast)}) to a type value`, at);
    }
    this.b.appendBytes(this.ctx.encodeTypeValue(t));
    return cast ?? TypeType;
  }

  /** A primitive literal, or an error value `error(...)`. */
  private parseWord(cast: Type | null): Type {
    const fast = this.fastInt(cast);
    if (fast !== null) return fast;
    const at = this.pos;
    let w = this.scanWord();
    if (w === 'error') {
      this.skipSpace();
      if (this.peek() === Ch.LParen) return this.parseErrorValue(cast, at);
      this.pos = at + w.length;
    }
    const b = this.b;
    const mark = b.len;
    let t = appendLiteral(b, w);
    if (t === null && w.indexOf(':') >= 0) {
      // A map key may run into the colon after it ("1:2"): take the longest
      // literal that ends before a colon.
      for (let k = w.lastIndexOf(':'), tries = 0; k > 0 && tries < 16; k = w.lastIndexOf(':', k - 1), tries++) {
        t = appendLiteral(b, w.slice(0, k));
        if (t !== null) {
          w = w.slice(0, k);
          this.pos = at + k;
          break;
        }
      }
    }
    if (t === null) this.fail('ZSON syntax error', at);
    if (t === TIME_OVERFLOW) this.failTyping(`time overflow: ${w} (max: ${MAX_TIME_TEXT})`, at);
    if (cast === null || t === TypeNull) return cast ?? t;
    const u = underlying(cast);
    if (u === t) return cast;
    if (u.kind === 'primitive') {
      const fromInt = t === TypeInt64 || t === TypeUint64;
      if (fromInt && isInteger(u.id)) {
        b.truncate(mark, b.depth);
        const v = parseIntFor(u.id, w);
        const unsigned = isUnsigned(u.id);
        if (v === null) this.failTyping(`invalid ${unsigned ? 'unsigned integer' : 'integer'}: ${w}`, at);
        if (typeof v === 'number') {
          if (unsigned) b.appendUintNumber(v);
          else b.appendIntNumber(v);
        } else if (unsigned) b.appendUintBig(v);
        else b.appendIntBig(v);
        return cast;
      }
      if ((fromInt || isFloat(t.id)) && isFloat(u.id)) {
        b.truncate(mark, b.depth);
        const bits = u === TypeFloat16 ? 16 : u === TypeFloat32 ? 32 : 64;
        const f = parseFloatFor(bits, w);
        if (f === null) this.failTyping(`invalid floating point: ${w}`, at);
        if (bits === 16) b.appendFloat16(f);
        else if (bits === 32) b.appendFloat32(f);
        else b.appendFloat64(f);
        return cast;
      }
    }
    this.failTyping(`type mismatch: ${this.quoteType(t)} cannot be used as ${this.quoteType(cast)}`, at);
  }

  /**
   * The commonest literal, a short decimal integer, read in place without
   * slicing the text, as an int64 or cast to an integer or float type;
   * null (consuming nothing) for anything else, which parseWord handles.
   */
  private fastInt(cast: Type | null): Type | null {
    const s = this.s;
    const end = this.end;
    let i = this.pos;
    const neg = s.charCodeAt(i) === 45;
    if (neg) i++;
    const first = i;
    let v = 0;
    for (; i < end; i++) {
      const d = s.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      v = v * 10 + d;
    }
    const digits = i - first;
    if (digits === 0 || digits > 15 || (i < end && isWordChar(s.charCodeAt(i)))) return null;
    if (neg) v = 0 - v;
    const b = this.b;
    const u = cast === null ? TypeInt64 : underlying(cast);
    if (u.kind !== 'primitive') return null;
    const id = u.id;
    if (id <= ID.int64) {
      const lo = INT_MIN[id];
      if (lo === undefined || v < lo || v > INT_MAX[id]!) return null;
      if (id <= ID.uint64) b.appendUintNumber(v);
      else b.appendIntNumber(v);
    } else if (id === ID.float64) {
      b.appendFloat64(v);
    } else if (id === ID.float32) {
      b.appendFloat32(Math.fround(v));
    } else if (id === ID.float16) {
      b.appendFloat16(v);
    } else {
      return null;
    }
    this.pos = i;
    return cast ?? TypeInt64;
  }

  /** `error(value)` with the cursor at the '('. */
  private parseErrorValue(cast: Type | null, at: number): Type {
    this.pos++;
    let inner: Type | null = null;
    if (cast !== null) {
      const u = underlying(cast);
      if (u.kind !== 'error') this.failTyping('error decorator not of type error', at);
      inner = u.type;
    }
    this.skipSpace();
    if (!this.startsValue()) this.fail('ZSON syntax error');
    const t = this.parseValue(inner);
    if (!this.eat(Ch.RParen)) this.fail('parse error: mismatched parentheses while parsing error value');
    return cast ?? this.ctx.lookupError(t);
  }
}
