// The Arrow IPC stream writer (zq -f arrows), as zio/arrowio writes it: the
// first record fixes the schema, records go out in batches of 1024 rows, and
// the stream ends with the end-of-stream marker (nothing at all when no
// record came). A value Arrow cannot take stops the output with Zed's error;
// the batches before it are still written and the stream is closed.

import type { Encoder } from '../codec.js';
import type { Value } from '../../zed/index.js';
import { ArrowBatchBuilder } from './batch-builder.js';
import { IpcStreamWriter } from './ipc-writer.js';

/** Rows per record batch (zio/arrowio recordBatchSize). */
export const ARROW_BATCH_ROWS = 1024;

export class ArrowsEncoder implements Encoder {
  private readonly builder = new ArrowBatchBuilder('arrowio');
  private readonly ipc = new IpcStreamWriter();
  private started = false;
  private failed: unknown = undefined;

  constructor(private readonly batchRows = ARROW_BATCH_ROWS) {}

  write(values: readonly Value[]): Uint8Array {
    if (this.failed !== undefined) throw this.failed;
    const b = this.builder;
    for (const v of values) {
      try {
        b.check(v);
      } catch (e) {
        // A value of the wrong type: what came before it is complete.
        return this.fail(e, true);
      }
      try {
        b.add(v);
      } catch (e) {
        // A value a column could not take leaves the pending batch half-built.
        return this.fail(e, false);
      }
      if (b.rows >= this.batchRows) this.flush();
    }
    return this.ipc.take();
  }

  end(): Uint8Array {
    if (this.failed !== undefined) throw this.failed;
    this.flush();
    if (this.started) this.ipc.close();
    return this.ipc.take();
  }

  private flush(): void {
    const batch = this.builder.flush();
    if (batch === null) return;
    this.ipc.write(batch);
    this.started = true;
  }

  private fail(e: unknown, keepPending: boolean): Uint8Array {
    this.failed = e;
    if (keepPending) this.flush();
    if (this.started) this.ipc.close();
    const out = this.ipc.take();
    if (out.length === 0) throw e;
    return out;
  }
}
