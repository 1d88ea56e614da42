// The CSV/TSV reader (zq -i csv, -i tsv): the first record is the header;
// every later record becomes a record value whose fields are typed one by one
// (infer.ts). As in zio/csvio/reader.go, a record with a different number of
// fields than the header is an error, and input without data records is
// "empty csv file".

import type { Decoder } from '../codec.js';
import { FormatError, ParseError } from '../../errors/index.js';
import {
  Builder,
  TypeBool,
  TypeFloat64,
  TypeNull,
  TypeString,
  Value,
  type Field,
  type RecordType,
  type Type,
  type TypeContext,
} from '../../zed/index.js';
import { encodeUtf8 } from '../../util/utf8.js';

// Scratch for float64 bodies (little-endian IEEE 754, as zcode stores them).
const f64 = new Float64Array(1);
const f64Bytes = new Uint8Array(f64.buffer);
const TRUE_BODY = Uint8Array.of(1);
const FALSE_BODY = Uint8Array.of(0);

/** Appends the UTF-8 body of `s`, writing ASCII directly (the common case). */
function appendString(b: Builder, s: string): void {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    if (s.charCodeAt(i) > 0x7f) {
      b.append(encodeUtf8(s));
      return;
    }
  }
  const at = b.appendBody(n);
  const buf = b.buf;
  for (let i = 0; i < n; i++) buf[at + i] = s.charCodeAt(i);
}
import { CsvTokenizer, type CsvRecord } from './csv-tokenizer.js';
import { parseGoBool, parseGoFloat } from './infer.js';

export interface CsvDecoderOptions {
  /** The field delimiter, one character (default ","). */
  delim?: string;
}

export class CsvDecoder implements Decoder {
  private readonly tokenizer: CsvTokenizer;
  private readonly text = new TextDecoder('utf-8', { ignoreBOM: true });
  private readonly builder = new Builder();
  private header: string[] | null = null;
  private readonly types: Type[] = [];
  private readonly fields: Field[] = [];
  /** Record types by their column kinds ("n" null, "f" float64, "b" bool, "s" string). */
  private readonly shapes = new Map<string, RecordType>();
  private out: Value[] = [];
  private valid = false;
  private failed: unknown = undefined;
  private readonly emit = (r: CsvRecord): void => this.record(r);

  constructor(
    private readonly ctx: TypeContext,
    opts: CsvDecoderOptions = {},
  ) {
    this.tokenizer = new CsvTokenizer(opts.delim ?? ',');
  }

  push(chunk: Uint8Array): Value[] {
    if (this.failed !== undefined) throw this.failed;
    try {
      this.tokenizer.push(this.text.decode(chunk, { stream: true }), this.emit);
    } catch (err) {
      return this.fail(err);
    }
    return this.take();
  }

  end(): Value[] {
    if (this.failed !== undefined) throw this.failed;
    try {
      const tail = this.text.decode();
      if (tail.length > 0) this.tokenizer.push(tail, this.emit);
      this.tokenizer.end(this.emit);
    } catch (err) {
      return this.fail(err);
    }
    if (!this.valid) this.failed = new FormatError('empty csv file');
    if (this.out.length === 0 && this.failed !== undefined) throw this.failed;
    return this.take();
  }

  /** Returns the values decoded before an error; the error is thrown by the next call. */
  private fail(err: unknown): Value[] {
    this.failed = err;
    if (this.out.length === 0) throw err;
    return this.take();
  }

  private take(): Value[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  private record(r: CsvRecord): void {
    const hdr = this.header;
    if (hdr === null) {
      this.header = r.fields;
      return;
    }
    const fields = r.fields;
    if (fields.length !== hdr.length) {
      throw new ParseError('wrong number of fields', r.line, 1, `record on line ${r.line}: wrong number of fields`);
    }
    const b = this.builder;
    const types = this.types;
    b.reset();
    types.length = fields.length;
    let sig = '';
    for (let i = 0; i < fields.length; i++) {
      const s = fields[i]!;
      if (s === '') {
        types[i] = TypeNull;
        sig += 'n';
        b.append(null);
        continue;
      }
      const x = parseGoFloat(s);
      if (x !== undefined) {
        types[i] = TypeFloat64;
        sig += 'f';
        f64[0] = x;
        b.append(f64Bytes);
        continue;
      }
      const t = parseGoBool(s);
      if (t !== undefined) {
        types[i] = TypeBool;
        sig += 'b';
        b.append(t ? TRUE_BODY : FALSE_BODY);
        continue;
      }
      types[i] = TypeString;
      sig += 's';
      appendString(b, s);
    }
    let rt = this.shapes.get(sig);
    if (rt === undefined) {
      rt = this.recordType(hdr, types);
      this.shapes.set(sig, rt);
    }
    this.out.push(new Value(rt, b.bytes()));
    this.valid = true;
  }

  private recordType(names: readonly string[], types: readonly Type[]): RecordType {
    const f = this.fields;
    f.length = names.length;
    for (let i = 0; i < names.length; i++) f[i] = { name: names[i]!, type: types[i]! };
    return this.ctx.lookupRecord(f);
  }
}

/**
 * Zed's cheap check before a trial decode (zio/anyio isCSVStream): the first
 * line must end in a newline and contain the delimiter.
 */
export function looksLikeCsv(prefix: Uint8Array, complete: boolean, delim: number): boolean {
  const nl = prefix.indexOf(0x0a);
  if (nl < 0) return !complete;
  for (let i = 0; i < nl; i++) if (prefix[i] === delim) return true;
  return false;
}
