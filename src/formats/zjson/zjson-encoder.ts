// The ZJSON writer: one {"type":...,"value":...} object per line, byte for
// byte as zq -f zjson (zio/zjsonio writer.go, marshaled by Go's
// encoding/json): primitive values as their ZSON text in strings (strings
// raw), containers as nested arrays, unions as ["tag",value], type values
// as type objects.

import type { Chunk, Encoder } from '../codec.js';
import { FormatError } from '../../errors/index.js';
import { ID, decodeIntNumber, readElement, underlying, type Type, type Value } from '../../zed/index.js';
import { formatPrimitiveBody } from '../../zson/primitive-format.js';
import { goJsonQuote } from '../../util/go-json.js';
import { goJsonQuoteBytes } from './go-json-bytes.js';
import { ZjsonTypeWriter } from './zjson-types.js';

export class ZjsonEncoder implements Encoder {
  private readonly types = new ZjsonTypeWriter();
  private readonly el = { start: 0, end: 0 };

  write(values: readonly Value[]): Chunk {
    let out = '';
    for (const v of values) {
      // The type goes first: type values inside the value may refer to it.
      const typeText = this.types.encode(this.types.translate(v.type));
      const b = v.bytes;
      out += `{"type":${typeText},"value":${b === null ? 'null' : this.value(v.type, b, 0, b.length)}}\n`;
    }
    return out;
  }

  end(): Chunk {
    return '';
  }

  /** JSON text of the non-null value of type `t` whose body is buf[start:end]. */
  private value(t: Type, buf: Uint8Array, start: number, end: number): string {
    const u = underlying(t);
    switch (u.kind) {
      case 'primitive':
        return this.primitive(u.id, buf, start, end);
      case 'record': {
        let s = '[';
        let off = start;
        for (let i = 0; i < u.fields.length; i++) {
          if (i > 0) s += ',';
          off = this.element(u.fields[i]!.type, buf, off, end);
          s += this.last;
        }
        return s + ']';
      }
      case 'array':
      case 'set': {
        let s = '[';
        for (let off = start; off < end; ) {
          if (off > start) s += ',';
          off = this.element(u.elem, buf, off, end);
          s += this.last;
        }
        return s + ']';
      }
      case 'map': {
        let s = '[';
        for (let off = start; off < end; ) {
          if (off > start) s += ',';
          off = this.element(u.key, buf, off, end);
          s += '[' + this.last + ',';
          off = this.element(u.value, buf, off, end);
          s += this.last + ']';
        }
        return s + ']';
      }
      case 'union': {
        const el = this.el;
        const off = readElement(buf, start, end, el);
        const tag = el.start < 0 ? 0 : decodeIntNumber(buf, el.start, el.end);
        const inner = u.types[tag];
        if (inner === undefined) throw new FormatError(`union tag ${tag} out of range`);
        this.element(inner, buf, off, end);
        return `["${tag}",${this.last}]`;
      }
      case 'enum':
        return '"' + formatPrimitiveBody(ID.uint64, buf, start, end) + '"';
      case 'error':
        return this.value(u.type, buf, start, end);
    }
  }

  /** The JSON text of the element last read by element(). */
  private last = '';

  /** Reads the element at buf[off] as type `t` into this.last; returns the offset after it. */
  private element(t: Type, buf: Uint8Array, off: number, end: number): number {
    const el = this.el;
    const next = readElement(buf, off, end, el);
    this.last = el.start < 0 ? 'null' : this.value(t, buf, el.start, el.end);
    return next;
  }

  private primitive(id: number, buf: Uint8Array, start: number, end: number): string {
    switch (id) {
      case ID.string:
        return goJsonQuoteBytes(buf, start, end);
      case ID.type:
        return this.types.encode(this.types.fromTypeValue(buf.subarray(start, end)));
      case ID.null:
        return 'null';
      default:
        return goJsonQuote(formatPrimitiveBody(id, buf, start, end));
    }
  }
}
