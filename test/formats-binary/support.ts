// Helpers for the binary-format tests: the Parquet engine from node_modules,
// whole/chunked decoding, and encoding to one buffer.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Decoder, Encoder } from '../../src/formats/codec.js';
import { setParquetWasmLoader } from '../../src/formats/parquet/index.js';
import type { Value } from '../../src/zed/index.js';
import { formatValue } from '../../src/zson/index.js';

export function useParquetWasm(): void {
  setParquetWasmLoader(() => readFileSync(fileURLToPath(import.meta.resolve('parquet-wasm/esm/parquet_wasm_bg.wasm'))));
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export type Chunking = 'whole' | 'bytes' | 'random';

/** A seeded PRNG (mulberry32): the same run every time. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Feeds `bytes` to `dec` whole, one byte at a time, or in random chunks; returns every value. */
export function decodeWith(dec: Decoder, bytes: Uint8Array, chunking: Chunking = 'whole', seed = 1): Value[] {
  const out: Value[] = [];
  if (chunking === 'whole') {
    out.push(...dec.push(bytes));
  } else {
    const r = rng(seed);
    for (let i = 0; i < bytes.length; ) {
      const n = chunking === 'bytes' ? 1 : 1 + Math.floor(r() * 1000);
      out.push(...dec.push(bytes.subarray(i, i + n)));
      i += n;
    }
  }
  out.push(...dec.end());
  return out;
}

export function zsonLines(vals: readonly Value[]): string[] {
  return vals.map((v) => formatValue(v));
}

export function encodeWith(enc: Encoder, vals: readonly Value[]): Uint8Array {
  const te = new TextEncoder();
  const parts = [enc.write(vals), enc.end()].map((c) => (typeof c === 'string' ? te.encode(c) : c));
  return concat(parts);
}
