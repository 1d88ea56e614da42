// Shared UTF-8 codecs. A TextDecoder is stateless when used without
// { stream: true }, so one instance serves every whole-buffer decode.

export const utf8Encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');
const fatalDecoder = new TextDecoder('utf-8', { fatal: true });

export function encodeUtf8(s: string): Uint8Array {
  return utf8Encoder.encode(s);
}

/** Decodes UTF-8, replacing invalid sequences with U+FFFD. */
export function decodeUtf8(b: Uint8Array): string {
  if (b.length < 16) {
    // Short ASCII strings are common (field values); skip the decoder call.
    let s = '';
    for (let i = 0; i < b.length; i++) {
      const c = b[i]!;
      if (c >= 0x80) return decoder.decode(b);
      s += String.fromCharCode(c);
    }
    return s;
  }
  return decoder.decode(b);
}

/** Decodes UTF-8 and throws a TypeError on invalid input. */
export function decodeUtf8Strict(b: Uint8Array): string {
  return fatalDecoder.decode(b);
}

/** Lexicographic byte comparison. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
