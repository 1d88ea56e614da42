// Named and error types change a column's type, not its layout: their writers
// pass values through and wrap the inner column's metadata.

import type { ColumnWriter, Layout } from './column-writer.js';
import type { Meta } from './metadata.js';

export class NamedWriter implements ColumnWriter {
  constructor(
    private readonly name: string,
    private readonly inner: ColumnWriter,
  ) {}

  write(b: Uint8Array, start: number, end: number): void {
    this.inner.write(b, start, end);
  }

  finish(layout: Layout): Meta {
    return { kind: 'named', name: this.name, values: this.inner.finish(layout) };
  }
}

export class ErrorWriter implements ColumnWriter {
  constructor(private readonly inner: ColumnWriter) {}

  write(b: Uint8Array, start: number, end: number): void {
    this.inner.write(b, start, end);
  }

  finish(layout: Layout): Meta {
    return { kind: 'error', values: this.inner.finish(layout) };
  }
}
