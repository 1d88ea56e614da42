// Fuzzing the binary readers: seeded random mutations of valid Arrow IPC
// streams and Parquet files (bit flips, overwritten bytes and length fields,
// truncation, insertion, duplicated and deleted runs). Every mutant must end
// in values or a ZedError whose message names the format, fast, whatever
// the chunking; never a hang, a crash or a library exception.
import { tableToIPC, vectorFromArray, Dictionary, Utf8, Int32, Table } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZedError } from '../../src/errors/index.js';
import type { Decoder } from '../../src/formats/codec.js';
import { ArrowsDecoder, ArrowsEncoder } from '../../src/formats/arrow/index.js';
import { ParquetDecoder, ParquetEncoder } from '../../src/formats/parquet/index.js';
import { TypeContext, type Value } from '../../src/zed/index.js';
import { parseZsonValue } from '../../src/zson/index.js';
import { decodeWith, encodeWith, rng, useParquetWasm, zsonLines } from './support.js';

beforeAll(() => useParquetWasm());

// ZLAKE_FUZZ_SCALE=10 (and ZLAKE_FUZZ_SEED) run a longer fuzz by hand; the default keeps the suite quick.
const SCALE = Number(process.env['ZLAKE_FUZZ_SCALE'] ?? 1);
const SEED = Number(process.env['ZLAKE_FUZZ_SEED'] ?? 0);

/** A mutant of `src`: one to three random edits. */
function mutate(src: Uint8Array, r: () => number): Uint8Array {
  let b: Uint8Array = src.slice();
  const pick = (n: number) => Math.floor(r() * n);
  const edits = 1 + pick(3);
  for (let e = 0; e < edits; e++) {
    const at = pick(Math.max(b.length, 1));
    switch (pick(8)) {
      case 0: // flip a bit
        b[at] = b[at]! ^ (1 << pick(8));
        break;
      case 1: // overwrite a byte
        b[at] = pick(256);
        break;
      case 2: {
        // a length-like field: an extreme 32-bit value
        const v = [0, 1, 0x7fffffff, 0xffffffff, 0x80000000, pick(1 << 16)][pick(6)]!;
        for (let i = 0; i < 4 && at + i < b.length; i++) b[at + i] = (v >>> (8 * i)) & 0xff;
        break;
      }
      case 3: // truncate
        b = b.slice(0, at);
        break;
      case 4: {
        // insert random bytes
        const ins = Uint8Array.from({ length: 1 + pick(16) }, () => pick(256));
        b = concat3(b.subarray(0, at), ins, b.subarray(at));
        break;
      }
      case 5: {
        // delete a run
        b = concat3(b.subarray(0, at), new Uint8Array(0), b.subarray(Math.min(b.length, at + 1 + pick(64))));
        break;
      }
      case 6: {
        // duplicate a run
        const run = b.slice(at, at + 1 + pick(256));
        b = concat3(b.subarray(0, at), run, b.subarray(at));
        break;
      }
      default: // zero a run
        b.fill(0, at, at + 1 + pick(32));
    }
  }
  return b;
}

function concat3(a: Uint8Array, b: Uint8Array, c: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length + c.length);
  out.set(a);
  out.set(b, a.length);
  out.set(c, a.length + b.length);
  return out;
}

interface Tally {
  values: number;
  errors: number;
  slowest: number;
}

/**
 * Runs `count` mutants of `valid` through fresh decoders. A mutant must end
 * in values or a ZedError naming `format`; anything else fails the test.
 */
function fuzz(format: string, valid: Uint8Array, make: () => Decoder, count: number, seed: number): Tally {
  count *= SCALE;
  seed += SEED;
  const r = rng(seed);
  const tally: Tally = { values: 0, errors: 0, slowest: 0 };
  for (let i = 0; i < count; i++) {
    const m = mutate(valid, r);
    const chunking = (['whole', 'random', 'bytes'] as const)[i % 3]!;
    const t0 = performance.now();
    try {
      decodeWith(make(), m, m.length > 20000 && chunking === 'bytes' ? 'random' : chunking, i);
      tally.values++;
    } catch (e) {
      if (!(e instanceof ZedError) || !e.message.startsWith(`${format}: `)) {
        throw new Error(`mutant ${i} (seed ${seed}) of ${format}: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`, { cause: e });
      }
      tally.errors++;
    }
    tally.slowest = Math.max(tally.slowest, performance.now() - t0);
  }
  return tally;
}

function sample(ctx: TypeContext): Value[] {
  return Array.from({ length: 300 }, (_, i) =>
    parseZsonValue(
      `{i:${i},s:"str${i % 17}",f:${i}.5,ok:${i % 3 === 0},t:2024-05-06T07:08:09.${String(i).padStart(9, '0')}Z,` +
        `a:[${i},${i + 1}],m:|{"k${i % 4}":${i}}|,r:{x:${i % 5 === 0 ? 'null(string)' : `"x${i}"`},y:[{z:${i}(uint16)}]},` +
        `u:${i % 2 === 0 ? `${i}` : `"u${i}"`}((int64,string)),d:${i}ms}`,
      ctx,
    ),
  );
}

describe('fuzzing the Arrow IPC stream reader', () => {
  const ctx = new TypeContext();
  const ours = encodeWith(new ArrowsEncoder(100), sample(ctx));
  const dict = tableToIPC(
    new Table({
      d: vectorFromArray(Array.from({ length: 200 }, (_, i) => (i % 7 === 0 ? null : `w${i % 9}`)), new Dictionary(new Utf8(), new Int32())),
      n: vectorFromArray(Array.from({ length: 200 }, (_, i) => i), new Int32()),
    }),
    'stream',
  );

  it('ends every mutant of a zlake stream in values or an "arrows:" error', () => {
    expect(zsonLines(decodeWith(new ArrowsDecoder(new TypeContext()), ours))).toHaveLength(300);
    const t = fuzz('arrows', ours, () => new ArrowsDecoder(new TypeContext()), 900, 42);
    expect(t.values + t.errors).toBe(900 * SCALE);
    expect(t.errors).toBeGreaterThan(100);
    expect(t.slowest).toBeLessThan(5000);
  });

  it('ends every mutant of a dictionary-encoded stream in values or an "arrows:" error', () => {
    const t = fuzz('arrows', dict, () => new ArrowsDecoder(new TypeContext()), 900, 7);
    expect(t.values + t.errors).toBe(900 * SCALE);
    expect(t.slowest).toBeLessThan(5000);
  });
});

describe('fuzzing the Parquet reader', () => {
  it('ends every mutant of a Parquet file in values or a "parquet:" error, and the engine survives', () => {
    const ctx = new TypeContext();
    const vals = sample(ctx).map((v) => parseZsonValue(`${zsonLines([v])[0]!.replace(/,u:.*$/, '}')}`, ctx));
    const file = encodeWith(new ParquetEncoder({ rowGroupRows: 100 }), vals);
    const t = fuzz('parquet', file, () => new ParquetDecoder(new TypeContext()), 600, 99);
    expect(t.values + t.errors).toBe(600 * SCALE);
    expect(t.errors).toBeGreaterThan(100);
    expect(t.slowest).toBeLessThan(5000);
    // After all that, a good file still reads.
    expect(zsonLines(decodeWith(new ParquetDecoder(new TypeContext()), file))).toEqual(zsonLines(vals));
  });
});
