// The runtime's contract: a compiled pipeline pulls batches from its inputs
// and yields batches; the CLI, the lake and the service call through it.

import type { Batch, TypeContext } from '../zed/index.js';
import type { ChannelBatch } from './op/mux.js';

export interface Pipeline {
  /** The query's output channels, each once: `main` (when a leaf is not an output) first, then those of `output` and `debug`. */
  readonly channels: readonly string[];
  /**
   * Runs over the merged input and yields the batches of the main channel;
   * returning early stops upstream. (Other channels run, unread.)
   */
  run(input: AsyncIterable<Batch>, ctx: TypeContext): AsyncIterable<Batch>;
  /** Runs like run(), yielding the batches of every channel, tagged, and each channel's end. */
  runChannels(input: AsyncIterable<Batch>, ctx: TypeContext): AsyncIterable<ChannelBatch>;
}
