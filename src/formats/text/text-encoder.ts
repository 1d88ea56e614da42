// The text writer (zq -f text, zio/textio): one line per value. Records are
// flattened and their fields joined by tabs; every value prints as Zeek text
// (zeek-value.ts), except fields of type time, which print as RFC 3339.

import type { Chunk, Encoder } from '../codec.js';
import { TypeTime, decodeInt, underlying, type Value } from '../../zed/index.js';
import { formatTime, TextBuffer } from '../../zson/index.js';
import { Flattener, type Leaf } from '../csv/index.js';
import { formatZeekValue } from './zeek-value.js';

export class TextFormatEncoder implements Encoder {
  private readonly flattener = new Flattener();
  private readonly leaves: Leaf[] = [];
  /**
   * Each batch's text as bytes: each line, a string of many pieces, is
   * written out (and so flattened) at once, and its pieces die young;
   * held in one string for the whole batch, they were promoted and cost
   * more to collect than to make.
   */
  private readonly out = new TextBuffer(4096);

  /** Returns the batch's text as UTF-8 bytes (one copy of a reused buffer). */
  write(values: readonly Value[]): Chunk {
    const out = this.out;
    out.reset();
    for (const v of values) {
      out.text(underlying(v.type).kind === 'record' ? this.record(v) : formatZeekValue(v.type, v.bytes));
      out.byte(0x0a);
    }
    return out.take();
  }

  end(): string {
    return '';
  }

  private record(v: Value): string {
    const leaves = this.leaves;
    this.flattener.leaves(v, leaves);
    let s = '';
    for (let i = 0; i < leaves.length; i++) {
      if (i > 0) s += '\t';
      const l = leaves[i]!;
      // Only the primitive time type itself, not a named time (textio/writer.go).
      if (l.type === TypeTime) s += l.bytes === null ? '-' : formatTime(decodeInt(l.bytes));
      else s += formatZeekValue(l.type, l.bytes);
    }
    return s;
  }
}
