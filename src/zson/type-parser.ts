// ZSON type syntax (zson.md §2.5) to interned types: primitive names, records,
// arrays, sets, maps, unions, enums, errors, named-type definitions
// `name=type` and references, including numeric references, which bind a
// name for this input only and create no named type (zson.md §2.2).
// Error texts follow Zed's zson/parser-types.go and zson/analyzer.go.

import { InvalidError } from '../errors/index.js';
import { lookupPrimitive, type Field, type Type, type TypeContext } from '../zed/index.js';
import { Lexer, isIdStart } from './lexer.js';
import { formatType } from './type-format.js';

const enum Ch {
  Quote = 34,
  LParen = 40,
  RParen = 41,
  Comma = 44,
  Colon = 58,
  Eq = 61,
  LBracket = 91,
  RBracket = 93,
  LBrace = 123,
  Pipe = 124,
  RBrace = 125,
}

/** How deeply types and values may nest before the parser gives up. */
export const MAX_NESTING = 1000;

/** True for "" and strings of ASCII digits: names that bind without creating a named type. */
export function isNumericName(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Quotes like Go's %q, for error messages. */
export function goQuote(s: string): string {
  return JSON.stringify(s);
}

export class TypeParser extends Lexer {
  /**
   * Type names bound while reading this input (Zed's zson.Analyzer): numeric
   * names live only here; other names are also bound in the type context.
   */
  protected readonly defs = new Map<string, Type>();
  protected nesting = 0;

  constructor(protected readonly ctx: TypeContext) {
    super();
  }

  /** Forgets the names bound while reading earlier input. */
  resetNames(): void {
    this.defs.clear();
  }

  /** Parses a type at the cursor; fails when there is none. */
  parseType(): Type {
    const at = this.pos;
    const t = this.matchType();
    if (t === null) this.fail("parse error: couldn't parse type", at);
    return t;
  }

  /** Parses a whole type, reporting a runtime stack overflow as nesting too deep. */
  parseTopType(): Type {
    const at = this.pos;
    try {
      return this.parseType();
    } catch (e) {
      if (e instanceof RangeError) this.fail('parse error: types nest too deeply', at);
      throw e;
    }
  }

  /** Parses a type at the cursor, or returns null (consuming only space) when none starts here. */
  protected matchType(): Type | null {
    this.skipSpace();
    const at = this.pos;
    const c = this.peek();
    if (c < 0) return null;
    if (++this.nesting > MAX_NESTING) this.fail(`parse error: types nest more than ${MAX_NESTING} levels`, at);
    try {
      switch (c) {
        case Ch.LBrace:
          return this.parseRecordType();
        case Ch.LBracket: {
          this.pos++;
          const elem = this.parseType();
          if (!this.eat(Ch.RBracket)) this.fail('parse error: mismatched brackets while parsing array type');
          return this.ctx.lookupArray(elem);
        }
        case Ch.Pipe:
          return this.parseSetOrMapType();
        case Ch.LParen:
          return this.parseUnionType();
      }
      const isName = c === Ch.Quote || (c >= 48 && c <= 57) || isIdStart(c, this.s, this.pos);
      return isName ? this.parseNamedOrPrimitive(at) : null;
    } finally {
      this.nesting--;
    }
  }

  private parseNamedOrPrimitive(at: number): Type {
    const name = this.scanTypeName();
    if (name === 'error') return this.parseErrorType();
    if (name === 'enum') return this.parseEnumType();
    const prim = lookupPrimitive(name);
    if (prim !== undefined) return prim;
    if (this.eat(Ch.Eq)) return this.enterTypeDef(name, this.parseType(), at);
    return this.lookupName(name, at);
  }

  private parseRecordType(): Type {
    this.pos++;
    const fields: Field[] = [];
    for (;;) {
      const name = this.matchSymbol();
      if (name === null) break;
      if (!this.eat(Ch.Colon)) this.fail(`parse error: no type name found for field ${goQuote(name)}`);
      fields.push({ name, type: this.parseType() });
      if (!this.eat(Ch.Comma)) break;
    }
    if (!this.eat(Ch.RBrace)) this.fail('parse error: mismatched braces while parsing record type');
    return this.lookup(() => this.ctx.lookupRecord(fields));
  }

  private parseSetOrMapType(): Type {
    this.pos++;
    let t: Type;
    let which: string;
    if (this.eatTight(Ch.LBracket)) {
      which = 'set';
      const elem = this.parseType();
      if (!this.eat(Ch.RBracket)) this.fail('parse error: mismatched set-brackets while parsing set type');
      t = this.ctx.lookupSet(elem);
    } else if (this.eatTight(Ch.LBrace)) {
      which = 'map';
      const key = this.parseType();
      if (!this.eat(Ch.Colon)) this.fail('parse error: value type missing while parsing map type');
      const value = this.parseType();
      if (!this.eat(Ch.RBrace)) this.fail('parse error: mismatched set-brackets while parsing map type');
      t = this.ctx.lookupMap(key, value);
    } else {
      this.fail("parse error: no '|[' or '|{' type token at '|' character");
    }
    if (!this.eatTight(Ch.Pipe)) this.fail(`parse error: mismatched closing bracket while parsing type "${which}"`);
    return t;
  }

  private parseUnionType(): Type {
    const open = this.pos;
    this.pos++;
    const types: Type[] = [];
    for (;;) {
      const t = this.matchType();
      if (t === null) break;
      types.push(t);
      if (!this.eat(Ch.Comma)) break;
    }
    if (types.length < 2) this.fail("parse error: type list not found parsing union type at '('", open);
    if (!this.eat(Ch.RParen)) this.fail('parse error: mismatched parentheses while parsing union type');
    return this.lookup(() => this.ctx.lookupUnion(types));
  }

  private parseEnumType(): Type {
    if (!this.eat(Ch.LParen)) this.fail('no opening parenthesis in enum type');
    const symbols: string[] = [];
    for (;;) {
      const s = this.matchSymbol();
      if (s === null) break;
      symbols.push(s);
      if (!this.eat(Ch.Comma)) break;
    }
    if (!this.eat(Ch.RParen)) this.fail('parse error: mismatched parentheses while parsing enum type');
    if (symbols.length === 0) this.failTyping('enum body is empty');
    return this.ctx.lookupEnum(symbols);
  }

  private parseErrorType(): Type {
    if (!this.eat(Ch.LParen)) this.fail('no opening parenthesis in error type');
    const inner = this.parseType();
    if (!this.eat(Ch.RParen)) this.fail('parse error: mismatched parentheses while parsing error type');
    return this.ctx.lookupError(inner);
  }

  /** Runs a type-context lookup, turning its InvalidError into a ParseError here. */
  private lookup<T>(f: () => T): T {
    const at = this.pos;
    try {
      return f();
    } catch (e) {
      if (e instanceof InvalidError) this.failTyping(e.message, at);
      throw e;
    }
  }

  /**
   * Binds `name` to `t` (zson.Analyzer.enterTypeDef): a numeric name only
   * for this input; any other name as a named type, which is returned.
   */
  protected enterTypeDef(name: string, t: Type, at = this.pos): Type {
    if (isNumericName(name)) {
      this.defs.set(name, t);
      return t;
    }
    const bound = this.defs.get(name);
    // Binding a name again to the type it has is common (every record of a
    // stream may define its type); skip the context's lookup then.
    if (bound !== undefined && bound.kind === 'named' && bound.type === t && this.ctx.lookupByName(name) === bound) {
      return bound;
    }
    if (lookupPrimitive(name) !== undefined) this.failTyping(`bad type name ${goQuote(name)}: primitive type name`, at);
    const named = this.ctx.lookupNamed(name, t);
    this.defs.set(name, named);
    return named;
  }

  /** The type bound to `name`, here first and then in the type context. */
  protected lookupName(name: string, at = this.pos): Type {
    const t = this.defs.get(name) ?? this.ctx.lookupByName(name);
    if (t === undefined) this.failTyping(`no such type name: ${goQuote(name)}`, at);
    return t;
  }

  /** Formats a type for an error message, quoted as Zed's %q does. */
  protected quoteType(t: Type): string {
    return goQuote(formatType(t));
  }
}
