// Canonical set and map bodies (Zed's NormalizeSet and NormalizeMap in
// complex.go): elements sorted by their zcode bytes, tag included, with
// duplicates dropped. A map is ordered and deduplicated by its keys.

import { concatBytes } from '../../util/concat.js';
import { compareBytes } from '../../util/utf8.js';
import { readElement } from '../../zed/index.js';

const el = { start: 0, end: 0 };

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && compareBytes(a, b) === 0;
}

/** Sorts a set body's elements by their tag-and-body bytes and drops duplicates. */
export function normalizeSet(body: Uint8Array): Uint8Array {
  const elems: Uint8Array[] = [];
  for (let off = 0; off < body.length; ) {
    const start = off;
    off = readElement(body, off, body.length, el);
    elems.push(body.subarray(start, off));
  }
  if (elems.length < 2) return body;
  elems.sort(compareBytes);
  const out: Uint8Array[] = [elems[0]!];
  let total = elems[0]!.length;
  for (let i = 1; i < elems.length; i++) {
    const e = elems[i]!;
    if (!sameBytes(e, elems[i - 1]!)) {
      out.push(e);
      total += e.length;
    }
  }
  return concatBytes(out, total);
}

/** Sorts a map body's entries by their keys' tag-and-body bytes and drops duplicate keys. */
export function normalizeMap(body: Uint8Array): Uint8Array {
  const keys: Uint8Array[] = [];
  const entries: Uint8Array[] = [];
  for (let off = 0; off < body.length; ) {
    const start = off;
    off = readElement(body, off, body.length, el);
    const keyEnd = off;
    off = readElement(body, off, body.length, el);
    keys.push(body.subarray(start, keyEnd));
    entries.push(body.subarray(start, off));
  }
  if (entries.length < 2) return body;
  const order = keys.map((_, i) => i);
  order.sort((a, b) => compareBytes(keys[a]!, keys[b]!));
  const out: Uint8Array[] = [];
  let total = 0;
  for (let j = 0; j < order.length; j++) {
    const i = order[j]!;
    if (j > 0 && sameBytes(keys[i]!, keys[order[j - 1]!]!)) continue;
    out.push(entries[i]!);
    total += entries[i]!.length;
  }
  return concatBytes(out, total);
}
