// A buffer of values that moves to a spill file past a memory limit and
// reads back in order (what fuse and shape hold until their input ends).

import type { Value } from '../../zed/index.js';
import type { SpillFile } from '../agg/index.js';
import { ValueRunReader, ValueRunWriter } from './spill.js';
import type { Batch, OpContext } from './types.js';

/** Zed's fuse.MemMaxBytes and shape.MemMaxBytes. */
export const STASH_MEMORY_LIMIT = 128 * 1024 * 1024;
const OUT_LEN = 1024;

export class Stash {
  private vals: Value[] = [];
  private bytes = 0;
  private writer: ValueRunWriter | null = null;
  private file: SpillFile | null = null;
  private readonly limit: number;

  constructor(private readonly ctx: OpContext) {
    this.limit = ctx.memoryLimit ?? STASH_MEMORY_LIMIT;
  }

  /** Adds a batch; spills once the values held pass the limit (when there is a spill store). */
  async add(batch: Batch): Promise<void> {
    const w = this.writer;
    if (w !== null) {
      for (const v of batch) if (w.add(v)) await w.flush();
      return;
    }
    for (const v of batch) {
      this.vals.push(v);
      this.bytes += v.bytes?.length ?? 0;
    }
    const store = this.ctx.spillStore;
    if (this.bytes >= this.limit && store !== undefined) {
      this.file = await store.create();
      const nw = new ValueRunWriter(this.file, this.ctx.zctx);
      for (const v of this.vals) if (nw.add(v)) await nw.flush();
      this.vals = [];
      this.writer = nw;
    }
  }

  /** The values in the order added, in batches. */
  async *read(): AsyncGenerator<Batch> {
    if (this.writer === null) {
      const vals = this.vals;
      this.vals = [];
      for (let i = 0; i < vals.length; i += OUT_LEN) yield vals.slice(i, i + OUT_LEN);
      return;
    }
    await this.writer.flush();
    const r = new ValueRunReader(this.file!, this.ctx.zctx);
    for (let b = await r.next(); b.length > 0; b = await r.next()) yield b;
  }

  /** Removes the spill file, if any. */
  async close(): Promise<void> {
    const f = this.file;
    this.file = null;
    this.writer = null;
    this.vals = [];
    if (f !== null) await f.remove();
  }
}
