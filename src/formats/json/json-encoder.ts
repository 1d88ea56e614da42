// The JSON output format, byte-exact with zq -j (one value per line) and -J
// (indented; zio/jsonio/writer.go is the specification): records and maps
// become objects, arrays and sets arrays, unions their member, enums their
// symbol, errors {"error": value}; time, duration, ip, net, bytes and type
// values become strings; 64-bit integers are printed exactly. Strings are
// escaped as Go's encoding/json does with HTML escaping off.

import { UnsupportedError, FormatError } from '../../errors/index.js';
import {
  ID,
  Value,
  decodeFloat,
  decodeIntNumber,
  decodeUintNumber,
  readElement,
  underlying,
  type Type,
} from '../../zed/index.js';
import { appendPrimitive, formatPrimitiveBody, quoteJsonString, TextBuffer, ZsonFormatter } from '../../zson/index.js';
import type { Chunk, Encoder } from '../codec.js';

const utf8 = new TextEncoder();

export interface JsonEncoderOptions {
  /** Indent size; 0 (the default) writes one value per line (zq -j), 4 is -J. */
  pretty?: number;
}

/** Per-type facts, computed once per type; named types share their underlying type's node. */
class JsonNode {
  id = -1;
  /** Record: field names as quoted JSON strings; enum: the symbols. */
  labels: readonly string[] = [];
  /** Record fields or union members. */
  children: readonly JsonNode[] = [];
  /** Array/set element, map value, error inner. */
  inner: JsonNode | null = null;
  /** Map: the key type as declared (names matter for the key text). */
  keyType: Type | null = null;
  /** Record: field names with their colon, as UTF-8. */
  labelBytes: Uint8Array[] | null = null;
  constructor(readonly kind: Exclude<Type['kind'], 'named'>) {}
}

/** A float as Go's encoding/json writes a float64; NaN and ±Inf have no JSON form. */
function jsonFloat(x: number): string {
  if (!Number.isFinite(x)) throw new UnsupportedError(`Cannot write float ${x} as JSON`);
  // JS and Go agree on digits and on when to switch to exponents; only -0 differs.
  return x === 0 && 1 / x < 0 ? '-0' : String(x);
}

export class JsonEncoder implements Encoder {
  readonly #tab: number;
  readonly #colon: string;
  readonly #nodes = new Map<Type, JsonNode>();
  readonly #el = { start: 0, end: 0 };
  readonly #out = new TextBuffer(4096);
  #zson: ZsonFormatter | null = null;

  constructor(opts: JsonEncoderOptions = {}) {
    const tab = opts.pretty ?? 0;
    this.#tab = tab;
    this.#colon = tab > 0 ? ': ' : ':';
  }

  /** Returns the batch's text as UTF-8 bytes (one copy of a reused buffer). */
  write(values: readonly Value[]): Chunk {
    const out = this.#out;
    out.reset();
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      const b = v.bytes;
      if (b === null) this.#any(this.#node(v.type), b, -1, -1, 0);
      else this.#any(this.#node(v.type), b, 0, b.length, 0);
      out.byte(0x0a);
    }
    return out.take();
  }

  end(): Chunk {
    return '';
  }

  #node(t: Type): JsonNode {
    let n = this.#nodes.get(t);
    if (n !== undefined) return n;
    const u = underlying(t);
    if (u !== t) {
      n = this.#node(u);
    } else {
      n = new JsonNode(u.kind);
      switch (u.kind) {
        case 'primitive':
          n.id = u.id;
          break;
        case 'record':
          n.labels = u.fields.map((f) => quoteJsonString(f.name));
          n.children = u.fields.map((f) => this.#node(f.type));
          break;
        case 'array':
        case 'set':
          n.inner = this.#node(u.elem);
          break;
        case 'map':
          n.keyType = u.key;
          n.inner = this.#node(u.value);
          break;
        case 'union':
          n.children = u.types.map((m) => this.#node(m));
          break;
        case 'enum':
          n.labels = u.symbols;
          break;
        case 'error':
          n.inner = this.#node(u.type);
          break;
      }
    }
    this.#nodes.set(t, n);
    return n;
  }

  /** The newline and indent that start an entry when pretty-printing. */
  #line(indent: number): void {
    if (this.#tab > 0) {
      this.#out.byte(0x0a);
      this.#out.spaces(indent);
    }
  }

  #any(n: JsonNode, buf: Uint8Array | null, s: number, e: number, tab: number): void {
    const el = this.#el;
    const out = this.#out;
    // Unions write their member (Value.Under in Zed).
    while (n.kind === 'union' && s >= 0 && buf !== null) {
      const off = readElement(buf, s, e, el);
      if (el.start < 0) throw new FormatError('Union value has a null tag');
      const tag = decodeIntNumber(buf, el.start, el.end);
      const m = n.children[tag];
      if (m === undefined) throw new FormatError(`Union tag ${tag} out of range`);
      readElement(buf, off, e, el);
      n = m;
      s = el.start;
      e = el.end;
    }
    if (s < 0 || buf === null) {
      out.ascii('null');
      return;
    }
    switch (n.kind) {
      case 'primitive':
        this.#primitive(n.id, buf, s, e);
        return;
      case 'record': {
        if (s === e) {
          out.ascii('{}');
          return;
        }
        const inner = tab + this.#tab;
        const labels = (n.labelBytes ??= n.labels.map((l) => utf8.encode(l + this.#colon)));
        let off = s;
        out.byte(0x7b);
        for (let i = 0; i < n.children.length; i++) {
          if (i > 0) out.byte(0x2c);
          this.#line(inner);
          out.bytes(labels[i]!);
          let fs = -1;
          let fe = -1;
          if (off < e) {
            off = readElement(buf, off, e, el);
            fs = el.start;
            fe = el.end;
          }
          this.#any(n.children[i]!, buf, fs, fe, inner);
        }
        this.#line(tab);
        out.byte(0x7d);
        return;
      }
      case 'array':
      case 'set': {
        if (s === e) {
          out.ascii('[]');
          return;
        }
        const inner = tab + this.#tab;
        out.byte(0x5b);
        for (let off = s; off < e; ) {
          if (off > s) out.byte(0x2c);
          off = readElement(buf, off, e, el);
          this.#line(inner);
          this.#any(n.inner!, buf, el.start, el.end, inner);
        }
        this.#line(tab);
        out.byte(0x5d);
        return;
      }
      case 'map': {
        if (s === e) {
          out.ascii('{}');
          return;
        }
        const inner = tab + this.#tab;
        out.byte(0x7b);
        for (let off = s; off < e; ) {
          if (off > s) out.byte(0x2c);
          off = readElement(buf, off, e, el);
          this.#line(inner);
          this.#mapKey(n.keyType!, buf, el.start, el.end);
          out.ascii(this.#colon);
          let vs = -1;
          let ve = -1;
          if (off < e) {
            off = readElement(buf, off, e, el);
            vs = el.start;
            ve = el.end;
          }
          this.#any(n.inner!, buf, vs, ve, inner);
        }
        this.#line(tab);
        out.byte(0x7d);
        return;
      }
      case 'enum':
        out.text(quoteJsonString(this.#symbol(n.labels, buf, s, e)));
        return;
      case 'error': {
        const inner = tab + this.#tab;
        out.byte(0x7b);
        this.#line(inner);
        out.ascii('"error"' + this.#colon);
        this.#any(n.inner!, buf, s, e, inner);
        this.#line(tab);
        out.byte(0x7d);
        return;
      }
      case 'union':
        return; // unreachable: unions were untagged above
    }
  }

  #symbol(symbols: readonly string[], buf: Uint8Array | null, s: number, e: number): string {
    // A null enum decodes as index 0 in Zed; a bad index is written as text.
    const k = s < 0 || buf === null ? 0 : decodeUintNumber(buf, s, e);
    return symbols[k] ?? '<bad enum>';
  }

  #primitive(id: number, buf: Uint8Array, s: number, e: number): void {
    const out = this.#out;
    switch (id) {
      case ID.string:
        out.quoted(buf, s, e, true);
        return;
      case ID.float64:
      case ID.float32:
      case ID.float16:
        out.ascii(jsonFloat(decodeFloat(buf, s, e)));
        return;
      case ID.time:
      case ID.duration:
      case ID.bytes:
      case ID.ip:
      case ID.net:
        out.byte(0x22);
        appendPrimitive(out, id, buf, s, e);
        out.byte(0x22);
        return;
      case ID.type:
        out.text(quoteJsonString(formatPrimitiveBody(id, buf, s, e)));
        return;
      case ID.null:
        out.ascii('null');
        return;
      default:
        // Integers and bools read the same in ZSON and JSON.
        appendPrimitive(out, id, buf, s, e);
    }
  }

  /**
   * Writes a map key as a quoted JSON string (jsonio mapKey): strings as they
   * are, other primitives in ZSON, union keys as their decorated member (so
   * keys like 0 and 0(uint64) stay apart), enums as the symbol, and anything
   * else as decorated ZSON.
   */
  #mapKey(t: Type, buf: Uint8Array, s: number, e: number): void {
    const u = underlying(t);
    if (u.kind === 'primitive' && u.id === ID.string) {
      if (s < 0) this.#out.ascii('""');
      else this.#out.quoted(buf, s, e, true);
      return;
    }
    this.#out.text(quoteJsonString(this.#keyText(t, buf, s, e)));
  }

  #keyText(t: Type, buf: Uint8Array, s: number, e: number): string {
    const u = underlying(t);
    switch (u.kind) {
      case 'primitive':
        if (s < 0) return 'null';
        // Zed's FormatPrimitive does not look through names.
        if (t !== u) return '<ZSON unknown primitive: *zed.TypeNamed>';
        return formatPrimitiveBody(u.id, buf, s, e);
      case 'union': {
        if (s < 0) return this.#formatZson(new Value(u, null));
        const el = this.#el;
        const off = readElement(buf, s, e, el);
        const tag = el.start < 0 ? -1 : decodeIntNumber(buf, el.start, el.end);
        const m = u.types[tag];
        if (m === undefined) throw new FormatError(`Union tag ${tag} out of range`);
        readElement(buf, off, e, el);
        return this.#formatZson(new Value(m, el.start < 0 ? null : buf.subarray(el.start, el.end)));
      }
      case 'enum':
        return this.#symbol(u.symbols, buf, s, e);
      default:
        return this.#formatZson(new Value(t, s < 0 ? null : buf.subarray(s, e)));
    }
  }

  #formatZson(v: Value): string {
    this.#zson ??= new ZsonFormatter();
    return this.#zson.format(v);
  }
}
