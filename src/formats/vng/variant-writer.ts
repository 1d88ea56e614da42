// The top of a VNG file: values of any types, each type getting its own
// column tree in first-seen order, with a tags column saying which tree holds
// each value. A file of one type has just that tree (no tags, no Variant).

import { InternalError } from '../../errors/index.js';
import type { Type } from '../../zed/index.js';
import type { ColumnWriter, Layout } from './column-writer.js';
import { IntColumnWriter } from './int-column.js';
import { EMPTY_SEGMENT, type Meta } from './metadata.js';
import { newColumnWriter } from './writer-factory.js';
import { NullsWriter } from './nulls-writer.js';
import { PrimitiveWriter } from './primitive-writer.js';
import { RecordWriter } from './record-writer.js';
import type { ShredResult, ShreddedNode } from './shred-wasm.js';

/** Loads writer `w` and those under it with nodes[k], nodes[k + 1], ... (pre-order); returns the next k. */
function adoptNode(w: ColumnWriter, nodes: readonly ShreddedNode[], k: number): number {
  const node = nodes[k];
  if (!(w instanceof NullsWriter) || node === undefined) throw new InternalError('VNG writer: shredded columns do not fit their type');
  w.adopt(node);
  const inner = w.values;
  if (inner instanceof PrimitiveWriter) {
    inner.adopt(node);
    return k + 1;
  }
  if (!(inner instanceof RecordWriter)) throw new InternalError('VNG writer: shredded columns do not fit their type');
  inner.adopt(node.count);
  let next = k + 1;
  for (const f of inner.fields) next = adoptNode(f, nodes, next);
  return next;
}

export class VariantWriter {
  private readonly tags = new IntColumnWriter();
  private readonly writers: ColumnWriter[] = [];
  private readonly which = new Map<Type, number>();
  private lastType: Type | null = null;
  private lastTag = 0;

  constructor(private readonly minMax = true) {}

  /** Number of values written. */
  get count(): number {
    return this.tags.count;
  }

  /** Writes one value of `type` whose body is b[s:e] (s -1 for a null). */
  write(type: Type, b: Uint8Array, s: number, e: number): void {
    if (type !== this.lastType) {
      let tag = this.which.get(type);
      if (tag === undefined) {
        tag = this.writers.length;
        this.writers.push(newColumnWriter(type, this.minMax));
        this.which.set(type, tag);
      }
      this.lastType = type;
      this.lastTag = tag;
    }
    this.tags.append(this.lastTag);
    const w = this.writers[this.lastTag]!;
    w.write(b, s, e);
  }

  /**
   * Takes the columns the WebAssembly shredder wrote (shred-wasm.ts) for
   * the values so far, of which there must be none.
   */
  adopt(r: ShredResult): void {
    if (this.tags.count !== 0) throw new InternalError('VNG writer: shredded columns after values');
    this.tags.bytes.assign(r.tags);
    this.tags.count = r.count;
    r.types.forEach((t, tag) => {
      const w = newColumnWriter(t, this.minMax);
      this.writers.push(w);
      this.which.set(t, tag);
      const nodes = r.nodes[tag]!;
      if (adoptNode(w, nodes, 0) !== nodes.length) throw new InternalError('VNG writer: shredded columns do not fit their type');
    });
  }

  finish(layout: Layout): Meta {
    if (this.writers.length === 1) return this.writers[0]!.finish(layout);
    // Zed stores the tags only when there are two or more types.
    const tags = this.writers.length > 1 ? layout.store(this.tags.bytes.view()) : EMPTY_SEGMENT;
    const values = this.writers.map((w) => w.finish(layout));
    return { kind: 'variant', tags, values, length: this.tags.count };
  }
}
