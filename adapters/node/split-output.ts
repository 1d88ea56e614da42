// -split: zq's output fanned out to one file per distinct type, named as zq
// names them (Zed's emitter.Split).

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { TypeString, ZIter, formatByName, type Batch, type Encoder, type Value } from '../../src/index.js';
import { fileSink, type Sink } from './io.js';
import { encoderFor, type OutputPlan } from './output.js';

/**
 * Writes every batch into the plan's -split directory, the files' names
 * prefixed by -o: split by type, or with -splitsize into numbered files
 * of at least that many bytes each (Zed's emitter.SizeSplitter).
 */
export async function writeSplitOutput(batches: AsyncIterable<Batch>, plan: OutputPlan, dir: string): Promise<void> {
  const ext = formatByName(plan.format)?.extension ?? plan.format;
  const prefix = plan.file === null ? '' : `${plan.file}-`;
  const sink = plan.splitSize > 0 ? new SizeSplitSink(dir, prefix, plan, ext, plan.splitSize) : new SplitSink(dir, prefix, plan, ext);
  for await (const batch of batches) await sink.write(batch);
  await sink.close();
}

/** Numbered files in turn, the next begun once the current one holds `size` bytes (buffered encoders may overshoot it). */
class SizeSplitSink {
  private out: { enc: Encoder; sink: Sink; bytes: number } | null = null;
  private seq = 0;
  constructor(
    private readonly dir: string,
    private readonly prefix: string,
    private readonly plan: OutputPlan,
    private readonly ext: string,
    private readonly size: number,
  ) {
    mkdirSync(dir, { recursive: true });
  }
  async write(batch: Batch): Promise<void> {
    for (const v of batch) {
      if (this.out === null) {
        this.out = { enc: encoderFor(this.plan), sink: fileSink(join(this.dir, `${this.prefix}${this.seq++}.${this.ext}`)), bytes: 0 };
      }
      const c = this.out.enc.write([v]);
      if (c.length > 0) {
        await this.out.sink.write(c);
        this.out.bytes += Buffer.byteLength(c);
      }
      if (this.out.bytes >= this.size) await this.close();
    }
  }
  async close(): Promise<void> {
    const out = this.out;
    if (out === null) return;
    this.out = null;
    await endFile(out);
  }
}

/** Ends one output file: its encoder's last bytes, then the file closed. */
async function endFile(out: { readonly enc: Encoder; readonly sink: Sink }): Promise<void> {
  const c = out.enc.end();
  if (c.length > 0) await out.sink.write(c);
  await out.sink.close();
}

class SplitSink {
  private readonly outs = new Map<unknown, { enc: Encoder; sink: Sink }>();
  private readonly seen = new Set<string>();
  constructor(
    private readonly dir: string,
    private readonly prefix: string,
    private readonly plan: OutputPlan,
    private readonly ext: string,
  ) {
    mkdirSync(dir, { recursive: true });
  }
  private pathFor(v: Value): string {
    let uniq = String(this.outs.size);
    const path = pathField(v);
    if (path !== null && path !== '') {
      if (this.seen.has(path)) uniq = `${path}-${uniq}`;
      else {
        uniq = path;
        this.seen.add(path);
      }
    }
    return join(this.dir, `${this.prefix}${uniq}.${this.ext}`);
  }
  async write(batch: Batch): Promise<void> {
    for (const v of batch) {
      let out = this.outs.get(v.type);
      if (out === undefined) {
        out = { enc: encoderFor(this.plan), sink: fileSink(this.pathFor(v)) };
        this.outs.set(v.type, out);
      }
      const c = out.enc.write([v]);
      if (c.length > 0) await out.sink.write(c);
    }
  }
  async close(): Promise<void> {
    for (const out of this.outs.values()) await endFile(out);
  }
}

/** The record's string `_path` field, which names split outputs as zq names them. */
function pathField(v: Value): string | null {
  const t = v.type;
  if (t.kind !== 'record' || v.bytes === null) return null;
  const i = t.indexOf('_path');
  if (i < 0 || t.fields[i]!.type !== TypeString) return null;
  const it = new ZIter(v.bytes);
  for (let k = 0; k < i; k++) it.next();
  const body = it.next();
  return body === null ? null : new TextDecoder().decode(body);
}
