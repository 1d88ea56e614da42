// ZSON records, arrays, sets and maps (zson.md §2.4). Without a decorator, an
// array's, set's or map's element type is the one type of its elements, or a
// union of the distinct types when they differ (nulls aside), as Zed's
// analyzer infers it; sets and maps are then normalized (zng.md §2.2.3).
// Repeated record fields are dropped, keeping the first, as Zed does (Zed
// also skips checking the dropped value; here it is parsed, then dropped).

import {
  TypeNull,
  underlying,
  type Type,
  type UnionType,
} from '../zed/index.js';
import { TypeParser, goQuote } from './type-parser.js';
import { RecordShapes } from './record-shapes.js';
import { ZcodeBuilder } from './zcode-builder.js';

const enum Ch {
  LParen = 40,
  Comma = 44,
  Colon = 58,
  LBracket = 91,
  RBracket = 93,
  LBrace = 123,
  Pipe = 124,
  RBrace = 125,
}

export abstract class ContainerParser extends TypeParser {
  /** Where values are built. */
  readonly b = new ZcodeBuilder();
  private readonly shapes = new RecordShapes(this.ctx);

  /** Parses a value with its decorators, appending one element; returns its type. */
  abstract parseValue(parent: Type | null): Type;
  /** True when the character at the cursor may start a value. */
  abstract startsValue(): boolean;

  /** A record, array, set or map at the cursor, typed `cast` or as implied. */
  protected parseContainer(cast: Type | null): Type {
    const c = this.peek();
    if (c === Ch.LBrace) return this.parseRecord(cast);
    if (c === Ch.LBracket) return this.parseArray(cast);
    const at = this.pos;
    this.pos++;
    if (this.eatTight(Ch.LBracket)) return this.parseSet(cast, at);
    if (this.eatTight(Ch.LBrace)) return this.parseMap(cast, at);
    this.fail("parse error: no '|[' or '|{' type bracket at '|' character");
  }

  private parseRecord(cast: Type | null): Type {
    if (cast !== null) return this.parseRecordAs(cast);
    this.pos++;
    const b = this.b;
    b.beginContainer();
    let node = this.shapes.root;
    for (;;) {
      const name = this.matchSymbol();
      if (name === null) break;
      if (!this.eat(Ch.Colon)) this.fail(`parse error: no type name found for field ${goQuote(name)}`);
      this.skipSpace();
      if (!this.startsValue()) this.fail('ZSON syntax error');
      node = node.next(name, this.parseValue(null));
      if (!this.eat(Ch.Comma)) break;
    }
    if (!this.eat(Ch.RBrace)) this.fail('parse error: mismatched braces while parsing record type');
    const rec = node.record ?? this.shapes.resolve(node);
    if (node.drop !== null) {
      // Zed keeps the first of repeated fields.
      const { bytes, spans } = b.takeElements(b.openBody());
      for (let i = 0, d = 0; i < spans.length / 2; i++) {
        if (node.drop[d] === i) d++;
        else b.appendRaw(bytes.subarray(spans[i * 2]!, spans[i * 2 + 1]!));
      }
    }
    b.endContainer();
    return rec;
  }

  /** A record decorated with record type `cast`: fields take its types by position. */
  private parseRecordAs(cast: Type): Type {
    const at = this.pos;
    this.pos++;
    const u = underlying(cast);
    if (u.kind !== 'record') this.failTyping(`record decorator not of type record: ${this.quoteType(cast)}`, at);
    const want = u.fields;
    const b = this.b;
    b.beginContainer();
    const names: string[] = [];
    for (;;) {
      const name = this.matchSymbol();
      if (name === null) break;
      if (!this.eat(Ch.Colon)) this.fail(`parse error: no type name found for field ${goQuote(name)}`);
      this.skipSpace();
      if (!this.startsValue()) this.fail('ZSON syntax error');
      const n = names.length;
      if (names.includes(name)) {
        this.skipValue();
      } else {
        names.push(name);
        if (n < want.length) this.parseValue(want[n]!.type);
        else this.skipValue();
      }
      if (!this.eat(Ch.Comma)) break;
    }
    if (!this.eat(Ch.RBrace)) this.fail('parse error: mismatched braces while parsing record type');
    if (want.length !== names.length) {
      this.failTyping(`record decorator fields (${want.length}) mismatched with value fields (${names.length})`, at);
    }
    b.endContainer();
    return cast;
  }

  private parseArray(cast: Type | null): Type {
    const at = this.pos;
    this.pos++;
    let elem: Type | null = null;
    if (cast !== null) {
      const u = underlying(cast);
      if (u.kind !== 'array') this.failTyping('array decorator not of type array', at);
      elem = u.elem;
    }
    const types = this.parseElements(elem, cast === null);
    if (!this.eat(Ch.RBracket)) this.fail('parse error: mismatched brackets while parsing array type');
    if (types === null) {
      this.b.endContainer();
      return cast!;
    }
    const inner = this.unify(types, 0, 1);
    if (inner.kind === 'union' && inner !== firstNonNull(types, 0, 1)) this.rewrap(types, [inner]);
    this.b.endContainer();
    return this.ctx.lookupArray(inner);
  }

  private parseSet(cast: Type | null, at: number): Type {
    let elem: Type | null = null;
    if (cast !== null) {
      const u = underlying(cast);
      if (u.kind !== 'set') this.failTyping(`set decorator not of type set: ${this.quoteType(cast)}`, at);
      elem = u.elem;
    }
    const types = this.parseElements(elem, cast === null);
    if (!this.eat(Ch.RBracket)) this.fail('parse error: mismatched set value brackets');
    if (!this.eatTight(Ch.Pipe)) this.fail('parse error: mismatched closing bracket while parsing set value');
    let t = cast;
    if (types !== null) {
      const inner = this.unify(types, 0, 1);
      if (inner.kind === 'union' && inner !== firstNonNull(types, 0, 1)) this.rewrap(types, [inner]);
      t = this.ctx.lookupSet(inner);
    }
    // Zed leaves a decorated set as written; it is normalized here either way.
    this.b.normalizeSet();
    this.b.endContainer();
    return t!;
  }

  /** Parses comma-separated values up to a closer; returns their types when `collect`. */
  private parseElements(elem: Type | null, collect: boolean): Type[] | null {
    this.b.beginContainer();
    const types: Type[] | null = collect ? [] : null;
    for (;;) {
      this.skipSpace();
      if (!this.startsValue()) break;
      const t = this.parseValue(elem);
      types?.push(t);
      if (!this.eat(Ch.Comma)) break;
    }
    return types;
  }

  private parseMap(cast: Type | null, at: number): Type {
    let keyType: Type | null = null;
    let valType: Type | null = null;
    if (cast !== null) {
      const u = underlying(cast);
      if (u.kind !== 'map') this.failTyping('map decorator not of type map', at);
      keyType = u.key;
      valType = u.value;
    }
    const b = this.b;
    b.beginContainer();
    const types: Type[] | null = cast === null ? [] : null;
    for (;;) {
      this.skipSpace();
      if (!this.startsValue()) break;
      const k = this.parseValue(keyType);
      if (!this.eat(Ch.Colon)) this.fail('parse error: no colon found after map key while parsing map entry');
      this.skipSpace();
      if (!this.startsValue()) this.fail('ZSON syntax error');
      const v = this.parseValue(valType);
      types?.push(k, v);
      if (!this.eat(Ch.Comma)) break;
    }
    if (!this.eat(Ch.RBrace)) this.fail('parse error: mismatched map value brackets');
    if (!this.eatTight(Ch.Pipe)) this.fail('parse error: mismatched closing bracket while parsing map value');
    let t = cast;
    if (types !== null) {
      const k = this.unify(types, 0, 2);
      const v = this.unify(types, 1, 2);
      const kw = k.kind === 'union' && k !== firstNonNull(types, 0, 2);
      const vw = v.kind === 'union' && v !== firstNonNull(types, 1, 2);
      if (kw || vw) this.rewrap(types, [kw ? k : null, vw ? v : null]);
      t = this.ctx.lookupMap(k, v);
    }
    b.normalizeMap();
    b.endContainer();
    return t!;
  }

  /**
   * The type of the elements at phase, phase+stride, ...: their one type
   * apart from nulls, null when all are null, else the union of their types.
   */
  private unify(types: readonly Type[], phase: number, stride: number): Type {
    let first: Type | null = null;
    let mixed = false;
    for (let i = phase; i < types.length; i += stride) {
      const t = types[i]!;
      if (t === TypeNull) continue;
      if (first === null) first = t;
      else if (t !== first) mixed = true;
    }
    if (!mixed) return first ?? TypeNull;
    const distinct: Type[] = [];
    for (let i = phase; i < types.length; i += stride) {
      const t = types[i]!;
      if (t !== TypeNull && !distinct.includes(t)) distinct.push(t);
    }
    return this.ctx.lookupUnion(distinct);
  }

  /** Rewrites the open container's elements as values of the union for their phase (null: as they are). */
  private rewrap(types: readonly Type[], unions: readonly (Type | null)[]): void {
    const b = this.b;
    const { bytes, spans } = b.takeElements(b.openBody());
    const stride = unions.length;
    for (let i = 0; i < types.length; i++) {
      const u = unions[i % stride]!;
      const mark = b.len;
      b.appendRaw(bytes.subarray(spans[i * 2]!, spans[i * 2 + 1]!));
      const t = types[i]!;
      if (u !== null && t !== TypeNull) b.wrapUnion(mark, (u as UnionType).selectorOf(t));
    }
  }

  /** Skips a value and its decorators by syntax alone (a repeated field). */
  private skipValue(): void {
    this.skipAny();
    this.skipSpace();
    while (this.peek() === Ch.LParen) {
      this.skipBalanced();
      this.skipSpace();
    }
  }
}

/** The first type at phase, phase+stride, ... that is not null: a mixed list's union differs from it. */
function firstNonNull(types: readonly Type[], phase: number, stride: number): Type | null {
  for (let i = phase; i < types.length; i += stride) if (types[i] !== TypeNull) return types[i]!;
  return null;
}
