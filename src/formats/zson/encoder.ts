// The ZSON output format: one value per line (zq -z) or pretty-printed with
// an indent size (zq -Z is 4), each value followed by a newline as
// zio/zsonio does. Type names are defined afresh in every value.

import type { Chunk, Encoder } from '../codec.js';
import type { Value } from '../../zed/index.js';
import { ZsonFormatter, TextBuffer } from '../../zson/index.js';

export interface ZsonEncoderOptions {
  /** Indent size; 0 (the default) writes one value per line. */
  pretty?: number;
  /** Type names to remember across values once defined (zq -persist). */
  persist?: RegExp;
}

export class ZsonEncoder implements Encoder {
  readonly #out = new TextBuffer(4096);
  readonly #formatter: ZsonFormatter;

  constructor(opts: ZsonEncoderOptions = {}) {
    this.#formatter = new ZsonFormatter(opts, this.#out);
  }

  /** Returns the batch's text as UTF-8 bytes (one copy of a reused buffer). */
  write(values: readonly Value[]): Chunk {
    const f = this.#formatter;
    const out = this.#out;
    out.reset();
    for (let i = 0; i < values.length; i++) {
      f.append(values[i]!);
      out.byte(0x0a);
    }
    return out.take();
  }

  end(): Chunk {
    return '';
  }
}
