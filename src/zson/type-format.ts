// ZSON type syntax: `formatType` writes a Type in canonical form (zson.FormatType)
// and `formatTypeValue` writes the body of a type value (zng.md §4 encoding),
// pretty-printed as Zed's formatter does when a tab size is given.

import { TypeValueCode, primitivesById, type Type } from '../zed/index.js';
import { quoteName, quoteTypeName } from './quote.js';

/**
 * The canonical text of `t`: a named type is written `name=type` where it
 * first appears (depth-first, left to right) and `name` after that, unless
 * the name was bound to another type in between.
 */
export function formatType(t: Type): string {
  return canonical(t, new Map());
}

function canonical(t: Type, defs: Map<string, Type>): string {
  switch (t.kind) {
    case 'primitive':
      return t.name;
    case 'named': {
      const name = quoteTypeName(t.name);
      if (defs.get(t.name) === t) return name;
      const inner = canonical(t.type, defs);
      // Bound only after the inner type, so inner uses of the name refer to
      // earlier bindings (zson/formatter.go formatType).
      defs.set(t.name, t);
      return name + '=' + inner;
    }
    case 'record': {
      let s = '{';
      for (let i = 0; i < t.fields.length; i++) {
        const f = t.fields[i]!;
        if (i > 0) s += ',';
        s += quoteName(f.name) + ':' + canonical(f.type, defs);
      }
      return s + '}';
    }
    case 'array':
      return '[' + canonical(t.elem, defs) + ']';
    case 'set':
      return '|[' + canonical(t.elem, defs) + ']|';
    case 'map':
      return '|{' + canonical(t.key, defs) + ':' + canonical(t.value, defs) + '}|';
    case 'union': {
      let s = '(';
      for (let i = 0; i < t.types.length; i++) {
        if (i > 0) s += ',';
        s += canonical(t.types[i]!, defs);
      }
      return s + ')';
    }
    case 'enum':
      return 'enum(' + t.symbols.map(quoteName).join(',') + ')';
    case 'error':
      return 'error(' + canonical(t.type, defs) + ')';
  }
}

const utf8 = new TextDecoder('utf-8');

class Truncated extends Error {}

/** Reads a type value body and writes its ZSON text. */
class TypeValueWriter {
  pos: number;
  out = '';
  constructor(
    private readonly buf: Uint8Array,
    start: number,
    private readonly end: number,
    private readonly tab: number,
  ) {
    this.pos = start;
  }

  private uvarint(): number {
    let n = 0;
    let mul = 1;
    for (;;) {
      if (this.pos >= this.end) throw new Truncated();
      const b = this.buf[this.pos++]!;
      n += (b & 0x7f) * mul;
      if (b < 0x80) return n;
      mul *= 128;
    }
  }

  private name(): string {
    const n = this.uvarint();
    if (this.pos + n > this.end) throw new Truncated();
    const s = utf8.decode(this.buf.subarray(this.pos, this.pos + n));
    this.pos += n;
    return s;
  }

  /** The next code without consuming it (or -1 at the end). */
  private peekCode(): number {
    const save = this.pos;
    try {
      return this.uvarint();
    } catch {
      return -1;
    } finally {
      this.pos = save;
    }
  }

  private nl(): string {
    return this.tab > 0 ? '\n' : '';
  }

  private spaces(n: number): string {
    return n > 0 ? ' '.repeat(n) : '';
  }

  type(indent: number): void {
    const code = this.uvarint();
    const tab = this.tab;
    switch (code) {
      case TypeValueCode.nameDef:
        this.out += quoteName(this.name()) + '=';
        this.type(indent);
        return;
      case TypeValueCode.nameRef:
        this.out += quoteName(this.name());
        return;
      case TypeValueCode.record: {
        this.out += '{';
        const n = this.uvarint();
        if (n === 0) {
          this.out += '}';
          return;
        }
        const inner = indent + tab;
        let sep = this.nl();
        for (let k = 0; k < n; k++) {
          this.out += sep + this.spaces(inner) + quoteName(this.name()) + (tab > 0 ? ': ' : ':');
          this.type(inner);
          sep = ',' + this.nl();
        }
        this.out += this.nl() + this.spaces(indent) + '}';
        return;
      }
      case TypeValueCode.array:
        this.vector(indent, '[', ']');
        return;
      case TypeValueCode.set:
        this.vector(indent, '|[', ']|');
        return;
      case TypeValueCode.map: {
        this.out += '|{';
        let inner = indent + tab;
        let nl = this.nl();
        const save = this.pos;
        if (this.uvarint() < TypeValueCode.record && this.peekCode() < TypeValueCode.record) {
          // Both primitive: one line. Zed still writes the indent here.
          inner = indent;
          nl = '';
        }
        this.pos = save;
        this.out += nl + this.spaces(inner);
        this.type(inner);
        this.out += tab > 0 ? ': ' : ':';
        this.type(inner);
        this.out += nl + (nl !== '' ? this.spaces(inner - tab) : '') + '}|';
        return;
      }
      case TypeValueCode.union: {
        this.out += '(';
        const n = this.uvarint();
        const inner = indent + tab;
        let sep = this.nl();
        for (let k = 0; k < n; k++) {
          this.out += sep + this.spaces(inner);
          this.type(inner);
          sep = ',' + this.nl();
        }
        this.out += this.nl() + this.spaces(indent) + ')';
        return;
      }
      case TypeValueCode.enum: {
        this.out += 'enum(';
        const n = this.uvarint();
        for (let k = 0; k < n; k++) {
          if (k > 0) this.out += ',';
          this.out += quoteName(this.name());
        }
        this.out += ')';
        return;
      }
      case TypeValueCode.error:
        this.out += 'error(';
        this.type(indent);
        this.out += ')';
        return;
      default: {
        const p = code < TypeValueCode.record ? primitivesById[code] : undefined;
        if (p !== undefined) {
          this.out += p.name;
          return;
        }
        const why =
          code >= TypeValueCode.record
            ? `type ID too large for primitive: ${code}`
            : `primitive type ID ${code} not implemented`;
        this.out += `<ERR bad type ID in type value: ${why}>`;
      }
    }
  }

  private vector(indent: number, open: string, close: string): void {
    this.out += open;
    if (this.peekCode() < TypeValueCode.record) {
      this.type(indent);
      this.out += close;
      return;
    }
    const inner = indent + this.tab;
    this.out += this.nl() + this.spaces(inner);
    this.type(inner);
    this.out += this.nl() + this.spaces(indent) + close;
  }
}

/**
 * The ZSON text of the type value `buf[start:end]` (without the angle
 * brackets). With `tab` > 0 records, unions and complex container types
 * span lines, indented from `indent`, as zq -Z prints them.
 */
export function formatTypeValue(buf: Uint8Array, start = 0, end = buf.length, tab = 0, indent = 0): string {
  const w = new TypeValueWriter(buf, start, end, tab);
  try {
    w.type(indent);
  } catch (e) {
    if (!(e instanceof Truncated)) throw e;
    w.out += '<ERR truncated type value>';
  }
  return w.out;
}
