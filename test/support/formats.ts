// Helpers for format tests: values from ZSON, encoding through the registry,
// decoding with any chunking, and seeded chunk sizes.
import { useLocalParquetWasm } from '../../adapters/local/parquet-wasm.js';
import { formatByName, type Decoder } from '../../src/formats/index.js';
import { TypeContext, type Value } from '../../src/zed/index.js';
import { formatValue } from '../../src/zson/index.js';

const te = new TextEncoder();

/** Gives the engine what a runtime adapter provides (the Parquet module), as adapters/local does. */
export function useLocalEngines(): void {
  useLocalParquetWasm();
}

/** The values of a ZSON text, in a fresh type context unless one is given. */
export function zsonValues(text: string, ctx = new TypeContext()): Value[] {
  const dec = formatByName('zson')!.decoder!(ctx, {});
  return [...dec.push(te.encode(text)), ...dec.end()];
}

/** Encodes values with the registry's encoder for `format`; returns all output bytes. */
export function encodeAll(format: string, values: readonly Value[]): Uint8Array {
  const enc = formatByName(format)!.encoder!({ pretty: 0 });
  const parts = [enc.write(values), enc.end()].map((c) => (typeof c === 'string' ? te.encode(c) : c));
  return concatBytes(parts);
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

/** A small seeded generator (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Chunk sizes from 1 to `max` drawn from `seed`, enough to cover `total` bytes. */
export function randomSizes(seed: number, total: number, max: number): number[] {
  const rand = seededRandom(seed);
  const out: number[] = [];
  for (let n = 0; n < total; ) {
    const k = 1 + Math.floor(rand() * max);
    out.push(k);
    n += k;
  }
  return out;
}

/** Feeds `bytes` to `dec` in pieces of the given sizes (cycled); returns every value. */
export function decodeChunked(dec: Decoder, bytes: Uint8Array, sizes: readonly number[]): Value[] {
  const out: Value[] = [];
  let k = 0;
  for (let i = 0; i < bytes.length; ) {
    const n = sizes[k++ % sizes.length]!;
    out.push(...dec.push(bytes.subarray(i, i + n)));
    i += n;
  }
  out.push(...dec.end());
  return out;
}

/** Values as ZSON lines, to compare. */
export function zsonLines(values: readonly Value[]): string[] {
  return values.map((v) => formatValue(v));
}
