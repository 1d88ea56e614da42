// Writes columns of arrays, sets and maps: a lengths column with the element
// count of each value, then the elements' column(s). Map entries feed a keys
// and a values column in turn.

import { InvalidError } from '../../errors/index.js';
import { readElement } from '../../zed/index.js';
import type { ColumnWriter, Layout } from './column-writer.js';
import { IntColumnWriter } from './int-column.js';
import type { Meta } from './metadata.js';

export class ArrayWriter implements ColumnWriter {
  private readonly lengths = new IntColumnWriter();
  private readonly el = { start: 0, end: 0 };

  constructor(
    private readonly kind: 'array' | 'set',
    private readonly elems: ColumnWriter,
  ) {}

  write(b: Uint8Array, start: number, end: number): void {
    const el = this.el;
    let n = 0;
    for (let p = start; p < end; n++) {
      p = readElement(b, p, end, el);
      this.elems.write(b, el.start, el.end);
    }
    this.lengths.append(n);
  }

  finish(layout: Layout): Meta {
    const lengths = layout.store(this.lengths.bytes.view());
    return { kind: this.kind, length: this.lengths.count, lengths, values: this.elems.finish(layout) };
  }
}

export class MapWriter implements ColumnWriter {
  private readonly lengths = new IntColumnWriter();
  private readonly el = { start: 0, end: 0 };

  constructor(
    private readonly keys: ColumnWriter,
    private readonly values: ColumnWriter,
  ) {}

  write(b: Uint8Array, start: number, end: number): void {
    const el = this.el;
    let n = 0;
    for (let p = start; p < end; n++) {
      p = readElement(b, p, end, el);
      this.keys.write(b, el.start, el.end);
      if (p >= end) throw new InvalidError('VNG writer: map value has a key without a value');
      p = readElement(b, p, end, el);
      this.values.write(b, el.start, el.end);
    }
    this.lengths.append(n);
  }

  finish(layout: Layout): Meta {
    const lengths = layout.store(this.lengths.bytes.view());
    const keys = this.keys.finish(layout);
    return { kind: 'map', length: this.lengths.count, lengths, keys, values: this.values.finish(layout) };
  }
}
