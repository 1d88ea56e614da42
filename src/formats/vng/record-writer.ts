// Writes a column of (non-null) records: one column per field, each fed the
// field's element of every record.

import { InvalidError } from '../../errors/index.js';
import { readElement } from '../../zed/index.js';
import type { ColumnWriter, Layout } from './column-writer.js';
import type { Meta } from './metadata.js';

export class RecordWriter implements ColumnWriter {
  private count = 0;
  private readonly el = { start: 0, end: 0 };

  constructor(
    private readonly names: readonly string[],
    readonly fields: readonly ColumnWriter[],
  ) {}

  /** Takes the count the WebAssembly shredder left (shred-wasm.ts); its fields take theirs. */
  adopt(count: number): void {
    this.count = count;
  }

  write(b: Uint8Array, start: number, end: number): void {
    this.count++;
    const el = this.el;
    const fields = this.fields;
    let p = start;
    for (let i = 0; i < fields.length; i++) {
      if (p >= end) throw new InvalidError('VNG writer: record value has fewer fields than its type');
      p = readElement(b, p, end, el);
      fields[i]!.write(b, el.start, el.end);
    }
    if (p !== end) throw new InvalidError('VNG writer: record value has more fields than its type');
  }

  finish(layout: Layout): Meta {
    const fields = this.fields.map((f, i) => ({ name: this.names[i]!, values: f.finish(layout) }));
    return { kind: 'record', length: this.count, fields };
  }
}
