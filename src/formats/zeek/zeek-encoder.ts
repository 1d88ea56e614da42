// The Zeek TSV log writer (zio/zeekio writer.go): nested records are
// flattened to dotted field names, a top-level _path becomes the #path
// directive, and a header (#fields/#types) is written whenever the flattened
// type changes. Zed types without a Zeek equivalent are an error.

import type { Chunk, Encoder } from '../codec.js';
import { InvalidError } from '../../errors/index.js';
import { readElement, underlying, type RecordType, type Type, type Value } from '../../zed/index.js';
import { decodeUtf8 } from '../../util/utf8.js';
import { zeekTypeName } from './zeek-types.js';
import { formatZeekField } from './zeek-format.js';

/** What the writer knows about one input record type. */
interface Layout {
  readonly record: RecordType;
  /** "#fields ...\n#types ...\n". */
  readonly header: string;
  /** Top-level position of a non-record _path field, or -1. */
  readonly pathField: number;
  /** Zed compares the value's own type with the last one: a named flat type never matches. */
  readonly alwaysHeader: boolean;
  /** Layouts of types that flatten alike share this key (Zed interns the flat type). */
  readonly key: object;
}

const SEPARATORS = '#separator \\x09\n#set_separator\t,\n#empty_field\t(empty)\n#unset_field\t-\n';

export class ZeekEncoder implements Encoder {
  private readonly layouts = new Map<Type, Layout>();
  private readonly flatKeys = new Map<string, object>();
  private started = false;
  private path = '';
  private key: object | null = null;
  private failed: unknown = undefined;
  private readonly el = { start: 0, end: 0 };

  write(values: readonly Value[]): Chunk {
    if (this.failed !== undefined) throw this.failed;
    let out = '';
    for (let i = 0; i < values.length; i++) {
      try {
        out += this.writeValue(values[i]!);
      } catch (err) {
        // Zed writes values one at a time: what came before the bad one is output.
        this.failed = err;
        if (out.length === 0) throw err;
        return out;
      }
    }
    return out;
  }

  end(): Chunk {
    if (this.failed !== undefined) throw this.failed;
    return '';
  }

  private writeValue(v: Value): string {
    const layout = this.layoutOf(v.type);
    const body = v.bytes;
    const path = body === null || layout.pathField < 0 ? '' : this.fieldText(body, layout.pathField);
    let out = '';
    if (layout.key !== this.key || layout.alwaysHeader || path !== this.path) {
      if (!this.started) {
        this.started = true;
        out += SEPARATORS;
      }
      if (path !== this.path) {
        this.path = path;
        out += `#path\t${path === '' ? '-' : path}\n`;
      }
      if (layout.key !== this.key || layout.alwaysHeader) out += layout.header;
      this.key = layout.key;
    }
    const row: string[] = [];
    this.appendRow(row, layout.record, body, true);
    return out + row.join('\t') + '\n';
  }

  /** The text of top-level field `k` (Zed's Deref("_path").AsString()). */
  private fieldText(body: Uint8Array, k: number): string {
    let off = 0;
    for (let i = 0; i <= k; i++) off = readElement(body, off, body.length, this.el);
    return this.el.start < 0 ? '' : decodeUtf8(body.subarray(this.el.start, this.el.end));
  }

  /** Appends the leaves of a record, flattened; a null record's leaves are all unset. */
  private appendRow(row: string[], rt: RecordType, body: Uint8Array | null, top: boolean): void {
    const fields = rt.fields;
    const el = this.el;
    let off = 0;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i]!;
      let s = -1;
      let e = -1;
      if (body !== null) {
        off = readElement(body, off, body.length, el);
        s = el.start;
        e = el.end;
      }
      const u = underlying(f.type);
      if (u.kind === 'record') {
        this.appendRow(row, u, s < 0 || body === null ? null : body.subarray(s, e), false);
        continue;
      }
      if (top && f.name === '_path') continue;
      row.push(body === null ? '-' : formatZeekField(f.type, body, s, e, false));
    }
  }

  private layoutOf(t: Type): Layout {
    const hit = this.layouts.get(t);
    if (hit !== undefined) return hit;
    const record = underlying(t);
    if (record.kind !== 'record') throw new InvalidError('zeek output requires record values');
    const names: string[] = [];
    const types: Type[] = [];
    let flat = true;
    const walk = (rt: RecordType, prefix: string): void => {
      for (const f of rt.fields) {
        const u = underlying(f.type);
        if (u.kind === 'record') {
          flat = false;
          walk(u, prefix + f.name + '.');
        } else {
          names.push(prefix + f.name);
          types.push(f.type);
        }
      }
    };
    walk(record, '');
    let fieldsLine = '#fields';
    let typesLine = '#types';
    for (let i = 0; i < names.length; i++) {
      if (names[i] === '_path') continue;
      fieldsLine += '\t' + names[i]!;
      typesLine += '\t' + zeekTypeName(types[i]!);
    }
    let key: object = t;
    if (!flat) {
      const sig = names.map((n, i) => `${n}:${types[i]!.id}`).join('\t');
      key = this.flatKeys.get(sig) ?? {};
      this.flatKeys.set(sig, key);
    }
    const pathField = record.fields.findIndex((f) => f.name === '_path' && underlying(f.type).kind !== 'record');
    const layout: Layout = {
      record,
      header: `${fieldsLine}\n${typesLine}\n`,
      pathField,
      alwaysHeader: flat && t.kind === 'named',
      key,
    };
    this.layouts.set(t, layout);
    return layout;
  }
}
