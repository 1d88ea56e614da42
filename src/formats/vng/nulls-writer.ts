// Wraps a column writer to take nulls out of the column (Zed's NullsEncoder):
// the runs column holds alternating run lengths of values and nulls, starting
// with values (that first run may be 0). A column with no nulls has no Nulls
// node in the metadata at all.

import type { ColumnWriter, Layout } from './column-writer.js';
import { IntColumnWriter } from './int-column.js';
import type { Meta } from './metadata.js';
import type { ShreddedNode } from './shred-wasm.js';

export class NullsWriter implements ColumnWriter {
  private readonly runs = new IntColumnWriter();
  private run = 0;
  private inNulls = false;
  private nulls = 0;

  constructor(readonly values: ColumnWriter) {}

  /** Takes the state the WebAssembly shredder left (shred-wasm.ts). */
  adopt(s: ShreddedNode): void {
    this.runs.bytes.assign(s.runs);
    this.runs.count = s.runsCount;
    this.run = s.run;
    this.inNulls = s.inNulls;
    this.nulls = s.nulls;
  }

  write(b: Uint8Array, start: number, end: number): void {
    const isNull = start < 0;
    if (isNull !== this.inNulls) {
      this.runs.append(this.run);
      this.run = 0;
      this.inNulls = isNull;
    }
    this.run++;
    if (isNull) this.nulls++;
    else this.values.write(b, start, end);
  }

  finish(layout: Layout): Meta {
    const values = this.values.finish(layout);
    if (this.nulls === 0) return values;
    if (this.run > 0) this.runs.append(this.run);
    return { kind: 'nulls', runs: layout.store(this.runs.bytes.view()), values, count: this.nulls };
  }
}
