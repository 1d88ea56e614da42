// The ZSON value formatter: values with the type decorators Zed writes
// (zson/formatter.go is the specification): decorators only where the value
// does not imply its type, named types defined `(=name)` or `(name=type)` at
// their first use in each value and referenced `(name)` after, union values
// always decorated, and Zed's pretty layout when a tab size is given.

import { FormatError } from '../errors/index.js';
import {
  ID,
  TypeNull,
  decodeIntNumber,
  decodeUintNumber,
  readElement,
  type NamedType,
  type Type,
  type Value,
} from '../zed/index.js';
import { appendPrimitive } from './primitive-format.js';
import { TextBuffer } from './text-buffer.js';
import { buildTypeNode, type TypeNode } from './type-node.js';
import { formatType, formatTypeValue } from './type-format.js';

const utf8 = new TextEncoder();

export interface ZsonFormatterOptions {
  /** Indent size; 0 writes each value on one line (zq -z), 4 is zq -Z. */
  pretty?: number;
  /**
   * Type names matching this are remembered across values once defined
   * (zq -persist); others are defined again in each value.
   */
  persist?: RegExp;
}

const NL = 0x0a;
const COMMA = 0x2c;

export class ZsonFormatter {
  private readonly tab: number;
  private readonly colon: string;
  private readonly nodes = new Map<Type, TypeNode>();
  private readonly nullNode: TypeNode;
  /** Names defined so far in the current value. */
  private readonly defs = new Map<string, NamedType>();
  private readonly permanent: Map<string, NamedType> | null;
  private readonly persist: RegExp | null;
  private readonly el = { start: 0, end: 0 };
  // The body range of the member found by untag().
  private memberStart = 0;
  private memberEnd = 0;
  private readonly out: TextBuffer;

  constructor(opts: ZsonFormatterOptions = {}, out = new TextBuffer(1024)) {
    const tab = opts.pretty ?? 0;
    this.tab = tab;
    this.colon = tab > 0 ? ': ' : ':';
    this.persist = opts.persist ?? null;
    this.permanent = this.persist !== null ? new Map() : null;
    this.out = out;
    this.nullNode = this.node(TypeNull);
  }

  /** The ZSON text of one value; names are defined afresh in each value. */
  format(v: Value): string {
    this.out.reset();
    this.append(v);
    const s = this.out.toString();
    this.out.reset();
    return s;
  }

  /** Appends the ZSON text of one value to the output buffer. */
  append(v: Value): void {
    if (this.defs.size > 0) this.defs.clear();
    const n = this.node(v.type);
    const b = v.bytes;
    const known = n.kind === 'named' && this.hasName(n);
    if (b === null) this.val(n, b, -1, -1, 0, known, n.implied, false);
    else this.val(n, b, 0, b.length, 0, known, n.implied, false);
    this.decorate(n, false, b === null);
  }

  private node(t: Type): TypeNode {
    let n = this.nodes.get(t);
    if (n === undefined) {
      n = buildTypeNode(t, (c) => this.node(c));
      this.nodes.set(t, n);
    }
    return n;
  }

  /** Starts a line inside a container: the newline and indent when pretty. */
  private line(indent: number): void {
    if (this.tab > 0) {
      this.out.byte(NL);
      this.out.spaces(indent);
    }
  }

  /** Is some type bound to this node's name (not necessarily this one)? */
  private hasName(n: TypeNode): boolean {
    return this.defs.has(n.name) || (this.permanent !== null && this.permanent.has(n.name));
  }

  /** Is this named type the current binding of its name? */
  private isBound(n: TypeNode): boolean {
    return this.defs.get(n.name) === n.type || (this.permanent !== null && this.permanent.get(n.name) === n.type);
  }

  private bind(n: TypeNode): void {
    const t = n.type as NamedType;
    this.defs.set(n.name, t);
    if (this.permanent !== null) {
      this.persist!.lastIndex = 0;
      if (this.persist!.test(n.name)) this.permanent.set(n.name, t);
    }
  }

  /**
   * Writes the value `buf[s:e]` (s < 0 for null) of type `n`. `parentKnown`
   * says an enclosing named type was already defined in this value, so its
   * parts need no decorators; `deco` asks for this value's own decorator.
   */
  private val(
    n: TypeNode,
    buf: Uint8Array | null,
    s: number,
    e: number,
    indent: number,
    parentKnown: boolean,
    parentImplied: boolean,
    deco: boolean,
  ): void {
    if (s < 0 || buf === null) {
      this.out.ascii('null');
      // Under an implied type a null always shows its type (formatter.go).
      if (deco) this.decorate(n, parentImplied ? false : parentKnown, true);
      return;
    }
    if (n.kind === 'primitive') {
      if (n.id === ID.type) {
        this.out.byte(0x3c);
        this.out.text(formatTypeValue(buf, s, e, this.tab, indent));
        this.out.byte(0x3e);
      } else {
        appendPrimitive(this.out, n.id, buf, s, e);
      }
      if (deco && !n.implied) this.decorate(n, parentKnown, false);
      return;
    }
    const known = parentKnown || (n.kind === 'named' && this.hasName(n));
    let empty = false;
    switch (n.kind) {
      case 'named':
        this.val(n.inner!, buf, s, e, indent, known, parentImplied, false);
        break;
      case 'record':
        this.record(n, buf, s, e, indent, known, parentImplied);
        break;
      case 'array':
        empty = this.vector(n, '[', ']', buf, s, e, indent, known, parentImplied);
        break;
      case 'set':
        empty = this.vector(n, '|[', ']|', buf, s, e, indent, known, parentImplied);
        break;
      case 'map':
        empty = this.map(n, buf, s, e, indent, known, parentImplied);
        break;
      case 'union': {
        const m = this.untag(n, buf, s, e);
        // The member decides the decorator: a union's values are always
        // decorated, whatever is known about the union (formatter.go).
        this.val(m, buf, this.memberStart, this.memberEnd, indent, false, true, true);
        break;
      }
      case 'enum': {
        const k = decodeUintNumber(buf, s, e);
        const sym = n.labels[k];
        if (sym === undefined) throw new FormatError(`Enum index ${k} out of range`);
        this.out.byte(0x25);
        this.out.text(sym);
        break;
      }
      case 'error':
        this.out.ascii('error(');
        this.val(n.inner!, buf, s, e, indent, known, parentImplied, false);
        this.out.byte(0x29);
        break;
    }
    if (deco) this.decorate(n, parentKnown, empty);
  }

  private labels(n: TypeNode): Uint8Array[] {
    return (n.labelBytes ??= n.labels.map((l) => utf8.encode(l + this.colon)));
  }

  private record(
    n: TypeNode,
    buf: Uint8Array,
    s: number,
    e: number,
    indent: number,
    known: boolean,
    parentImplied: boolean,
  ): void {
    const kids = n.children;
    const out = this.out;
    if (kids.length === 0) {
      out.ascii('{}');
      return;
    }
    const labels = this.labels(n);
    const tab = this.tab;
    const inner = indent + tab;
    const el = this.el;
    let off = s;
    out.byte(0x7b);
    for (let i = 0; i < kids.length; i++) {
      if (i > 0) out.byte(COMMA);
      if (tab > 0) this.line(inner);
      out.bytes(labels[i]!);
      let fs = -1;
      let fe = -1;
      if (off < e) {
        off = readElement(buf, off, e, el);
        fs = el.start;
        fe = el.end;
      }
      const kid = kids[i]!;
      // Fast path for the common case: a non-null primitive of implied type.
      if (fs >= 0 && kid.implied && kid.id >= 0 && kid.id !== ID.type) appendPrimitive(out, kid.id, buf, fs, fe);
      else this.val(kid, buf, fs, fe, inner, known, parentImplied, true);
    }
    this.line(indent);
    out.byte(0x7d);
  }

  /** Writes an array or set; returns true when it is empty. */
  private vector(
    n: TypeNode,
    open: string,
    close: string,
    buf: Uint8Array,
    s: number,
    e: number,
    indent: number,
    known: boolean,
    parentImplied: boolean,
  ): boolean {
    const out = this.out;
    out.ascii(open);
    if (s === e) {
      out.ascii(close);
      return true;
    }
    const elem = n.inner!;
    const union = elem.unionUnder;
    const seen = union !== null ? new Set<TypeNode>() : null;
    const inner = indent + this.tab;
    const el = this.el;
    for (let off = s; off < e; ) {
      if (off > s) out.byte(COMMA);
      this.line(inner);
      off = readElement(buf, off, e, el);
      if (union === null) {
        this.val(elem, buf, el.start, el.end, inner, known, parentImplied, true);
      } else if (el.start < 0) {
        // A null union element prints as a plain null (formatter.go elemHelper).
        this.val(this.nullNode, buf, -1, -1, inner, known, parentImplied, true);
      } else {
        const m = this.untag(union, buf, el.start, el.end);
        seen!.add(m);
        this.val(m, buf, this.memberStart, this.memberEnd, inner, known, parentImplied, true);
      }
    }
    this.line(indent);
    out.ascii(close);
    // Unless every member of the union showed up, the container's type
    // cannot be inferred from its elements: decorate it.
    if (union !== null && (elem.kind === 'named' || seen!.size < union.children.length)) {
      this.decorate(n, false, true);
    }
    return false;
  }

  /** Writes a map; returns true when it is empty. */
  private map(
    n: TypeNode,
    buf: Uint8Array,
    s: number,
    e: number,
    indent: number,
    known: boolean,
    parentImplied: boolean,
  ): boolean {
    const out = this.out;
    const keyNode = n.inner!;
    const valNode = n.value!;
    const keyUnion = keyNode.unionUnder;
    const valUnion = valNode.unionUnder;
    const keySeen = keyUnion !== null ? new Set<TypeNode>() : null;
    const valSeen = valUnion !== null ? new Set<TypeNode>() : null;
    const inner = indent + this.tab;
    const el = this.el;
    out.ascii('|{');
    let off = s;
    while (off < e) {
      if (off > s) out.byte(COMMA);
      this.line(inner);
      off = readElement(buf, off, e, el);
      let kn = keyNode;
      let ks = el.start;
      let ke = el.end;
      if (keyUnion !== null) {
        if (ks < 0) {
          kn = this.nullNode;
        } else {
          kn = this.untag(keyUnion, buf, ks, ke);
          keySeen!.add(kn);
          ks = this.memberStart;
          ke = this.memberEnd;
        }
      }
      this.val(kn, buf, ks, ke, inner, known, parentImplied, true);
      // An IPv6 key needs a space before the colon to stay unambiguous.
      if (kn.isIP && ke - ks === 16) out.byte(0x20);
      out.ascii(this.colon);
      let vn = valNode;
      let vs = -1;
      let ve = -1;
      if (off < e) {
        off = readElement(buf, off, e, el);
        vs = el.start;
        ve = el.end;
      }
      if (valUnion !== null) {
        if (vs < 0) {
          vn = this.nullNode;
        } else {
          vn = this.untag(valUnion, buf, vs, ve);
          valSeen!.add(vn);
          vs = this.memberStart;
          ve = this.memberEnd;
        }
      }
      this.val(vn, buf, vs, ve, inner, known, parentImplied, true);
    }
    // Zed ends even an empty map with the newline, so -Z prints "|{\n}|".
    this.line(indent);
    out.ascii('}|');
    if (
      (keyUnion !== null && (keyNode.kind === 'named' || keySeen!.size < keyUnion.children.length)) ||
      (valUnion !== null && (valNode.kind === 'named' || valSeen!.size < valUnion.children.length))
    ) {
      this.decorate(n, false, true);
    }
    return off === s;
  }

  /** Splits a union body into its member's node and body (memberStart/End). */
  private untag(union: TypeNode, buf: Uint8Array, s: number, e: number): TypeNode {
    const el = this.el;
    let off = readElement(buf, s, e, el);
    if (el.start < 0) throw new FormatError('Union value has a null tag');
    const tag = decodeIntNumber(buf, el.start, el.end);
    const m = union.children[tag];
    if (m === undefined) throw new FormatError(`Union tag ${tag} out of range`);
    if (off < e) {
      off = readElement(buf, off, e, el);
      this.memberStart = el.start;
      this.memberEnd = el.end;
    } else {
      this.memberStart = -1;
      this.memberEnd = -1;
    }
    return m;
  }

  /** Writes the decorator a value of type `n` needs, if any (formatter.go decorate). */
  private decorate(n: TypeNode, known: boolean, isNull: boolean): void {
    if (known) return;
    if (n.implied && !(isNull && n.type !== TypeNull)) return;
    const out = this.out;
    if (n.kind === 'named' && this.isBound(n)) {
      out.text((this.tab > 0 ? ' (' : '(') + n.quotedName + ')');
    } else if (n.selfDescribing && !isNull) {
      if (n.kind === 'named') {
        this.bind(n);
        out.text((this.tab > 0 ? ' (=' : '(=') + n.quotedName + ')');
      }
    } else if (n.plain || n.kind === 'error') {
      // The text never depends on names defined so far: encode it once.
      out.bytes((n.decoratorBytes ??= utf8.encode((this.tab > 0 ? ' (' : '(') + n.canonical() + ')')));
    } else {
      out.text((this.tab > 0 ? ' (' : '(') + this.typeText(n) + ')');
    }
  }

  /**
   * Type text inside a decorator: like the canonical form, but names bound
   * earlier in this value are referenced, and first uses bind them. Zed
   * writes these names unquoted (formatter.go formatType), as here.
   */
  private typeText(n: TypeNode): string {
    if (n.plain || n.kind === 'error') return n.canonical();
    switch (n.kind) {
      case 'named':
        if (this.isBound(n)) return n.name;
        // Bound before the inner type is written, unlike the canonical form.
        this.bind(n);
        return n.name + '=' + this.typeText(n.inner!);
      case 'record': {
        let s = '{';
        for (let i = 0; i < n.children.length; i++) {
          if (i > 0) s += ',';
          s += n.labels[i]! + ':' + this.typeText(n.children[i]!);
        }
        return s + '}';
      }
      case 'array':
        return '[' + this.typeText(n.inner!) + ']';
      case 'set':
        return '|[' + this.typeText(n.inner!) + ']|';
      case 'map':
        return '|{' + this.typeText(n.inner!) + ':' + this.typeText(n.value!) + '}|';
      case 'union': {
        let s = '(';
        for (let i = 0; i < n.children.length; i++) {
          if (i > 0) s += ',';
          s += this.typeText(n.children[i]!);
        }
        return s + ')';
      }
      default:
        return n.canonical();
    }
  }
}

/** The ZSON text of one value (zq -z style, or pretty with an indent size). */
export function formatValue(v: Value, pretty = 0): string {
  return new ZsonFormatter({ pretty }).format(v);
}

export { formatType };
