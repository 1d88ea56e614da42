// Node byte sources and sinks for the CLI: files and stdio as Web streams,
// and a sink that honours backpressure.

import { createReadStream, createWriteStream, fstatSync, writeSync } from 'node:fs';
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
  if (path === null && process.platform === 'linux') return new StdoutSink();
  return streamSink(path === null ? process.stdout : createWriteStream(path), path !== null);
}

function streamSink(out: Writable, end: boolean): Sink {
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
      if (!end) return;
      await new Promise<void>((resolve, reject) => {
        out.end((err?: Error | null) => (err ? reject(err) : resolve()));
      });
    },
  };
}

const UTF8 = new TextEncoder();

/**
 * Standard output written with write(2) on file descriptor 1, as Node's own
 * stdout writes to files, pipes and terminals on Linux (synchronously), but
 * without building process.stdout: that stream loads net and stream, which
 * cost a short command (ls, a small zq) about 4 ms. Should the descriptor be
 * non-blocking and full (EAGAIN), the rest goes through process.stdout,
 * which waits for it. Other errors (EPIPE) are thrown as process.stdout
 * reports them.
 */
class StdoutSink implements Sink {
  private stream: Sink | null = null;

  async write(text: Chunk): Promise<void> {
    if (this.stream !== null) return this.stream.write(text);
    const chunk = typeof text === 'string' ? UTF8.encode(text) : text;
    let at = 0;
    while (at < chunk.length) {
      try {
        at += writeSync(1, chunk, at, chunk.length - at);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        // (As process.stdout words it.)
        if (code === 'EPIPE') throw Object.assign(new Error('write EPIPE'), { code, errno: (e as NodeJS.ErrnoException).errno, syscall: 'write' });
        if (code !== 'EAGAIN') throw e;
        this.stream = streamSink(process.stdout, false);
        return this.stream.write(at === 0 ? chunk : chunk.subarray(at));
      }
    }
  }

  async close(): Promise<void> {
    if (this.stream !== null) return this.stream.close();
  }
}

/** /dev/null's device number on Linux (1,3). */
const DEV_NULL = (1 << 8) | 3;

/**
 * Whether standard output is a terminal, without building process.stdout
 * (see StdoutSink): a file or a pipe is not, and only a character device
 * other than /dev/null needs the tty module's answer.
 */
export function stdoutIsTerminal(): boolean {
  if (process.platform !== 'linux') return process.stdout.isTTY === true;
  try {
    const st = fstatSync(1);
    if (!st.isCharacterDevice() || st.rdev === DEV_NULL) return false;
  } catch {
    return false;
  }
  return process.stdout.isTTY === true;
}
