// The progress line of `zlake load` on a terminal, as Zed's `zed load`
// draws it (cmd/zed/load/command.go over pkg/display and gosuri/uilive):
// every half second, on stderr, the line written before is erased
// (cursor up, clear line) and rewritten as
//   (inputs done/inputs) read/total rate/s percent%
// or, when the total is unknown (stdin), `(done/n) read rate/s`. Sizes are
// Zed's abbreviations (pkg/units: decimal, `12.34MB`); the rate counts the
// bytes read in the last second (paulbellamy/ratecounter).
//
// Zed draws from a goroutine; here a worker thread draws
// (load-progress-worker.ts), reading counters the load thread keeps in
// shared memory, so the line moves on while the load thread sorts or
// writes an object.

import { Worker } from 'node:worker_threads';
import { abbrevBytes } from '../../src/index.js';

export { abbrevBytes };

/** uilive's erase of one line it wrote: cursor up one line, clear the line. */
export const ERASE_LINE = '\x1b[1A\x1b[2K';

/**
 * The counters of a load's inputs in shared memory: for input i, bytes read
 * at [2i] and 1 when it is read to its end at [2i+1]. Sizes are fixed.
 */
export interface ProgressState {
  readonly counters: SharedArrayBuffer;
  readonly sizes: readonly number[];
}

/** Draws the line from the counters: what the drawing thread runs. */
export class ProgressLine {
  readonly #cells: BigInt64Array;
  readonly #total: number;
  /** Increments of the last second (ratecounter's window). */
  readonly #window: { at: number; n: number }[] = [];
  #counted = 0;
  #lines = 0;

  constructor(
    private readonly state: ProgressState,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#cells = new BigInt64Array(state.counters);
    this.#total = state.sizes.reduce((a, b) => a + b, 0);
  }

  /** The line as Zed writes it, with its newline. */
  line(): string {
    let read = 0;
    let done = 0;
    for (let i = 0; i < this.state.sizes.length; i++) {
      read += Number(Atomics.load(this.#cells, 2 * i));
      if (Atomics.load(this.#cells, 2 * i + 1) !== 0n) done++;
    }
    const rate = this.#rate(read);
    const head = `(${done}/${this.state.sizes.length}) `;
    if (this.#total === 0) return `${head}${abbrevBytes(read)} ${abbrevBytes(rate)}/s\n`;
    return `${head}${abbrevBytes(read)}/${abbrevBytes(this.#total)} ${abbrevBytes(rate)}/s ${((read / this.#total) * 100).toFixed(2)}%\n`;
  }

  #rate(read: number): number {
    const t = this.now();
    if (read > this.#counted) this.#window.push({ at: t, n: read - this.#counted });
    this.#counted = read;
    while (this.#window.length > 0 && this.#window[0]!.at <= t - 1000) this.#window.shift();
    return this.#window.reduce((a, w) => a + w.n, 0);
  }

  /** The text that redraws the line in place (erasing the one drawn before). */
  redraw(): string {
    const text = this.line();
    const out = ERASE_LINE.repeat(this.#lines) + text;
    this.#lines = text.split('\n').length - 1;
    return out;
  }
}

/** The load thread's side: counts the inputs' bytes and runs the drawing thread. */
export class LoadProgress {
  readonly #cells: BigInt64Array;
  readonly #state: ProgressState;
  #worker: Worker | null = null;
  #next = 0;

  /** `sizes` of the inputs in bytes, 0 where unknown (stdin). */
  constructor(sizes: readonly number[]) {
    const counters = new SharedArrayBuffer(16 * Math.max(1, sizes.length));
    this.#cells = new BigInt64Array(counters);
    this.#state = { counters, sizes };
  }

  /** Counts the bytes of the next input as they are read. */
  count(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    const i = this.#next++;
    const cells = this.#cells;
    return stream.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          Atomics.add(cells, 2 * i, BigInt(chunk.length));
          controller.enqueue(chunk);
        },
        flush() {
          Atomics.store(cells, 2 * i + 1, 1n);
        },
      }),
    );
  }

  /** Starts drawing on stderr every `intervalMs` (Zed: half a second). */
  start(intervalMs = 500): void {
    // The worker's bundle (scripts/bundle-node.mjs) lies beside this module's build and the CLI's bundles.
    const here = import.meta.url;
    const script = new URL(here.endsWith('.ts') ? '../../dist/adapters/node/load-progress-worker.bundle.js' : './load-progress-worker.bundle.js', here);
    this.#worker = new Worker(script, { workerData: { state: this.#state, intervalMs } });
    this.#worker.unref();
  }

  /** Stops drawing after one last line (Zed's Display.Close). */
  async stop(): Promise<void> {
    const w = this.#worker;
    if (w === null) return;
    this.#worker = null;
    const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
    // Held by the process again until it has drawn its last line: an unref'd
    // worker alone does not keep the event loop alive, so the process would
    // end here, before the commit is said.
    w.ref();
    w.postMessage('stop');
    await exited;
  }
}
