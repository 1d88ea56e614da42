// The text writer (zq -f text, zio/textio): one line per value. Records are
// flattened and their fields joined by tabs; every value prints as Zeek text
// (zeek-value.ts), except fields of type time, which print as RFC 3339.

import type { Encoder } from '../codec.js';
import { TypeTime, decodeInt, underlying, type Value } from '../../zed/index.js';
import { formatTime } from '../../zson/index.js';
import { Flattener, type Leaf } from '../csv/index.js';
import { formatZeekValue } from './zeek-value.js';

export class TextFormatEncoder implements Encoder {
  private readonly flattener = new Flattener();
  private readonly leaves: Leaf[] = [];

  write(values: readonly Value[]): string {
    let out = '';
    for (const v of values) {
      out += underlying(v.type).kind === 'record' ? this.record(v) : formatZeekValue(v.type, v.bytes);
      out += '\n';
    }
    return out;
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
