// The table writer (zq -f table, zio/tableio): records are flattened and
// printed under a header of field names in columns aligned as Go's
// text/tabwriter aligns them. A new flat type flushes the table and starts a
// new header, as does every 1000th line. Values print as Zeek text, null as
// "-", except fields of type time: RFC 3339, and empty when null.

import type { Encoder } from '../codec.js';
import { InvalidError } from '../../errors/index.js';
import { TypeTime, decodeInt, underlying, type Field, type Value } from '../../zed/index.js';
import { formatTime, formatValue } from '../../zson/index.js';
import { Flattener, type Leaf } from '../csv/index.js';
import { formatZeekValue } from '../text/index.js';
import { TabWriter } from './tab-writer.js';

/** Lines per table before the header repeats (tableio.Writer limit). */
const LIMIT = 1000;

export class TableEncoder implements Encoder {
  private readonly flattener = new Flattener();
  private readonly leaves: Leaf[] = [];
  private readonly table = new TabWriter(1);
  private key: object | null = null;
  private fields: readonly Field[] = [];
  private nline = 0;
  private failed: unknown = undefined;

  write(values: readonly Value[]): string {
    if (this.failed !== undefined) throw this.failed;
    let out = '';
    try {
      for (const v of values) out += this.record(v);
    } catch (err) {
      // Lines before the bad value are still written; the error follows them.
      this.failed = err;
      out += this.table.flush();
      if (out === '') throw err;
    }
    return out;
  }

  end(): string {
    if (this.failed !== undefined) throw this.failed;
    return this.table.flush();
  }

  private record(v: Value): string {
    if (underlying(v.type).kind !== 'record') {
      throw new InvalidError(`table output encountered non-record value: ${formatValue(v)}`);
    }
    const leaves = this.leaves;
    const shape = this.flattener.leaves(v, leaves);
    let out = '';
    if (shape.key !== this.key) {
      if (this.key !== null) {
        out += this.table.flush();
        this.nline = 0;
      }
      this.key = shape.key;
      this.fields = shape.fields;
      this.table.line(this.fields.map((f) => f.name));
    }
    if (this.nline >= LIMIT) {
      out += this.table.flush();
      this.table.line(this.fields.map((f) => f.name));
      this.nline = 0;
    }
    const cells: string[] = [];
    for (const l of leaves) {
      if (l.type === TypeTime) cells.push(l.bytes === null ? '' : formatTime(decodeInt(l.bytes)));
      else cells.push(formatZeekValue(l.type, l.bytes));
    }
    this.nline++;
    this.table.line(cells);
    return out;
  }
}
