// Joining byte chunks into one array.

/**
 * The chunks copied, in order, into one new array (never one of them: a
 * producer may reuse its buffers). `size`, when known, is their total length.
 */
export function concatBytes(parts: readonly Uint8Array[], size?: number): Uint8Array {
  let n = size ?? 0;
  if (size === undefined) for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}
