// The CSV/TSV writer (zq -f csv, -f tsv), as zio/csvio/writer.go: records are
// flattened, the first record's field names make the header, and a later
// record with other field names is an error (Zed asks for "fuse"). Nulls
// print empty, strings raw, other primitives as ZSON without decorators
// (floats without a trailing "."), complex values as ZSON. Fields are quoted
// as Go's encoding/csv quotes them. Output is UTF-8 bytes, built in one
// buffer: string values are copied from their bodies without decoding.

import type { Encoder } from '../codec.js';
import { InvalidError } from '../../errors/index.js';
import { ID, Value, readElement, underlying, type RecordType, type Type } from '../../zed/index.js';
import { formatPrimitiveBody, formatValue } from '../../zson/index.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { Flattener } from './flatten.js';
import { concrete } from './under.js';
import { isSpace } from './space.js';

export interface CsvEncoderOptions {
  /** The field delimiter, one character (default ","). */
  delim?: string;
}

const QUOTE = 0x22;
const NL = 0x0a;
const CR = 0x0d;
const BACKSLASH = 0x5c;
const DOT = 0x2e;

const el = { start: 0, end: 0 };

export class CsvEncoder implements Encoder {
  private readonly delim: number;
  private readonly flattener = new Flattener();
  /** Fields written on the current line. */
  private col = 0;
  private readonly out = new ByteWriter(1 << 16);
  private readonly utf8 = new TextEncoder();
  private first: readonly string[] | null = null;
  /** Flat shapes already checked against the header. */
  private readonly ok = new Set<object>();
  private failed: unknown = undefined;

  constructor(opts: CsvEncoderOptions = {}) {
    this.delim = (opts.delim ?? ',').charCodeAt(0);
  }

  write(values: readonly Value[]): Uint8Array {
    if (this.failed !== undefined) throw this.failed;
    this.out.reset();
    try {
      for (const v of values) this.record(v);
    } catch (err) {
      // Output before the bad value is still written; the error follows it.
      this.failed = err;
      if (this.out.len === 0) throw err;
    }
    return this.out.take();
  }

  end(): Uint8Array {
    if (this.failed !== undefined) throw this.failed;
    return new Uint8Array(0);
  }

  private record(v: Value): void {
    if (!isRecord(v.type)) throw new InvalidError(`CSV output encountered non-record value: ${formatValue(v)}`);
    const shape = this.flattener.shape(v.type);
    if (this.first === null) {
      this.first = shape.fields.map((f) => f.name);
      this.header(this.first);
      this.ok.add(shape.key);
    } else if (!this.ok.has(shape.key)) {
      const names = this.first;
      const fields = shape.fields;
      if (fields.length !== names.length || fields.some((f, i) => f.name !== names[i])) {
        throw new InvalidError("CSV output requires uniform records but multiple types encountered (consider 'fuse')");
      }
      this.ok.add(shape.key);
    }
    // Write the line first; on an error in a field, take it back whole.
    const start = this.out.len;
    try {
      this.col = 0;
      this.walk(underlying(v.type) as RecordType, v.bytes, 0, v.bytes === null ? 0 : v.bytes.length);
      this.out.byte(NL);
    } catch (err) {
      this.out.len = start;
      throw err;
    }
  }

  /**
   * Writes the leaves of a record body buf[start:end] (null: a null record)
   * in place, inner records flattened (a null inner record gives empty leaves).
   */
  private walk(rec: RecordType, buf: Uint8Array | null, start: number, end: number): void {
    let off = start;
    for (const f of rec.fields) {
      let s = -1;
      let e = -1;
      if (buf !== null && off < end) {
        off = readElement(buf, off, end, el);
        s = el.start;
        e = el.end;
      }
      const u = underlying(f.type);
      if (u.kind === 'record') {
        this.walk(u, s < 0 ? null : buf, s, e);
        continue;
      }
      if (this.col++ > 0) this.out.byte(this.delim);
      if (s >= 0) this.field(f.type, buf!, s, e);
    }
  }

  private header(names: readonly string[]): void {
    for (let i = 0; i < names.length; i++) {
      if (i > 0) this.out.byte(this.delim);
      this.text(names[i]!);
    }
    this.out.byte(NL);
  }

  /** One non-null field, the body buf[start:end] of type t: see the file comment. */
  private field(t: Type, buf: Uint8Array, start: number, end: number): void {
    if (t.kind !== 'primitive') {
      const c = concrete(t, buf.subarray(start, end));
      if (c.bytes === null) return;
      if (c.type.kind !== 'primitive') {
        this.text(formatValue(new Value(c.type, c.bytes)));
        return;
      }
      t = c.type;
      buf = c.bytes;
      start = 0;
      end = buf.length;
    }
    const id = t.id;
    if (id === ID.string) {
      this.utf8Field(buf, start, end);
      return;
    }
    // "" rather than "0x" for an empty bytes value.
    if (id === ID.bytes && end === start) return;
    let s = formatPrimitiveBody(id, buf, start, end);
    if (id >= ID.float16 && id <= ID.float64 && s.charCodeAt(s.length - 1) === DOT) s = s.slice(0, -1);
    this.text(s);
  }

  /** Writes text, quoted when encoding/csv would quote it. */
  private text(s: string): void {
    const out = this.out;
    let ascii = true;
    let needs = s === '\\.' || (s.length > 0 && isSpace(s.charCodeAt(0)));
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c > 0x7f) ascii = false;
      else if (c === QUOTE || c === NL || c === CR || c === this.delim) needs = true;
    }
    if (!ascii) {
      const b = this.utf8.encode(s);
      this.utf8Field(b, 0, b.length);
      return;
    }
    out.reserve(needs ? 2 * s.length + 2 : s.length);
    const buf = out.buf;
    let n = out.len;
    if (needs) buf[n++] = QUOTE;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      buf[n++] = c;
      if (needs && c === QUOTE) buf[n++] = QUOTE;
    }
    if (needs) buf[n++] = QUOTE;
    out.len = n;
  }

  /** Writes the UTF-8 field b[start:end], quoted when encoding/csv would quote it (Writer.fieldNeedsQuotes). */
  private utf8Field(b: Uint8Array, start: number, end: number): void {
    const n = end - start;
    if (n === 0) return;
    const out = this.out;
    out.reserve(2 * n + 2);
    const buf = out.buf;
    const delim = this.delim;
    let k = out.len;
    // The common case: copy as is, until a byte that calls for quotes.
    let special = (n === 2 && b[start] === BACKSLASH && b[start + 1] === DOT) || leadingSpace(b, start, end);
    if (!special) {
      for (let i = start; i < end; i++) {
        const c = b[i]!;
        if (c === QUOTE || c === NL || c === CR || c === delim) {
          special = true;
          break;
        }
        buf[k++] = c;
      }
      if (!special) {
        out.len = k;
        return;
      }
      k = out.len;
    }
    buf[k++] = QUOTE;
    for (let i = start; i < end; i++) {
      const c = b[i]!;
      buf[k++] = c;
      if (c === QUOTE) buf[k++] = QUOTE;
    }
    buf[k++] = QUOTE;
    out.len = k;
  }
}

function isRecord(t: Type): boolean {
  while (t.kind === 'named') t = t.type;
  return t.kind === 'record';
}

/** Whether UTF-8 b[start:end] starts with a Unicode space (isSpace on its first character). */
function leadingSpace(b: Uint8Array, start: number, end: number): boolean {
  const c = b[start]!;
  if (c < 0x80) return isSpace(c);
  const c1 = start + 1 < end ? b[start + 1]! : -1;
  const c2 = start + 2 < end ? b[start + 2]! : -1;
  if (c === 0xc2) return c1 === 0x85 || c1 === 0xa0;
  if (c === 0xe1) return c1 === 0x9a && c2 === 0x80;
  if (c === 0xe2) {
    if (c1 === 0x80) return (c2 >= 0x80 && c2 <= 0x8a) || c2 === 0xa8 || c2 === 0xa9 || c2 === 0xaf;
    return c1 === 0x81 && c2 === 0x9f;
  }
  if (c === 0xe3) return c1 === 0x80 && c2 === 0x80;
  return false;
}
