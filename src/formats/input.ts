// Opening an input byte stream as a stream of value batches: gunzip when the
// bytes are gzip, detect the format unless one is given, then decode.

import { FormatError, InvalidError, ZedError } from '../errors/index.js';
import type { Batch, TypeContext } from '../zed/index.js';
import type { DecoderOptions } from './codec.js';
import { detectFormat, isGzip } from './detect.js';
import { formatByName, type FormatName } from './registry.js';
import { linePrefilter } from './prefilter.js';

export interface InputOptions extends DecoderOptions {
  /** A format name, or 'auto' (the default) to detect it. */
  format?: string;
  /** A search term: line-oriented JSON lines that cannot contain it are skipped unparsed. */
  searchTerm?: string;
}

async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) {
        finished = true;
        return;
      }
      if (r.value.length > 0) yield r.value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

/** Reads the first two bytes, and if they are gzip's magic, gunzips the stream. */
async function maybeGunzip(stream: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  const it = chunksOf(stream);
  const head: Uint8Array[] = [];
  let have = 0;
  let done = false;
  while (have < 2) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    head.push(r.value);
    have += r.value.length;
  }
  const replay = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const h of head) controller.enqueue(h);
      if (done) controller.close();
    },
    async pull(controller) {
      const r = await it.next();
      if (r.done) controller.close();
      else controller.enqueue(r.value);
    },
    async cancel() {
      await it.return(undefined);
    },
  });
  if (!isGzip(concat(head))) return replay;
  return replay.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>);
}

/** Reports a broken gzip stream as bad input rather than a crash. */
async function* gzipErrorsAsFormatErrors(it: AsyncGenerator<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* it;
  } catch (e) {
    if (e instanceof ZedError) throw e;
    throw new FormatError(`gzip: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

/** Decodes `stream` into batches of values in `ctx`. */
export async function* readValues(
  stream: ReadableStream<Uint8Array>,
  ctx: TypeContext,
  opts: InputOptions = {},
): AsyncGenerator<Batch> {
  const it = gzipErrorsAsFormatErrors(chunksOf(await maybeGunzip(stream)));
  let name: FormatName;
  const pending: Uint8Array[] = [];
  if (opts.format === undefined || opts.format === 'auto') {
    let prefix: Uint8Array = new Uint8Array(0);
    for (;;) {
      const r = await it.next();
      const complete = r.done === true;
      if (!complete) {
        pending.push(r.value);
        prefix = concat([prefix, r.value]);
      }
      const got = detectFormat(prefix, complete, opts);
      if (got !== 'more') {
        name = got;
        break;
      }
    }
  } else {
    const f = formatByName(opts.format);
    if (f === undefined) throw new InvalidError(`unknown format: "${opts.format}"`);
    name = f.name;
  }
  const f = formatByName(name)!;
  if (f.decoder === undefined) throw new InvalidError(`${name}: format cannot be read`);
  const dec = f.decoder(ctx, opts);
  async function* rest(): AsyncGenerator<Uint8Array> {
    yield* pending;
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      yield r.value;
    }
  }
  const filter = opts.searchTerm !== undefined && (name === 'json' || name === 'ndjson') ? linePrefilter(opts.searchTerm) : null;
  for await (const chunk of filter === null ? rest() : filter(rest())) {
    const vals = dec.push(chunk);
    if (vals.length > 0) yield vals;
  }
  const last = dec.end();
  if (last.length > 0) yield last;
}
