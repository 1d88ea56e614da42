// Shared set-up for the lake tests: lakes on memory stores or on the real
// local adapter (a folder with a libSQL file), ZSON input and query output.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLocalLake, type LocalLake } from '../../adapters/local/index.js';
import {
  compile,
  encodeBatches,
  formatByName,
  Lake,
  lakeSources,
  MemoryBlobStore,
  MemoryMetaStore,
  readValues,
  TypeContext,
  type Batch,
} from '../../src/index.js';

export function memoryLake(): Lake {
  let t = 1_700_000_000_000_000_000n;
  return new Lake({ blobs: new MemoryBlobStore(), meta: new MemoryMetaStore(), now: () => (t += 1_000_000_000n) });
}

export interface TempLake extends LocalLake {
  dispose(): Promise<void>;
}

/** A lake on the local adapter in a new temp folder. */
export async function localLake(): Promise<TempLake> {
  const dir = await mkdtemp(join(tmpdir(), 'zlake-lake-'));
  const l = await openLocalLake(dir);
  return {
    ...l,
    async dispose() {
      l.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** ZSON text as a stream of batches. */
export function zson(text: string): AsyncIterable<Batch> {
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
  return readValues(stream, new TypeContext(), { format: 'zson' });
}

/** Runs a query over the lake; its output as ZSON lines. */
export async function query(lake: Lake, text: string, format = 'zson'): Promise<string> {
  const zctx = new TypeContext();
  const q = compile(text, { zctx, sources: lakeSources(lake, zctx) });
  const enc = formatByName(format)!.encoder!({ pretty: 0 });
  let out = '';
  const dec = new TextDecoder();
  async function* none(): AsyncGenerator<Batch> {}
  for await (const c of encodeBatches(q.pipeline.run(none(), zctx), enc)) out += typeof c === 'string' ? c : dec.decode(c);
  return out;
}

/** The output lines of a query. */
export async function lines(lake: Lake, text: string): Promise<string[]> {
  return (await query(lake, text)).split('\n').filter((l) => l !== '');
}
