// Writes a column of union values: a tags column, then one column per member
// type holding the values of that member.

import { InvalidError } from '../../errors/index.js';
import { decodeIntNumber, readElement } from '../../zed/index.js';
import type { ColumnWriter, Layout } from './column-writer.js';
import { IntColumnWriter } from './int-column.js';
import type { Meta } from './metadata.js';

export class UnionWriter implements ColumnWriter {
  private readonly tags = new IntColumnWriter();
  private readonly el = { start: 0, end: 0 };

  constructor(private readonly members: readonly ColumnWriter[]) {}

  write(b: Uint8Array, start: number, end: number): void {
    const el = this.el;
    if (start >= end) throw new InvalidError('VNG writer: malformed union value');
    let p = readElement(b, start, end, el);
    const tag = el.start < 0 ? -1 : decodeIntNumber(b, el.start, el.end);
    const member = this.members[tag];
    if (member === undefined || p >= end) throw new InvalidError(`VNG writer: bad union tag ${tag}`);
    p = readElement(b, p, end, el);
    if (p !== end) throw new InvalidError('VNG writer: malformed union value');
    this.tags.append(tag);
    member.write(b, el.start, el.end);
  }

  finish(layout: Layout): Meta {
    const tags = layout.store(this.tags.bytes.view());
    const values = this.members.map((m) => m.finish(layout));
    return { kind: 'union', length: this.tags.count, tags, values };
  }
}
