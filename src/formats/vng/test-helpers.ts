// Helpers for the VNG tests: ZSON in and out, chunked decoding, a counting
// source and a seeded random generator.

import type { TypeContext, Value } from '../../zed/index.js';
import { ZsonParser, formatValue } from '../../zson/index.js';
import { VngDecoder } from './decoder.js';
import { bytesSource, type VngSource } from './source.js';

/** Parses ZSON text holding any number of values. */
export function zsonValues(text: string, ctx: TypeContext): Value[] {
  const p = new ZsonParser(ctx);
  p.setText(text);
  const out: Value[] = [];
  p.parseValues(out);
  return out;
}

export function zsonText(values: readonly Value[]): string {
  return values.map((v) => `${formatValue(v)}\n`).join('');
}

/**
 * Where a and b first differ (-1: nowhere). For large arrays, in place of
 * toEqual: vitest compares (and on failure diffs) them element by element,
 * which took over a minute for 8 MB on a busy machine.
 */
export function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

/** A small seeded generator (LCG), so failures reproduce. */
export function rng(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

export type Chunking = 'whole' | 'bytes' | 'random';
export const chunkings: readonly Chunking[] = ['whole', 'bytes', 'random'];

/** Feeds `input` to a VngDecoder whole, a byte at a time or in random chunks. */
export function decodeChunked(input: Uint8Array, ctx: TypeContext, how: Chunking, seed = 7): Value[] {
  const d = new VngDecoder(ctx);
  const rand = rng(seed);
  const out: Value[] = [];
  for (let off = 0; off < input.length; ) {
    const n = how === 'whole' ? input.length : how === 'bytes' ? 1 : 1 + rand(64);
    for (const v of d.push(input.subarray(off, off + n))) out.push(v);
    off += n;
  }
  for (const v of d.end()) out.push(v);
  return out;
}

/** A source over bytes that answers asynchronously and counts what is read. */
export function countingSource(bytes: Uint8Array): VngSource & { reads: { offset: number; length: number }[]; bytesRead(): number } {
  const inner = bytesSource(bytes);
  const reads: { offset: number; length: number }[] = [];
  return {
    reads,
    bytesRead: () => reads.reduce((n, r) => n + r.length, 0),
    readAt(offset, length) {
      reads.push({ offset, length });
      return Promise.resolve(inner.readAt(offset, length) as Uint8Array);
    },
  };
}
