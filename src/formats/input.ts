// Opening an input byte stream as a stream of value batches: gunzip when the
// bytes are gzip (by their magic, lake-api §3.4), detect the format
// unless one is given, then decode. Detection reads a bounded prefix once and
// replays it into the decoder.

import { FormatError, InvalidError, ZedError } from '../errors/index.js';
import type { Batch, TypeContext } from '../zed/index.js';
import type { DecoderOptions } from './codec.js';
import { Detector, isGzip } from './detect.js';
import { formatByName, type FormatName } from './registry.js';
import { linePrefilter, type LineTerms } from './prefilter.js';
import { concatBytes } from '../util/concat.js';

export interface InputOptions extends DecoderOptions {
  /** A format name, or 'auto' (the default) to detect it. */
  format?: string;
  /** A search term: line-oriented JSON lines that cannot contain it are skipped unparsed. */
  searchTerm?: string;
  /** Raw-text terms a query's filter requires (clauses of alternatives): JSON lines without them are skipped unparsed. */
  terms?: LineTerms;
  /**
   * The stream is a whole file (zq's file operands), which Zed could seek in:
   * detection also tries Parquet and VNG, and looks further ahead (detect.ts).
   */
  seekable?: boolean;
  /** Overrides the detection look-ahead limit (tests). */
  detectLimit?: number;
  /**
   * Called with the size of each chunk after gunzip, before it is decoded;
   * throwing stops the read (a service's limit on inflated bytes).
   */
  onInput?: (n: number) => void;
}

/** Bytes looked at to tell gzip (the magic and the method). */
const GZIP_HEADER = 3;

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

const GZIP_MAGIC = [0x1f, 0x8b, 0x08];

/** Whether the bytes read so far are a prefix of gzip's magic and method. */
function couldBeGzip(head: readonly Uint8Array[]): boolean {
  let i = 0;
  for (const h of head) {
    for (let k = 0; k < h.length && i < GZIP_MAGIC.length; k++, i++) if (h[k] !== GZIP_MAGIC[i]) return false;
  }
  return true;
}

/** Reads the first bytes, and if they are gzip's magic and method, gunzips the stream. */
async function maybeGunzip(stream: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  const it = chunksOf(stream);
  const head: Uint8Array[] = [];
  let have = 0;
  let done = false;
  // Waits for more bytes only while those so far could begin gzip's header,
  // so a stream that trickles in (a pipe) is decoded as it comes.
  while (have < GZIP_HEADER && couldBeGzip(head)) {
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
  if (!isGzip(concatBytes(head))) return replay;
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

async function* counted(it: AsyncGenerator<Uint8Array>, onInput: (n: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of it) {
    onInput(chunk.length);
    yield chunk;
  }
}

/** The decoder for a format named by the user (zio/anyio/lookup.go). */
function namedFormat(name: string): FormatName {
  const f = formatByName(name);
  if (f?.decoder === undefined) throw new InvalidError(`no such format: "${name}"`);
  return f.name;
}

/** Reads chunks until the format is known; returns it and the bytes read. The trial decoders go with the detector. */
async function detect(it: AsyncGenerator<Uint8Array>, opts: InputOptions): Promise<{ name: FormatName; seen: Uint8Array }> {
  const detector = new Detector({
    ...(opts.seekable !== undefined ? { seekable: opts.seekable } : {}),
    ...(opts.detectLimit !== undefined ? { limit: opts.detectLimit } : {}),
  });
  let name: FormatName | null = null;
  while (name === null) {
    const r = await it.next();
    name = r.done === true ? detector.end() : detector.push(r.value);
  }
  return { name, seen: detector.seen };
}

/**
 * Decodes `stream` into batches of values in `ctx`: gunzipped when it is
 * gzip, in the format given or else detected over a bounded prefix.
 */
export async function* readValues(
  stream: ReadableStream<Uint8Array>,
  ctx: TypeContext,
  opts: InputOptions = {},
): AsyncGenerator<Batch> {
  const inflated = gzipErrorsAsFormatErrors(chunksOf(await maybeGunzip(stream)));
  const it = opts.onInput === undefined ? inflated : counted(inflated, opts.onInput);
  let name: FormatName;
  let pending: readonly Uint8Array[] = [];
  if (opts.format === undefined || opts.format === 'auto') {
    const found = await detect(it, opts);
    name = found.name;
    pending = [found.seen];
  } else {
    name = namedFormat(opts.format);
  }
  const dec = formatByName(name)!.decoder!(ctx, opts);
  async function* rest(): AsyncGenerator<Uint8Array> {
    yield* pending;
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      yield r.value;
    }
  }
  const wanted = opts.terms ?? opts.searchTerm;
  const filter = wanted !== undefined && (name === 'json' || name === 'ndjson') ? linePrefilter(wanted) : null;
  for await (const chunk of filter === null ? rest() : filter(rest())) {
    const vals = dec.push(chunk);
    if (vals.length > 0) yield vals;
  }
  const last = dec.end();
  if (last.length > 0) yield last;
}
