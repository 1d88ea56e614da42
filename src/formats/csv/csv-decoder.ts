// The CSV/TSV reader (zq -i csv, -i tsv): the first record is the header;
// every later record becomes a record value whose fields are typed one by one
// as zio/csvio/reader.go convertString types them: empty is null, then what
// strconv.ParseFloat(s, 64) takes is a float64, then what strconv.ParseBool
// takes is a bool, else a string. A record with a different number of fields
// than the header is an error naming its line, and input without data records
// is "empty csv file".

import type { Decoder } from '../codec.js';
import { FormatError, InvalidError, ParseError } from '../../errors/index.js';
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
import { CsvRecords } from './csv-records.js';
import { parseGoBool, parseGoFloat } from '../../util/strconv.js';
import { DETECT_OVERFLOW, type DetectEnd } from '../detect-hook.js';

export interface CsvDecoderOptions {
  /** The field delimiter, one character (default ","). */
  delim?: string;
}

/** zq's -csv.delim rule (cli/inputflags): exactly one byte. */
export function isCsvDelimiter(s: string): boolean {
  return s.length === 1 && s.charCodeAt(0) < 0x80;
}

/** The delimiter the reader uses, or Zed's error for one it refuses. */
function delimiterOf(delim: string): string {
  if (!isCsvDelimiter(delim)) throw new InvalidError('CSV field delimiter must be exactly one character');
  // zio/csvio treats a zero delimiter as unset, i.e. ','.
  if (delim === '\0') return ',';
  // encoding/csv refuses these when reading starts.
  if (delim === '"' || delim === '\r' || delim === '\n') throw new InvalidError('csv: invalid field or comment delimiter');
  return delim;
}

/** What a field was inferred as. */
const enum Kind {
  Null,
  Float,
  Bool,
  String,
}

const KIND_TYPES: readonly Type[] = [TypeNull, TypeFloat64, TypeBool, TypeString];

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

export class CsvDecoder implements Decoder {
  private readonly records: CsvRecords;
  private readonly text = new TextDecoder('utf-8', { ignoreBOM: true });
  private readonly builder = new Builder();
  private header: string[] | null = null;
  private readonly types: Type[] = [];
  private readonly fields: Field[] = [];
  /** Record types by their column kinds (see shapeType). */
  private readonly shapes = new Map<number | string, RecordType>();
  /** The column kinds of the last record, and its type. */
  private kinds = new Uint8Array(0);
  private last: RecordType | null = null;
  private out: Value[] = [];
  private valid = false;
  private failed: unknown = undefined;

  constructor(
    private readonly ctx: TypeContext,
    opts: CsvDecoderOptions = {},
  ) {
    this.records = new CsvRecords(delimiterOf(opts.delim ?? ','));
  }

  push(chunk: Uint8Array): Value[] {
    if (this.failed !== undefined) throw this.failed;
    try {
      const r = this.records.push(this.text.decode(chunk, { stream: true }));
      this.build(r.fields, r.lines);
    } catch (err) {
      return this.fail(err);
    }
    return this.take();
  }

  end(): Value[] {
    if (this.failed !== undefined) throw this.failed;
    try {
      const tail = this.text.decode();
      if (tail.length > 0) {
        const r = this.records.push(tail);
        this.build(r.fields, r.lines);
      }
      const r = this.records.end();
      this.build(r.fields, r.lines);
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

  private build(records: readonly string[][], lines: readonly number[]): void {
    for (let k = 0; k < records.length; k++) {
      const fields = records[k]!;
      const hdr = this.header;
      if (hdr === null) {
        this.header = fields;
        continue;
      }
      if (fields.length !== hdr.length) {
        const line = lines[k]!;
        throw new ParseError('wrong number of fields', line, 1, `record on line ${line}: wrong number of fields`);
      }
      this.out.push(this.record(hdr, fields));
      this.valid = true;
    }
  }

  private record(hdr: readonly string[], fields: readonly string[]): Value {
    const b = this.builder;
    b.reset();
    // A record usually has the shape of the one before; note when it does not.
    let changed = this.kinds.length !== fields.length;
    if (changed) this.kinds = new Uint8Array(fields.length);
    for (let i = 0; i < fields.length; i++) {
      const s = fields[i]!;
      let kind: Kind;
      if (s === '') {
        kind = Kind.Null;
        b.append(null);
      } else {
        const x = parseGoFloat(s);
        if (x !== undefined) {
          kind = Kind.Float;
          f64[0] = x;
          b.append(f64Bytes);
        } else {
          const t = parseGoBool(s);
          if (t !== undefined) {
            kind = Kind.Bool;
            b.append(t ? TRUE_BODY : FALSE_BODY);
          } else {
            kind = Kind.String;
            appendString(b, s);
          }
        }
      }
      if (this.kinds[i] !== kind) {
        this.kinds[i] = kind;
        changed = true;
      }
    }
    let rt = this.last;
    if (changed || rt === null) {
      rt = this.shapeType(hdr);
      this.last = rt;
    }
    return new Value(rt, b.bytes());
  }

  /** The record type for the column kinds in `this.kinds`. */
  private shapeType(hdr: readonly string[]): RecordType {
    const kinds = this.kinds;
    // Two bits a column: a number is an exact key up to 26 columns.
    let key: number | string = 0;
    if (kinds.length <= 26) {
      for (let i = 0; i < kinds.length; i++) key = key * 4 + kinds[i]!;
    } else {
      key = String.fromCharCode(...kinds);
    }
    let rt = this.shapes.get(key);
    if (rt === undefined) {
      const types = this.types;
      types.length = kinds.length;
      for (let i = 0; i < kinds.length; i++) types[i] = KIND_TYPES[kinds[i]!]!;
      rt = this.recordType(hdr, types);
      this.shapes.set(key, rt);
    }
    return rt;
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
 * line must end in a newline and contain the delimiter. Returns why not, null
 * to go on, or 'more' while the first line is incomplete.
 */
export function csvFirstLine(prefix: Uint8Array, end: DetectEnd, name: string, delim: number): string | null | 'more' {
  const nl = prefix.indexOf(0x0a);
  if (nl < 0) {
    if (end === 'partial') return 'more';
    return `${name}: line 1: ${end === 'eof' ? 'EOF' : DETECT_OVERFLOW}`;
  }
  for (let i = 0; i < nl; i++) if (prefix[i] === delim) return null;
  return `${name}: line 1: delimiter ${delim === 0x09 ? "'\\t'" : `'${String.fromCharCode(delim)}'`} not found`;
}
