// The bridge between byte streams and async iteration. Only this module
// converts; readers pull with getReader() so backpressure and cancellation hold.

import { concatBytes } from './concat.js';

/** Iterates a ReadableStream's chunks; returning early cancels the stream. */
export async function* iterateStream<T>(stream: ReadableStream<T>): AsyncGenerator<T> {
  const reader = stream.getReader();
  let done = false;
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) {
        done = true;
        return;
      }
      yield r.value;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** A pull-driven ReadableStream over an async iterable. */
export function toStream<T>(it: AsyncIterable<T>): ReadableStream<T> {
  const iter = it[Symbol.asyncIterator]();
  return new ReadableStream<T>({
    async pull(controller) {
      const r = await iter.next();
      if (r.done) controller.close();
      else controller.enqueue(r.value);
    },
    async cancel() {
      await iter.return?.();
    },
  });
}

/** A stream of `parts` in order, handed out one at a time (none is copied). */
export function streamOf<T>(parts: readonly T[]): ReadableStream<T> {
  let i = 0;
  return new ReadableStream<T>({
    pull(controller) {
      if (i < parts.length) controller.enqueue(parts[i++]!);
      else controller.close();
    },
  });
}

/** All of a byte stream's chunks, joined into one array. */
export async function readAllBytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const c of iterateStream(stream)) {
    chunks.push(c);
    size += c.length;
  }
  return concatBytes(chunks, size);
}
