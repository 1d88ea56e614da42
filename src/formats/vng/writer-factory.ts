// Builds the tree of column writers for a Zed type, as Zed's vng.NewEncoder
// does: every column except named and error wrappers can hold nulls, so each
// is wrapped in a NullsWriter.

import { UnsupportedError } from '../../errors/index.js';
import { formatType } from '../../zson/index.js';
import type { Type } from '../../zed/index.js';
import type { ColumnWriter } from './column-writer.js';
import { ArrayWriter, MapWriter } from './list-writer.js';
import { ErrorWriter, NamedWriter } from './named-writer.js';
import { NullsWriter } from './nulls-writer.js';
import { PrimitiveWriter } from './primitive-writer.js';
import { RecordWriter } from './record-writer.js';
import { UnionWriter } from './union-writer.js';

/** `minMax` false leaves primitive columns' min and max out of the metadata (cheaper to write). */
export function newColumnWriter(t: Type, minMax = true): ColumnWriter {
  switch (t.kind) {
    case 'named':
      return new NamedWriter(t.name, newColumnWriter(t.type, minMax));
    case 'error':
      return new ErrorWriter(newColumnWriter(t.type, minMax));
    case 'record':
      return new NullsWriter(
        new RecordWriter(
          t.fields.map((f) => f.name),
          t.fields.map((f) => newColumnWriter(f.type, minMax)),
        ),
      );
    case 'array':
    case 'set':
      return new NullsWriter(new ArrayWriter(t.kind, newColumnWriter(t.elem, minMax)));
    case 'map':
      return new NullsWriter(new MapWriter(newColumnWriter(t.key, minMax), newColumnWriter(t.value, minMax)));
    case 'union':
      return new NullsWriter(new UnionWriter(t.types.map((m) => newColumnWriter(m, minMax))));
    case 'primitive':
      return new NullsWriter(new PrimitiveWriter(t, minMax));
    case 'enum':
      // Zed v1.18.0's VNG has no column for enums (vng.NewEncoder panics on them).
      throw new UnsupportedError(`unsupported type in VNG file: ${formatType(t)}`);
  }
}
