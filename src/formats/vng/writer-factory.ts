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

export function newColumnWriter(t: Type): ColumnWriter {
  switch (t.kind) {
    case 'named':
      return new NamedWriter(t.name, newColumnWriter(t.type));
    case 'error':
      return new ErrorWriter(newColumnWriter(t.type));
    case 'record':
      return new NullsWriter(
        new RecordWriter(
          t.fields.map((f) => f.name),
          t.fields.map((f) => newColumnWriter(f.type)),
        ),
      );
    case 'array':
    case 'set':
      return new NullsWriter(new ArrayWriter(t.kind, newColumnWriter(t.elem)));
    case 'map':
      return new NullsWriter(new MapWriter(newColumnWriter(t.key), newColumnWriter(t.value)));
    case 'union':
      return new NullsWriter(new UnionWriter(t.types.map((m) => newColumnWriter(m))));
    case 'primitive':
      return new NullsWriter(new PrimitiveWriter(t));
    case 'enum':
      // Zed v1.18.0's VNG has no column for enums (vng.NewEncoder panics on them).
      throw new UnsupportedError(`unsupported type in VNG file: ${formatType(t)}`);
  }
}
