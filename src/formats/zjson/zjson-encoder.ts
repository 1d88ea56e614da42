// The ZJSON writer: one {"type":...,"value":...} object per line, byte for
// byte as zq -f zjson (zio/zjsonio writer.go, marshaled by Go's
// encoding/json): primitive values as their ZSON text in strings (strings
// raw), containers as nested arrays, unions as ["tag",value], type values
// as type objects.

import type { Chunk, Encoder } from '../codec.js';
import { FormatError } from '../../errors/index.js';
import { ID, decodeIntNumber, readElement, underlying, type Type, type Value } from '../../zed/index.js';
import { appendPrimitive, TextBuffer } from '../../zson/index.js';
import { ZjsonTypeWriter } from './zjson-types.js';

export class ZjsonEncoder implements Encoder {
  private readonly types = new ZjsonTypeWriter();
  private readonly el = { start: 0, end: 0 };
  /**
   * Each batch's text, written as bytes: a string built of each value's
   * pieces was a rope of many small strings that lived long enough to be
   * promoted, and collecting them took most of the time.
   */
  private readonly out = new TextBuffer(4096);

  /** Returns the batch's text as UTF-8 bytes (one copy of a reused buffer). */
  write(values: readonly Value[]): Chunk {
    const out = this.out;
    out.reset();
    for (const v of values) {
      // The type goes first: type values inside the value may refer to it.
      const typeText = this.types.encode(this.types.translate(v.type));
      out.ascii('{"type":');
      out.text(typeText);
      out.ascii(',"value":');
      const b = v.bytes;
      if (b === null) out.ascii('null');
      else this.value(v.type, b, 0, b.length);
      out.ascii('}\n');
    }
    return out.take();
  }

  end(): Chunk {
    return '';
  }

  /** Writes the JSON text of the non-null value of type `t` whose body is buf[start:end]. */
  private value(t: Type, buf: Uint8Array, start: number, end: number): void {
    const u = underlying(t);
    const out = this.out;
    switch (u.kind) {
      case 'primitive':
        this.primitive(u.id, buf, start, end);
        return;
      case 'record': {
        out.byte(0x5b);
        let off = start;
        for (let i = 0; i < u.fields.length; i++) {
          if (i > 0) out.byte(0x2c);
          off = this.element(u.fields[i]!.type, buf, off, end);
        }
        out.byte(0x5d);
        return;
      }
      case 'array':
      case 'set': {
        out.byte(0x5b);
        for (let off = start; off < end; ) {
          if (off > start) out.byte(0x2c);
          off = this.element(u.elem, buf, off, end);
        }
        out.byte(0x5d);
        return;
      }
      case 'map': {
        out.byte(0x5b);
        for (let off = start; off < end; ) {
          if (off > start) out.byte(0x2c);
          out.byte(0x5b);
          off = this.element(u.key, buf, off, end);
          out.byte(0x2c);
          off = this.element(u.value, buf, off, end);
          out.byte(0x5d);
        }
        out.byte(0x5d);
        return;
      }
      case 'union': {
        const el = this.el;
        const off = readElement(buf, start, end, el);
        const tag = el.start < 0 ? 0 : decodeIntNumber(buf, el.start, el.end);
        const inner = u.types[tag];
        if (inner === undefined) throw new FormatError(`union tag ${tag} out of range`);
        out.ascii('["');
        out.int(tag);
        out.ascii('",');
        this.element(inner, buf, off, end);
        out.byte(0x5d);
        return;
      }
      case 'enum':
        out.byte(0x22);
        appendPrimitive(out, ID.uint64, buf, start, end);
        out.byte(0x22);
        return;
      case 'error':
        this.value(u.type, buf, start, end);
        return;
    }
  }

  /** Writes the element at buf[off] as type `t`; returns the offset after it. */
  private element(t: Type, buf: Uint8Array, off: number, end: number): number {
    const el = this.el;
    const next = readElement(buf, off, end, el);
    if (el.start < 0) this.out.ascii('null');
    else this.value(t, buf, el.start, el.end);
    return next;
  }

  private primitive(id: number, buf: Uint8Array, start: number, end: number): void {
    const out = this.out;
    switch (id) {
      case ID.string:
        // As Go's encoding/json marshals a string: HTML characters escaped too.
        out.quoted(buf, start, end, true, true);
        return;
      case ID.type:
        out.text(this.types.encode(this.types.fromTypeValue(buf.subarray(start, end))));
        return;
      case ID.null:
        out.ascii('null');
        return;
      default:
        // The ZSON text of any other primitive is ASCII that needs no escape.
        out.byte(0x22);
        appendPrimitive(out, id, buf, start, end);
        out.byte(0x22);
    }
  }
}
