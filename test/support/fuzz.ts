// A seeded mutation fuzzer for readers: it takes a valid input and a decoder
// factory, makes mutants of the input (bit flips, truncations, insertions,
// deletions, duplicated ranges, boundary bytes), feeds each to a fresh
// decoder (whole or in random chunks) and requires every run to end in
// values or a clear error (a FormatError unless `accept` says otherwise)
// within a time limit. The same seed gives the same mutants, so a failure
// names the seed and mutant to replay.
//
// A decoder stuck in a loop cannot be interrupted from its own thread, so a
// watchdog thread kills the test process when one mutant runs past twice the
// limit; the test then fails instead of hanging, with the mutant named on
// stderr.
//
//   const report = fuzzDecoder(validBytes, () => new ZngDecoder(new TypeContext()), { seed: 7, runs: 500 });
import { Worker } from 'node:worker_threads';
import { FormatError } from '../../src/errors/index.js';
import type { Decoder } from '../../src/formats/codec.js';
import { seededRandom } from './formats.js';

export interface FuzzOptions {
  /** Seed of the mutant sequence (default 1). */
  seed?: number;
  /** How many mutants to try (default 300). */
  runs?: number;
  /** Longest a mutant may take to decode, in milliseconds (default 2000). */
  timeLimitMs?: number;
  /** Which errors count as clear (default: FormatError). */
  accept?: (err: unknown) => boolean;
  /** Values a run may yield before it is cut short, against runaway output (default 1e6). */
  maxValues?: number;
}

export interface FuzzReport {
  runs: number;
  /** Runs that ended in values without an error. */
  clean: number;
  /** Values decoded over all runs. */
  values: number;
  /** Errors by message (digits folded to '#'), with counts. */
  errors: Record<string, number>;
  /** The slowest run, in milliseconds. */
  slowestMs: number;
}

/** A failure: the mutant that broke the decoder, to replay. */
export class FuzzFailure extends Error {
  constructor(
    message: string,
    readonly seed: number,
    readonly run: number,
    readonly input: Uint8Array,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

type Rand = () => number;

function int(rand: Rand, n: number): number {
  return Math.floor(rand() * n);
}

const BOUNDARY = [0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff];

/** Applies one to three random mutations to a copy of `input`. */
export function mutate(input: Uint8Array, rand: Rand): Uint8Array {
  let b: Uint8Array = input.slice();
  const count = 1 + int(rand, 3);
  for (let m = 0; m < count; m++) {
    const n = b.length;
    switch (int(rand, 6)) {
      case 0: {
        // Flip bits in a few bytes.
        if (n === 0) break;
        const flips = 1 + int(rand, 4);
        for (let i = 0; i < flips; i++) b[int(rand, n)]! ^= 1 + int(rand, 255);
        break;
      }
      case 1:
        // Truncate.
        b = b.slice(0, int(rand, n + 1));
        break;
      case 2: {
        // Insert random bytes.
        const at = int(rand, n + 1);
        const ins = new Uint8Array(1 + int(rand, 16));
        for (let i = 0; i < ins.length; i++) ins[i] = int(rand, 256);
        b = concat([b.subarray(0, at), ins, b.subarray(at)]);
        break;
      }
      case 3: {
        // Delete a range.
        if (n === 0) break;
        const at = int(rand, n);
        const len = 1 + int(rand, Math.min(32, n - at));
        b = concat([b.subarray(0, at), b.subarray(at + len)]);
        break;
      }
      case 4: {
        // Duplicate a range somewhere else.
        if (n === 0) break;
        const from = int(rand, n);
        const len = 1 + int(rand, Math.min(64, n - from));
        const at = int(rand, n + 1);
        b = concat([b.subarray(0, at), b.slice(from, from + len), b.subarray(at)]);
        break;
      }
      default: {
        // Overwrite a byte with a boundary value (lengths, varints, tags).
        if (n === 0) break;
        b[int(rand, n)] = BOUNDARY[int(rand, BOUNDARY.length)]!;
      }
    }
  }
  return b;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

/** Decodes `bytes` whole (chunk 0) or in random chunks; returns the value count. */
function run(dec: Decoder, bytes: Uint8Array, rand: Rand | null, maxValues: number): number {
  let values = 0;
  for (let i = 0; i < bytes.length; ) {
    const n = rand === null ? bytes.length : 1 + int(rand, 97);
    values += dec.push(bytes.subarray(i, i + n)).length;
    if (values > maxValues) return values;
    i += n;
  }
  return values + dec.end().length;
}

const WATCHDOG = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const view = new Int32Array(workerData.sab);
const limit = workerData.limitMs * 2;
for (;;) {
  if (Atomics.load(view, 0) === 2) break;
  const gen = Atomics.load(view, 1);
  const r = Atomics.wait(view, 1, gen, limit);
  if (r === 'timed-out' && Atomics.load(view, 0) === 1 && Atomics.load(view, 1) === gen) {
    writeSync(2, 'fuzz: decoder hung on seed ' + workerData.seed + ', mutant ' + Atomics.load(view, 2) + ' (over ' + limit + ' ms); killing the test process\\n');
    process.kill(process.pid, 'SIGKILL');
  }
}
`;

/** Starts the watchdog; returns how to report progress and stop it. */
function watchdog(seed: number, limitMs: number): { start(run: number): void; idle(): void; stop(): void } {
  const sab = new SharedArrayBuffer(12);
  const view = new Int32Array(sab);
  const worker = new Worker(WATCHDOG, { eval: true, workerData: { sab, seed, limitMs } });
  worker.unref();
  return {
    start(run) {
      Atomics.store(view, 0, 1);
      Atomics.store(view, 2, run);
      Atomics.add(view, 1, 1);
      Atomics.notify(view, 1);
    },
    idle() {
      Atomics.store(view, 0, 0);
      Atomics.add(view, 1, 1);
      Atomics.notify(view, 1);
    },
    stop() {
      Atomics.store(view, 0, 2);
      Atomics.add(view, 1, 1);
      Atomics.notify(view, 1);
      void worker.terminate();
    },
  };
}

/**
 * Fuzzes the decoders `factory` makes with mutants of `valid`. Throws a
 * FuzzFailure for an unclear error, a run over the time limit, or a valid
 * input that does not decode; returns what the runs ended in.
 */
export function fuzzDecoder(valid: Uint8Array, factory: () => Decoder, opts: FuzzOptions = {}): FuzzReport {
  const seed = opts.seed ?? 1;
  const runs = opts.runs ?? 300;
  const limit = opts.timeLimitMs ?? 20_000;
  const accept = opts.accept ?? ((e: unknown) => e instanceof FormatError);
  const maxValues = opts.maxValues ?? 1_000_000;
  const report: FuzzReport = { runs, clean: 0, values: 0, errors: {}, slowestMs: 0 };
  try {
    run(factory(), valid, null, maxValues);
  } catch (e) {
    throw new FuzzFailure(`fuzz: the valid input does not decode: ${e instanceof Error ? e.message : String(e)}`, seed, -1, valid, {
      cause: e,
    });
  }
  const rand = seededRandom(seed);
  const dog = watchdog(seed, limit);
  try {
    for (let r = 0; r < runs; r++) {
      const input = mutate(valid, rand);
      const chunks = r % 2 === 1 ? seededRandom(seed * 7919 + r) : null;
      dog.start(r);
      const t0 = performance.now();
      try {
        report.values += run(factory(), input, chunks, maxValues);
        report.clean++;
      } catch (e) {
        if (!accept(e)) {
          const what = e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e);
          throw new FuzzFailure(`fuzz: seed ${seed}, mutant ${r}: not a clear error: ${what}`, seed, r, input, { cause: e });
        }
        const key = (e as Error).message.replace(/\d+/g, '#');
        report.errors[key] = (report.errors[key] ?? 0) + 1;
      } finally {
        dog.idle();
      }
      const ms = performance.now() - t0;
      report.slowestMs = Math.max(report.slowestMs, ms);
      if (ms > limit) throw new FuzzFailure(`fuzz: seed ${seed}, mutant ${r}: took ${ms.toFixed(0)} ms (limit ${limit})`, seed, r, input);
    }
  } finally {
    dog.stop();
  }
  return report;
}
