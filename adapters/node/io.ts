// Node byte sources and sinks for the CLI: files and stdio as Web streams,
// and a sink that honours backpressure.

import { createReadStream, createWriteStream } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { once } from 'node:events';
import type { Chunk } from '../../src/index.js';

export function openInput(path: string): ReadableStream<Uint8Array> {
  const node = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: 1 << 20 });
  return Readable.toWeb(node) as unknown as ReadableStream<Uint8Array>;
}

export interface Sink {
  write(chunk: Chunk): Promise<void>;
  close(): Promise<void>;
}

export function fileSink(path: string | null): Sink {
  const out: Writable = path === null ? process.stdout : createWriteStream(path);
  let failed: Error | null = null;
  out.on('error', (e: Error) => {
    failed = e;
  });
  return {
    async write(chunk) {
      if (failed) throw failed;
      if (!out.write(chunk)) await once(out, 'drain');
    },
    async close() {
      if (failed) throw failed;
      if (path === null) return;
      await new Promise<void>((resolve, reject) => {
        out.end((err?: Error | null) => (err ? reject(err) : resolve()));
      });
    },
  };
}
