// Record batches -> Arrow IPC stream bytes, synchronously: apache-arrow's
// RecordBatchStreamWriter writes into a queue made for async readers; this
// sink keeps what it is given so the bytes can be taken after each write.

import { AsyncByteQueue, RecordBatchStreamWriter, type RecordBatch } from 'apache-arrow';

type CaptureSink = AsyncByteQueue & { parts: Uint8Array[]; size: number };

// A queue whose write keeps the bytes. Made per writer rather than as a
// subclass: a class extending AsyncByteQueue would need apache-arrow when
// this module loads, and the CLI loads it only when Arrow is used.
function captureSink(): CaptureSink {
  const sink = new AsyncByteQueue() as CaptureSink;
  sink.parts = [];
  sink.size = 0;
  sink.write = (value: Uint8Array | ArrayBufferView | ArrayBuffer): void => {
    const b = value instanceof Uint8Array ? value : ArrayBuffer.isView(value) ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : new Uint8Array(value);
    sink.parts.push(b);
    sink.size += b.length;
  };
  return sink;
}

export class IpcStreamWriter {
  private readonly sink = captureSink();
  private readonly writer = new RecordBatchStreamWriter();
  private closed = false;

  constructor() {
    this.writer.reset(this.sink);
  }

  /** Writes a batch (the schema message first, on the first batch). */
  write(batch: RecordBatch): void {
    this.writer.write(batch);
  }

  /** Writes the end-of-stream marker (only when something was written). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.writer.close();
  }

  /** The bytes written since the last take, as one array. */
  take(): Uint8Array {
    const s = this.sink;
    const out = new Uint8Array(s.size);
    let at = 0;
    for (const p of s.parts) {
      out.set(p, at);
      at += p.length;
    }
    s.parts = [];
    s.size = 0;
    return out;
  }
}
