// Bytes as lower-case hex text and back, as Go's hex.EncodeToString and
// hex.DecodeString: ids, hashes, `bytes` values, the hex() function.

const BYTE_HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => (i < 16 ? '0' : '') + i.toString(16));

/** Lower-case hex of b[start:end]. */
export function encodeHex(b: Uint8Array, start = 0, end = b.length): string {
  let s = '';
  for (let i = start; i < end; i++) s += BYTE_HEX[b[i]!]!;
  return s;
}

/** The value of hex digit `c` (a char code, either case), or -1. */
function digitValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
}

/** The bytes of hex text (digits in either case, an even number of them), or null. */
export function decodeHex(s: string): Uint8Array | null {
  if (s.length % 2 !== 0) return null;
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = digitValue(s.charCodeAt(2 * i));
    const lo = digitValue(s.charCodeAt(2 * i + 1));
    if (hi < 0 || lo < 0) return null;
    out[i] = (hi << 4) | lo;
  }
  return out;
}
