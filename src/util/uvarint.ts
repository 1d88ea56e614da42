// Unsigned LEB128 varints (Go's binary.Uvarint), used by ZNG framing, zcode
// tags and type encodings. Values stay within 2^53 so plain numbers suffice.

/** Number of bytes `putUvarint` writes for `n`. */
export function uvarintSize(n: number): number {
  let size = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 128);
    size++;
  }
  return size;
}

/** Writes `n` at `buf[off]`; returns the offset after it. `buf` must have room. */
export function putUvarint(buf: Uint8Array, off: number, n: number): number {
  while (n >= 0x80) {
    buf[off++] = (n & 0x7f) | 0x80;
    n = Math.floor(n / 128);
  }
  buf[off++] = n;
  return off;
}

/**
 * Reads a uvarint at `buf[off]`. Returns the value and stores the next offset
 * in `out.pos`; returns -1 when the buffer ends first (so callers can wait
 * for more bytes) and -2 on a varint longer than 8 bytes.
 */
export function readUvarint(buf: Uint8Array, off: number, out: { pos: number }): number {
  let b = buf[off];
  if (b === undefined) return -1;
  if (b < 0x80) {
    out.pos = off + 1;
    return b;
  }
  let n = b & 0x7f;
  let mul = 128;
  for (let i = off + 1; ; i++) {
    b = buf[i];
    if (b === undefined) return -1;
    if (i - off > 8) return -2;
    n += (b & 0x7f) * mul;
    if (b < 0x80) {
      out.pos = i + 1;
      return n;
    }
    mul *= 128;
  }
}
