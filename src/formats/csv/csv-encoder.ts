// The CSV/TSV writer (zq -f csv, -f tsv), as zio/csvio/writer.go: records are
// flattened, the first record's field names make the header, and a later
// record with other field names is an error (Zed asks for "fuse"). Nulls
// print empty, strings raw, other primitives as ZSON without decorators
// (floats without a trailing "."), complex values as ZSON. Fields are quoted
// as Go's encoding/csv quotes them.

import type { Encoder } from '../codec.js';
import { InvalidError } from '../../errors/index.js';
import { ID, Value, type PrimitiveType, type Type } from '../../zed/index.js';
import { formatPrimitive, formatValue } from '../../zson/index.js';
import { decodeUtf8 } from '../../util/utf8.js';
import { Flattener, type Leaf } from './flatten.js';
import { concrete } from './under.js';
import { isSpace } from './csv-tokenizer.js';

export interface CsvEncoderOptions {
  /** The field delimiter, one character (default ","). */
  delim?: string;
}

export class CsvEncoder implements Encoder {
  private readonly delim: string;
  private readonly flattener = new Flattener();
  private readonly leaves: Leaf[] = [];
  private first: readonly string[] | null = null;
  /** Flat shapes already checked against the header. */
  private readonly ok = new Set<object>();
  private failed: unknown = undefined;

  constructor(opts: CsvEncoderOptions = {}) {
    this.delim = opts.delim ?? ',';
  }

  write(values: readonly Value[]): string {
    if (this.failed !== undefined) throw this.failed;
    let out = '';
    try {
      for (const v of values) out += this.record(v);
    } catch (err) {
      // Output before the bad value is still written; the error follows it.
      this.failed = err;
      if (out === '') throw err;
    }
    return out;
  }

  end(): string {
    if (this.failed !== undefined) throw this.failed;
    return '';
  }

  private record(v: Value): string {
    if (v.type.kind !== 'record' && !(v.type.kind === 'named' && isRecord(v.type))) {
      throw new InvalidError(`CSV output encountered non-record value: ${formatValue(v)}`);
    }
    const leaves = this.leaves;
    const shape = this.flattener.leaves(v, leaves);
    let out = '';
    if (this.first === null) {
      this.first = shape.fields.map((f) => f.name);
      out = this.line(this.first);
      this.ok.add(shape.key);
    } else if (!this.ok.has(shape.key)) {
      const names = this.first;
      const fields = shape.fields;
      if (fields.length !== names.length || fields.some((f, i) => f.name !== names[i])) {
        throw new InvalidError("CSV output requires uniform records but multiple types encountered (consider 'fuse')");
      }
      this.ok.add(shape.key);
    }
    const strs: string[] = [];
    for (const l of leaves) strs.push(formatField(l.type, l.bytes));
    return out + this.line(strs);
  }

  private line(fields: readonly string[]): string {
    let s = '';
    for (let i = 0; i < fields.length; i++) {
      if (i > 0) s += this.delim;
      s += this.quote(fields[i]!);
    }
    return s + '\n';
  }

  /** encoding/csv Writer.fieldNeedsQuotes and its quoting. */
  private quote(f: string): string {
    if (f === '') return f;
    let needs = f === '\\.' || isSpace(f.charCodeAt(0));
    if (!needs) {
      for (let i = 0; i < f.length; i++) {
        const c = f[i];
        if (c === '"' || c === '\n' || c === '\r' || c === this.delim) {
          needs = true;
          break;
        }
      }
    }
    return needs ? '"' + f.replaceAll('"', '""') + '"' : f;
  }
}

function isRecord(t: Type): boolean {
  while (t.kind === 'named') t = t.type;
  return t.kind === 'record';
}

/** One CSV field: see the file comment. */
function formatField(t: Type, bytes: Uint8Array | null): string {
  if (bytes === null) return '';
  const c = concrete(t, bytes);
  if (c.bytes === null) return '';
  const u = c.type;
  if (u.kind === 'primitive') {
    if (u.id === ID.string) return decodeUtf8(c.bytes);
    if (u.id === ID.bytes && c.bytes.length === 0) return '';
    const s = formatPrimitive(u as PrimitiveType, c.bytes);
    if (u.id >= ID.float16 && u.id <= ID.float64 && s.endsWith('.')) return s.slice(0, -1);
    return s;
  }
  return formatValue(new Value(u, c.bytes));
}
