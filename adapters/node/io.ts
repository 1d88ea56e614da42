// Node byte sources and sinks for the CLI: files and stdio as Web streams,
// and a sink that honours backpressure.

import { createWriteStream, fstatSync, writeSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';
import { once } from 'node:events';
import type { Chunk } from '../../src/index.js';

export function openInput(path: string): ReadableStream<Uint8Array> {
  if (path === '-') return Readable.toWeb(process.stdin) as unknown as ReadableStream<Uint8Array>;
  return fileStream(path);
}

/** Bytes a file stream reads at a time. */
const READ = 1 << 20;

/**
 * A file as a stream of chunks read into arrays of their own. Readable.toWeb
 * over a file's read stream copied every chunk once more, to detach it from
 * Node's buffer pool: 319 MB of NDJSON cost a load's thread 50-60 ms. The
 * file is closed at its end, on an error, and when the reader cancels; a
 * missing file fails the first read, with Node's error (code ENOENT).
 */
function fileStream(path: string): ReadableStream<Uint8Array> {
  let fh: FileHandle | null = null;
  const close = async (): Promise<void> => {
    const f = fh;
    fh = null;
    await f?.close();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(c) {
        try {
          fh ??= await open(path, 'r');
          const buf = new Uint8Array(READ);
          const { bytesRead } = await fh.read(buf, 0, READ, null);
          if (bytesRead === 0) {
            await close();
            c.close();
            return;
          }
          c.enqueue(bytesRead === READ ? buf : buf.subarray(0, bytesRead));
        } catch (e) {
          await close().catch(() => {});
          throw e;
        }
      },
      cancel: close,
    },
    // (One chunk is read ahead, while the reader parses the one before.)
    { highWaterMark: 1 },
  );
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
