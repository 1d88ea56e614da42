// Zed map bodies are canonical: entries sorted by the key's zcode bytes (tag
// included) with repeated keys dropped, the first kept (zed.NormalizeMap).
// Arrow maps carry entries in any order, so the reader sorts them.

import { readElement } from '../../zed/index.js';
import { compareBytes } from '../../util/utf8.js';

const el = { start: 0, end: 0 };

/** The canonical form of a map body of key/value elements (the input itself when already so). */
export function normalizeMapBody(body: Uint8Array): Uint8Array {
  const spans: number[] = []; // key start, key end (= value start), entry end
  for (let off = 0; off < body.length; ) {
    const k = off;
    off = readElement(body, off, body.length, el);
    const v = off;
    off = readElement(body, off, body.length, el);
    spans.push(k, v, off);
  }
  const n = spans.length / 3;
  if (n < 2) return body;
  const key = (i: number) => body.subarray(spans[3 * i]!, spans[3 * i + 1]!);
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = compareBytes(key(i - 1), key(i)) < 0;
  if (sorted) return body;
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => compareBytes(key(a), key(b))); // stable: the first of equal keys stays first
  const out = new Uint8Array(body.length);
  let at = 0;
  let prev: Uint8Array | null = null;
  for (const i of order) {
    const k = key(i);
    if (prev !== null && compareBytes(prev, k) === 0) continue;
    prev = k;
    const entry = body.subarray(spans[3 * i]!, spans[3 * i + 2]!);
    out.set(entry, at);
    at += entry.length;
  }
  return out.subarray(0, at);
}
