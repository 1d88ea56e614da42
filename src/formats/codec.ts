// The contracts every format implements. Decoders are push-driven and keep
// state across chunks, so one core serves streams (any chunking, down to one
// byte) and whole buffers; encoders turn batches into output chunks.

import type { TypeContext, Value } from '../zed/index.js';

/** Turns bytes into values. A value may straddle any chunk boundary. */
export interface Decoder {
  /** Feeds the next chunk; returns the values it completed (possibly none). */
  push(chunk: Uint8Array): Value[];
  /** Ends the input; returns the last values, or throws on truncated input. */
  end(): Value[];
}

/** A piece of output: text (written as UTF-8) or bytes. */
export type Chunk = string | Uint8Array;

/** Turns values into output chunks. */
export interface Encoder {
  /** Encodes a batch; returns output (an empty string when nothing is due yet). */
  write(values: readonly Value[]): Chunk;
  /** Ends the output (end-of-stream markers, closing brackets, flushes). */
  end(): Chunk;
}

export interface DecoderOptions {
  /** CSV/TSV delimiter (zq's -csv.delim). */
  csvDelim?: string;
  /**
   * The top-level fields a query uses (see CompiledQuery.fields): a decoder
   * may leave the others out of top-level records (JSON and NDJSON do).
   */
  fields?: readonly string[];
  /**
   * The reader uses each batch's values only until it asks for the next
   * batch, and copies what it keeps (a load's run buffer does): a decoder
   * may then reuse their memory for the next batch (NDJSON does).
   */
  borrow?: boolean;
}

export interface EncoderOptions {
  /** ZSON/JSON indent: 0 = one value per line (zq's -pretty). */
  pretty?: number;
  /** ZNG: compress frames with LZ4 (default true). */
  compress?: boolean;
  /** ZNG: target uncompressed frame size in bytes. */
  frameThreshold?: number;
  /** Text formats: use color (never, here). */
  color?: boolean;
}

export type DecoderFactory = (ctx: TypeContext, opts: DecoderOptions) => Decoder;
export type EncoderFactory = (opts: EncoderOptions) => Encoder;
