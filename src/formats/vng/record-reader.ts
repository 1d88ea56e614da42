// Rebuilds records from their fields' columns (the fields a projection keeps,
// in its order). Every field column must hold one value per record. Each
// record's tag goes first, then the fields are written one column at a time.

import { FormatError } from '../../errors/index.js';
import type { RecordType } from '../../zed/index.js';
import { MAX_CODES, containerSize, putTag, scratch, type Coded, type ColumnReader } from './column-reader.js';

export class RecordReader implements ColumnReader {
  private bodies: Int32Array = new Int32Array(0);
  private sizes: Int32Array = new Int32Array(0);

  constructor(
    readonly type: RecordType,
    private readonly fields: readonly ColumnReader[],
    readonly length: number,
  ) {
    fields.forEach((f, i) => {
      if (f.length !== length) {
        throw new FormatError(
          `corrupt VNG metadata: field "${type.fields[i]!.name}" has ${f.length} values for ${length} records`,
        );
      }
    });
  }

  load(): void {
    for (const f of this.fields) f.load();
  }

  measure(n: number): Int32Array {
    const body = (this.bodies = scratch(this.bodies, n));
    body.fill(0, 0, n);
    for (const f of this.fields) {
      const fs = f.measure(n);
      for (let i = 0; i < n; i++) body[i] = body[i]! + fs[i]!;
    }
    const sz = (this.sizes = scratch(this.sizes, n));
    for (let i = 0; i < n; i++) sz[i] = containerSize(body[i]!);
    return sz;
  }

  /** Codes of records whose fields are all coded: the fields' codes in mixed radix. */
  coded(): Coded | null {
    const fields: Coded[] = [];
    let cardinality = 1;
    for (const f of this.fields) {
      const c = f.coded?.() ?? null;
      if (c === null) return null;
      cardinality *= c.cardinality;
      if (cardinality > MAX_CODES) return null;
      fields.push(c);
    }
    let fieldCodes: Int32Array = new Int32Array(0);
    return {
      cardinality,
      codes: (n, out) => {
        out.fill(0, 0, n);
        let stride = 1;
        for (const f of fields) {
          const fc = (fieldCodes = scratch(fieldCodes, n));
          f.codes(n, fc);
          for (let i = 0; i < n; i++) out[i] = out[i]! + fc[i]! * stride;
          stride *= f.cardinality;
        }
      },
      element: (code) => {
        const els: Uint8Array[] = [];
        let body = 0;
        for (const f of fields) {
          const el = f.element(code % f.cardinality);
          code = Math.floor(code / f.cardinality);
          els.push(el);
          body += el.length;
        }
        const out = new Uint8Array(containerSize(body));
        let p = putTag(out, 0, body);
        for (const el of els) {
          out.set(el, p);
          p += el.length;
        }
        return out;
      },
    };
  }

  write(out: Uint8Array, pos: Int32Array, n: number): void {
    const body = this.bodies;
    for (let i = 0; i < n; i++) pos[i] = putTag(out, pos[i]!, body[i]!);
    for (const f of this.fields) f.write(out, pos, n);
  }
}
